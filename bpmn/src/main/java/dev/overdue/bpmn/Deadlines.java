package dev.overdue.bpmn;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.camunda.bpm.model.bpmn.instance.BoundaryEvent;
import org.camunda.bpm.model.bpmn.instance.EndEvent;
import org.camunda.bpm.model.bpmn.instance.EventDefinition;
import org.camunda.bpm.model.bpmn.instance.FlowNode;
import org.camunda.bpm.model.bpmn.instance.SendTask;
import org.camunda.bpm.model.bpmn.instance.ServiceTask;
import org.camunda.bpm.model.bpmn.instance.ScriptTask;
import org.camunda.bpm.model.bpmn.instance.TimerEventDefinition;
import org.camunda.bpm.model.bpmn.instance.UserTask;
import org.camunda.bpm.model.xml.instance.DomElement;

/**
 * A user task's timers as the step's completion deadlines (Camunda's boundary timers count from
 * the task's creation until it ends, as a completion deadline does). What the timer's branch does
 * becomes the escalation: a non-interrupting timer that leads to an end is a reminder (notify the
 * potential owners); an interrupting one that ends the process decides the task; one that leads
 * to another user task going where this one would have reassigns the task to that task's owners.
 * Camunda 7's timeout task listeners become reminders too: their code does not run in Overdue.
 */
final class Deadlines {
  private final ProcessModel model;
  private final Set<String> names = new HashSet<>();
  private final RequestTree.Sequence deadlines = new RequestTree.Sequence();

  private Deadlines(ProcessModel model) {
    this.model = model;
  }

  /** The deadlines of {@code task}, whose approve leads to {@code next}; empty when it has none. */
  static RequestTree.Sequence of(UserTask task, FlowNode next, ProcessModel model) {
    Deadlines deadlines = new Deadlines(model);
    for (BoundaryEvent boundary : model.boundaries(task)) {
      model.visit(boundary);
      deadlines.boundary(boundary, next);
    }
    for (DomElement extension : ProcessModel.extensions(task)) {
      if (ProcessModel.label(extension).equals("camunda:taskListener") && "timeout".equals(extension.getAttribute("event"))) {
        deadlines.timeoutListener(extension);
      }
    }
    return deadlines.deadlines;
  }

  private void boundary(BoundaryEvent boundary, FlowNode next) {
    List<EventDefinition> definitions = new ArrayList<>(boundary.getEventDefinitions());
    if (definitions.size() != 1 || !(definitions.get(0) instanceof TimerEventDefinition timer)) {
      String what = definitions.isEmpty() ? "no trigger" : ProcessModel.kind(definitions.get(0)).replace("EventDefinition", "");
      model.unmapped(boundary, "a " + what + " boundary event: of the events on a task Overdue has timers only", true);
      return;
    }
    boolean interrupting = boundary.cancelActivity();
    String described = "BPMN boundaryEvent " + quoted(boundary.getName()) + "(" + boundary.getId() + "): "
        + (interrupting ? "interrupting" : "non-interrupting") + " timer";
    Optional<Timer> written = Timer.of(timer);
    Optional<Timer.When> when = written.flatMap(t -> t.when(interrupting, model, "when the timer “" + name(boundary) + "” of the step “"
        + Steps.title((UserTask) boundary.getAttachedTo()) + "” fires"));
    if (when.isEmpty()) {
      model.unmapped(boundary, "its timer " + written.map(t -> t.kind() + " " + t.text().strip()).orElse("(empty)")
          + " is not a duration, a date or a cycle Overdue reads (an expression is mapped when it is a plain variable)", true);
      return;
    }
    Optional<String> beyond = written.get().beyondOverdue(interrupting);
    if (beyond.isPresent()) {
      model.unmapped(boundary, beyond.get(), true);
      model.outgoing(boundary).forEach(flow -> model.visitFrom(flow.getTarget()));
      return;
    }
    described += ", " + written.get().kind() + " " + written.get().text().strip();
    Optional<RequestTree.Sequence> escalations = escalations(boundary, interrupting, next);
    if (escalations.isEmpty()) {
      return;
    }
    add(boundary.getId(), boundary.getName(), when.get(), escalations.get(), described);
  }

