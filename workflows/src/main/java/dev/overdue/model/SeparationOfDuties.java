package dev.overdue.model;

import dev.overdue.api.ApprovalRequest.StepDefinition;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The four-eyes principle for one step: who may not act on it although they are among its
 * potential owners. {@code notBy: [requester]} keeps the requester off their own request; {@code
 * distinctFrom: [step]} keeps whoever decided an earlier step off this one, so no one person
 * decides two steps. As WS-HumanTask's excluded owners, it is checked for every task action by a
 * user (claim, start, approve, reject, complete), with or without signed commands; timers and the
 * system's own actions are not users and are never refused by it.
 */
public record SeparationOfDuties(List<String> notBy, List<String> distinctFrom) {
  /** The one role {@code notBy} names today: the approval's requester. */
  public static final String REQUESTER = "requester";

  public static final SeparationOfDuties NONE = new SeparationOfDuties(List.of(), List.of());

  public SeparationOfDuties {
    notBy = notBy == null ? List.of() : List.copyOf(notBy);
    distinctFrom = distinctFrom == null ? List.of() : List.copyOf(distinctFrom);
  }

  static SeparationOfDuties of(StepDefinition step) {
    return new SeparationOfDuties(step.notBy(), step.distinctFrom());
  }

  /** Why {@code user} may not act on {@code step} of {@code process}; empty when they may. */
  Optional<String> refusal(String user, String step, ApprovalProcess process) {
    if (notBy.contains(REQUESTER) && user.equals(process.requester())) {
      return Optional.of(Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " requested this approval and may not act on"
          + " step " + step + " (notBy: requester)");
    }
    for (String earlier : distinctFrom) {
      Optional<String> decider = process.stepNamed(earlier).flatMap(UserTask::decidedBy);
      if (decider.isPresent() && decider.get().equals(user)) {
        return Optional.of(Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " decided step " + earlier
            + " and may not act on step " + step + " too (distinctFrom: " + earlier + ")");
      }
    }
    return Optional.empty();
  }

  /**
   * Those of {@code users} these rules keep off {@code step} of {@code process} now, in their order:
   * whom a claim or a decision by them would be refused for (four eyes).
   */
  List<String> excluded(List<String> users, String step, ApprovalProcess process) {
    if (notBy.isEmpty() && distinctFrom.isEmpty()) {
      return List.of();
    }
    return users.stream().filter(user -> refusal(user, step, process).isPresent()).toList();
  }

  /**
   * A request's problems with these rules: {@code notBy} names known roles; {@code distinctFrom}
   * names earlier steps (a decision that comes later cannot be known when this step is decided);
   * and the step must leave someone who may act, when its owners are all named in the request.
   */
  static void problems(
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
