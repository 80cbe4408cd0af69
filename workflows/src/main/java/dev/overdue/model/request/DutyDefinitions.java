package dev.overdue.model.request;

import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.model.Texts;
import java.util.List;
import java.util.function.Consumer;

/**
 * A step's four-eyes rules as the request writes them ({@code notBy}, {@code distinctFrom},
 * {@code excludedOwners}) and their problems; the task's {@code SeparationOfDuties} applies them.
 */
public final class DutyDefinitions {
  /** The one role {@code notBy} names today: the approval's requester. */
  public static final String REQUESTER = "requester";

  private DutyDefinitions() {}

  /**
   * A request's problems with these rules: {@code notBy} names known roles; {@code distinctFrom}
   * names earlier steps (a decision that comes later cannot be known when this step is decided);
   * and the step must leave someone who may act, when its owners are all named in the request.
   */
  public static void problems(
      String at, StepDefinition step, int index, List<StepDefinition> steps, String requester,
      Consumer<String> problems) {
    for (String role : step.notBy()) {
      if (!REQUESTER.equals(role)) {
        problems.accept(at + ".notBy: " + Texts.quote(role) + " is not a role (roles: " + REQUESTER + ")");
      }
    }
    for (String name : step.distinctFrom()) {
      int earlier = RequestValidator.stepIndex(steps, name);
      if (earlier < 0 || earlier >= index) {
        problems.accept(at + ".distinctFrom: " + Texts.quote(name) + " is not an earlier step"
            + (earlier == index ? " (a step cannot be distinct from itself)" : ""));
      }
    }
    StepOwnerDefinitions.names(at + ".excludedOwners", "excluded owner", step.excludedOwners(), problems);
    if (step.assignee() != null && step.excludedOwners().contains(step.assignee())) {
      problems.accept(at + ".assignee: " + Texts.quote(step.assignee()) + " is an excluded owner of this step");
    }
    if (!step.excludedOwners().isEmpty() && step.candidateGroups().isEmpty() && step.assignee() == null
        && !step.approvers().isEmpty() && step.excludedOwners().containsAll(step.approvers())) {
      problems.accept(at + ".approvers: every approver is an excluded owner: no one could decide it");
    }
    if (step.notBy().contains(REQUESTER) && requester != null) {
      if (requester.equals(step.assignee())) {
        problems.accept(at + ".assignee: " + Texts.quote(requester)
            + " is the requester, whom notBy: [requester] keeps off this step");
      } else if (step.candidateGroups().isEmpty() && step.assignee() == null
          && !step.approvers().isEmpty() && step.approvers().stream().allMatch(requester::equals)) {
        problems.accept(at + ".approvers: only the requester, whom notBy: [requester] keeps off this"
            + " step: no one could decide it");
      }
    }
  }
}
