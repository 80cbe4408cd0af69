package dev.overdue.bpmn;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.camunda.bpm.model.bpmn.instance.EndEvent;
import org.camunda.bpm.model.bpmn.instance.FlowNode;
import org.camunda.bpm.model.bpmn.instance.UserTask;

/**
 * A step's named outcomes, from its decision's branches that neither approve nor reject: each
 * leads forward to a later step ({@code next}) or ends the approval ({@code end}, read from the end
 * event as {@link Ends} does). A rejection must end the approval, as Overdue's reject does.
 */
final class Outcomes {
  private Outcomes() {}

  /** The outcomes of the step at {@code index} of {@code stops}; {@code names}: the steps' names by task id. */
  static RequestTree.Sequence of(List<Walk.Stop> stops, int index, Map<String, String> names, ProcessModel model) {
    Decision decision = stops.get(index).decision();
    RequestTree.Sequence outcomes = new RequestTree.Sequence();
    if (decision.reject() != null && !(decision.reject() instanceof EndEvent)) {
      model.unmapped(decision.reject(), "a rejection leads here: in Overdue a rejected step ends the approval REJECTED", true);
    } else if (decision.reject() instanceof EndEvent end) {
      model.visit(end);
      Ends.check(end, model);
    }
    Set<String> used = new LinkedHashSet<>();
    for (Decision.Outcome outcome : decision.outcomes()) {
      FlowNode target = outcome.target();
      String name = Names.of(outcome.name(), null, used);
      used.add(name);
      RequestTree.Mapping mapping = new RequestTree.Mapping().put("name", name);
      if (target instanceof EndEvent end) {
        model.visit(end);
        Ends.check(end, model);
        mapping.put("end", Ends.result(end));
      } else if (target instanceof UserTask next && later(stops, index, next)) {
        mapping.put("next", names.get(next.getId()));
      } else {
        model.unmapped(outcome.flow(), "it leads to " + target.getId() + ", which is not a later step on the path: Overdue's outcomes lead forward to a step or end the approval", true);
        continue;
      }
      outcomes.add(mapping, "BPMN sequenceFlow " + outcome.flow().getId());
    }
    return outcomes;
  }

  private static boolean later(List<Walk.Stop> stops, int index, UserTask task) {
    for (int i = index + 1; i < stops.size(); i++) {
      if (stops.get(i).task().getId().equals(task.getId())) {
        return true;
      }
    }
    return false;
  }
}
