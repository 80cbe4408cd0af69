package dev.overdue.bpmn;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.camunda.bpm.model.bpmn.instance.EndEvent;
import org.camunda.bpm.model.bpmn.instance.FlowNode;
import org.camunda.bpm.model.bpmn.instance.SequenceFlow;
import org.camunda.bpm.model.bpmn.instance.StartEvent;
import org.camunda.bpm.model.bpmn.instance.SubProcess;
import org.camunda.bpm.model.bpmn.instance.UserTask;

/**
 * The path from the start event to an end through user tasks, which becomes the request's steps in
 * order: each task's approve leads to the next, as an Overdue step's approve does. An element on
 * that path the import does not map is reported as blocking and walked past when it passes the
 * flow on, so a partial request keeps the tasks after it.
 */
final class Walk {
  private Walk() {}

  /** A task on the path and its decision. */
  record Stop(UserTask task, Decision decision) {}

  /** The start event: the process's one start event without a trigger. */
  static Optional<StartEvent> start(ProcessModel model) {
    List<StartEvent> plain = new ArrayList<>();
    for (StartEvent start : model.process.getChildElementsByType(StartEvent.class)) {
      if (start.getEventDefinitions().isEmpty()) {
        plain.add(start);
      } else {
        model.visit(start);
        model.unmapped(start, "a start event with a trigger (" + ProcessModel.kind(start.getEventDefinitions().iterator().next())
            + "): an approval starts when bin/overdue start, the task API or a client starts it", true);
      }
    }
    if (plain.size() != 1) {
      return Optional.empty();
    }
    model.visit(plain.get(0));
    return Optional.of(plain.get(0));
  }

  /** The user tasks from {@code start} on, in order. */
  static List<Stop> from(StartEvent start, ProcessModel model) {
    List<Stop> stops = new ArrayList<>();
    FlowNode node = next(start, model);
    while (node != null) {
      if (node instanceof EndEvent end) {
        model.visit(end);
        Ends.check(end, model);
        break;
      }
      if (node instanceof UserTask task) {
        if (model.visited(task)) {
          model.unmapped(task, "the path leads back to it: Overdue's steps run once each, in order", true);
          break;
        }
        model.visit(task);
        Optional<FlowNode> after = model.onlyOutgoing(task).map(flow -> model.follow(flow.getTarget()));
        if (after.isEmpty()) {
          model.unmapped(task, "it leaves by " + model.outgoing(task).size() + " flows: Overdue's steps follow one another", true);
          stops.add(new Stop(task, Decision.NONE));
          break;
        }
        Optional<Decision> decision = Decision.at(after.get(), model);
        stops.add(new Stop(task, decision.orElse(Decision.NONE)));
        node = decision.map(Decision::approve).orElse(null);
        continue;
      }
      model.visit(node);
      model.unmapped(node, unmappedReason(node), true);
      node = model.outgoing(node).size() == 1 ? next(node, model) : null;
    }
    return stops;
  }

  private static FlowNode next(FlowNode node, ProcessModel model) {
    List<SequenceFlow> outgoing = model.outgoing(node);
    if (outgoing.size() != 1) {
      if (outgoing.size() > 1) {
        model.unmapped(node, "it leaves by " + outgoing.size() + " flows at once: Overdue's steps follow one another", true);
      }
      return null;
    }
    return model.follow(outgoing.get(0).getTarget());
  }

  /** Why an element met on the path does not map. */
  static String unmappedReason(FlowNode node) {
    String kind = ProcessModel.kind(node);
    return switch (kind) {
      case "serviceTask", "scriptTask", "businessRuleTask", "sendTask" ->
          "work a program does: Overdue runs people's steps; run it from a listener's notification or your own Temporal workflow";
      case "receiveTask", "intermediateCatchEvent" -> "a wait for a message or a time between steps: Overdue's steps follow one another";
      case "manualTask", "task" -> "a task with no one to act on it: Overdue's steps are user tasks";
      case "callActivity" -> "a call of another process: import that process on its own";
      case "parallelGateway", "inclusiveGateway", "eventBasedGateway", "complexGateway" ->
          "paths that run side by side or by events: Overdue's steps follow one another";
      case "exclusiveGateway" -> "a choice that does not come right after a user task: Overdue decides only on a step's outcome";
      default ->
          node instanceof SubProcess ? "a subprocess: Overdue's steps are one flat sequence" : "Overdue has no counterpart for a " + kind;
    };
  }
}
