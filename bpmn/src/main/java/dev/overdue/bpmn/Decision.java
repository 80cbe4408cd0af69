package dev.overdue.bpmn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.camunda.bpm.model.bpmn.instance.ConditionExpression;
import org.camunda.bpm.model.bpmn.instance.ExclusiveGateway;
import org.camunda.bpm.model.bpmn.instance.FlowNode;
import org.camunda.bpm.model.bpmn.instance.SequenceFlow;

/**
 * What a user task's decision leads to: where approve goes, where reject goes (an end, as Overdue
 * ends a rejected approval), and its named outcomes. Without a gateway after the task, approve
 * goes where the task's one flow does. An exclusive gateway right after it maps when every branch
 * tests the same variable (the task's outcome): true approves and false rejects; a text's value
 * is approve or reject when it says so, else a named outcome; the default flow takes the branch
 * no condition names.
 */
record Decision(FlowNode approve, FlowNode reject, List<Outcome> outcomes, String variable) {
  /** No decision: a task whose flow the walk cannot follow (reported). */
  static final Decision NONE = new Decision(null, null, List.of(), null);

  /** A named outcome and where it leads. */
  record Outcome(String name, FlowNode target, SequenceFlow flow) {}

  private static final Set<String> APPROVE = Set.of("approve", "approved", "accept", "accepted", "yes", "ok");
  private static final Set<String> REJECT = Set.of("reject", "rejected", "decline", "declined", "deny", "denied", "no");

  /** The decision at {@code next}, where the task's one flow leads; empty when it does not map (reported). */
  static Optional<Decision> at(FlowNode next, ProcessModel model) {
    if (!(next instanceof ExclusiveGateway gateway) || model.outgoing(next).size() < 2) {
      return Optional.of(new Decision(next, null, List.of(), null));
    }
    model.visit(gateway);
    String variable = null;
    FlowNode approve = null;
    FlowNode reject = null;
    SequenceFlow otherwise = null;
    List<Outcome> outcomes = new ArrayList<>();
    for (SequenceFlow flow : model.outgoing(gateway)) {
      if (flow.equals(gateway.getDefault())) {
        otherwise = flow;
        continue;
      }
      ConditionExpression expression = flow.getConditionExpression();
      Optional<Condition> condition =
          expression == null ? Optional.empty() : Condition.read(expression.getTextContent());
      if (condition.isEmpty() || (variable != null && !variable.equals(condition.get().variable()))) {
        model.unmapped(flow, expression == null
            ? "a branch with no condition that is not the gateway's default: Overdue cannot tell when it is taken"
            : "its condition " + expression.getTextContent().strip() + " does not test the task's outcome"
                + (variable == null ? "" : " (" + variable + ") as the gateway's other branches do"), true);
        return Optional.empty();
      }
      variable = condition.get().variable();
      FlowNode target = model.follow(flow.getTarget());
      String branch = branch(condition.get());
      if (branch.equals("approve") && approve == null) {
        approve = target;
      } else if (branch.equals("reject") && reject == null) {
        reject = target;
      } else {
        outcomes.add(new Outcome(Names.slug(condition.get().text() == null ? branch : condition.get().text()), target, flow));
      }
    }
    if (otherwise != null) {
      FlowNode target = model.follow(otherwise.getTarget());
      if (approve == null) {
        approve = target;
      } else if (reject == null) {
        reject = target;
      } else {
        outcomes.add(new Outcome(Names.slug(otherwise.getName() == null ? "otherwise" : otherwise.getName()), target, otherwise));
      }
    }
    if (approve == null) {
      model.unmapped(gateway, "no branch is taken on approve (a true value, or a text such as 'approved', or the default flow): "
          + "in Overdue an approved step leads on to the next", true);
      return Optional.empty();
    }
    return Optional.of(new Decision(approve, reject, outcomes, variable));
  }

  private static String branch(Condition condition) {
    if (condition.flag() != null) {
      return condition.flag() ? "approve" : "reject";
    }
    String text = condition.text().toLowerCase(Locale.ROOT);
    return APPROVE.contains(text) ? "approve" : REJECT.contains(text) ? "reject" : "outcome";
  }
}