  private Optional<RequestTree.Sequence> escalations(BoundaryEvent boundary, boolean interrupting, FlowNode next) {
    if (!interrupting && model.outgoing(boundary).isEmpty()) {
      // Valid BPMN: the timer's token ends where it fires, as if it led straight to an end event.
      return Optional.of(new RequestTree.Sequence().add(reminder(), "no outgoing flow: its token ends there, as at an end event"));
    }
    if (model.outgoing(boundary).size() != 1) {
      model.unmapped(boundary, "it leaves by " + model.outgoing(boundary).size() + " flows: a deadline's escalations are one branch", true);
      return Optional.empty();
    }
    List<FlowNode> passed = new ArrayList<>();
    FlowNode node = model.follow(model.outgoing(boundary).get(0).getTarget());
    while (node instanceof SendTask || node instanceof ServiceTask || node instanceof ScriptTask) {
      model.visit(node);
      passed.add(node);
      if (model.outgoing(node).size() != 1) {
        break;
      }
      node = model.follow(model.outgoing(node).get(0).getTarget());
    }
    RequestTree.Sequence actions = new RequestTree.Sequence();
    if (!interrupting && node instanceof EndEvent end) {
      model.visit(end);
      for (FlowNode task : passed) {
        model.unmapped(task, "replaced by Overdue's reminder, a notification to the task's potential owners: its own work does not run", false);
      }
      return Optional.of(actions.add(reminder()));
    }
    if (interrupting && passed.isEmpty() && node instanceof EndEvent end) {
      model.visit(end);
      Ends.check(end, model);
      String result = Ends.result(end);
      return Optional.of(actions.add(new RequestTree.Mapping().put("action", "decide").put("outcome", result),
          "BPMN endEvent " + quoted(end.getName()) + "(" + end.getId() + "): the timer ends the process, so it decides the task: " + result));
    }
    if (interrupting && passed.isEmpty() && node instanceof UserTask other && !model.visited(other)) {
      return reassign(boundary, other, next).map(actions::add);
    }
    for (FlowNode task : passed) {
      model.unmapped(task, Walk.unmappedReason(task), true);
    }
    model.visitFrom(node);
    model.unmapped(boundary, "its branch leads to a " + ProcessModel.kind(node) + " (" + node.getId() + ")"
        + (interrupting ? ": an interrupting timer maps when it ends the process or hands the task to another user task"
            : ": a non-interrupting timer maps when its branch only ends (a reminder)"), true);
    return Optional.empty();
  }

  private Optional<RequestTree.Mapping> reassign(BoundaryEvent boundary, UserTask other, FlowNode next) {
    model.visit(other);
    FlowNode after = model.onlyOutgoing(other).map(flow -> model.follow(flow.getTarget())).orElse(null);
    if (after == null || next == null || !after.getId().equals(next.getId())) {
      model.outgoing(other).forEach(flow -> model.visitFrom(flow.getTarget()));
      model.unmapped(other, "reached by the timer " + boundary.getId() + " but it does not lead where " + boundary.getAttachedTo().getId()
          + " does: a reassignment hands the same task to others", true);
      return Optional.empty();
    }
    TaskAttributes attributes = TaskAttributes.of(other);
    List<String> owners = new ArrayList<>();
    for (TaskAttributes.Value value : List.of(attributes.assignee(), attributes.candidateUsers(), attributes.candidateGroups())) {
      if (value.given()) {
        Optional<List<String>> names = Expressions.names(value.text());
        if (names.isEmpty()) {
          model.unmapped(other, value.source() + " " + value.text().strip() + " is an expression: a reassignment names users and groups", true);
          return Optional.empty();
        }
        names.get().stream().filter(name -> !owners.contains(name)).forEach(owners::add);
      }
    }
    if (owners.isEmpty()) {
      model.unmapped(other, "it names nobody to reassign the task to", true);
      return Optional.empty();
    }
    for (BoundaryEvent own : model.boundaries(other)) {
      model.visit(own);
      model.unmapped(own, "a timer on " + other.getId() + ", which became a reassignment: it has no task of its own to time", true);
    }
    return Optional.of(new RequestTree.Mapping().put("action", "reassign").put("to", RequestTree.Sequence.of(owners)));
  }

  private void timeoutListener(DomElement listener) {
    String id = listener.getAttribute("id");
    List<DomElement> timers = listener.getChildElements().stream().filter(e -> e.getLocalName().equals("timerEventDefinition")).toList();
    Optional<Timer> written = timers.isEmpty() ? Optional.empty() : Timer.of(timers.get(0));
    String where = id == null ? "timeout listener" : id;
    Optional<Timer.When> when = written.flatMap(t -> t.when(false, model, "when the timeout listener " + where + " fires"));
    if (when.isEmpty()) {
      model.unmapped(where, "camunda:taskListener", "its timer is not a duration, a date or a cycle Overdue reads", true);
      return;
    }
    Optional<String> beyond = written.get().beyondOverdue(false);
    if (beyond.isPresent()) {
      model.unmapped(where, "camunda:taskListener", beyond.get(), true);
      return;
    }
    model.unmapped(where, "camunda:taskListener", "its code (" + code(listener) + ") does not run: when its timer fires Overdue notifies the task's potential owners", false);
    RequestTree.Sequence actions = new RequestTree.Sequence().add(reminder());
    add(id, null, when.get(), actions, "camunda:taskListener event=\"timeout\" (" + where + "), " + written.get().kind() + " " + written.get().text().strip());
  }

  /** A reminder: a notification to whoever the task waits for. */
  private static RequestTree.Mapping reminder() {
    return new RequestTree.Mapping().put("action", "notify").put("to", RequestTree.Sequence.of(List.of("potentialOwners")));
  }

  private static String code(DomElement listener) {
    for (String attribute : List.of("class", "expression", "delegateExpression")) {
      if (listener.getAttribute(attribute) != null) {
        return attribute + " " + listener.getAttribute(attribute);
      }
    }
    return "a script";
  }

  private void add(String id, String name, Timer.When when, RequestTree.Sequence escalations, String described) {
    String deadline = Names.of(id, name, names);
    names.add(deadline);
    RequestTree.Mapping mapping = new RequestTree.Mapping().put("name", deadline).put(when.field(), when.value(), when.note());
    mapping.put("escalations", escalations);
    deadlines.add(mapping, described);
  }

  private static String name(BoundaryEvent boundary) {
    return boundary.getName() == null ? boundary.getId() : Names.text(boundary.getName());
  }

  private static String quoted(String name) {
    return name == null ? "" : "\"" + Names.text(name) + "\" ";
  }
}
