package dev.overdue.bpmn;

import java.util.Locale;
import org.camunda.bpm.model.bpmn.instance.EndEvent;
import org.camunda.bpm.model.bpmn.instance.EventDefinition;
import org.camunda.bpm.model.bpmn.instance.TerminateEventDefinition;

/**
 * End events: an approval ends APPROVED or REJECTED. A timer or an outcome that ends the process
 * decides the task; which of the two it decides is read from the end event's name or id, since
 * BPMN says only that the process ends there.
 */
final class Ends {
  private Ends() {}

  /** APPROVED when the end event's name or id says approved (and not "not approved"), else REJECTED. */
  static String result(EndEvent end) {
    String words = ((end.getName() == null ? "" : end.getName()) + " " + end.getId()).toLowerCase(Locale.ROOT);
    boolean approved = words.matches(".*(approv|accept|grant|paid|complet).*")
        && !words.matches(".*(not[ _-]?approv|unapprov|disapprov|reject|declin|expir|denied|cancel).*");
    return approved ? "APPROVED" : "REJECTED";
  }

  /** Reports an end event that throws something (an error, a message): Overdue's approvals just end. */
  static void check(EndEvent end, ProcessModel model) {
    for (EventDefinition definition : end.getEventDefinitions()) {
      if (!(definition instanceof TerminateEventDefinition)) {
        model.unmapped(end, "it throws a " + ProcessModel.kind(definition).replace("EventDefinition", "")
            + " as the process ends: an Overdue approval just ends, APPROVED or REJECTED", true);
      }
    }
  }
}
