package dev.overdue.model;

import dev.overdue.api.ApprovalRequest.StepDefinition;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The four-eyes principle for one step: who may not act on it although they are among its
 * potential owners. {@code notBy: [requester]} keeps the requester off their own request; {@code
 * distinctFrom: [step]} keeps whoever decided an earlier step off this one, so no one person
 * decides two steps; {@code excludedOwners} (WS-HumanTask's excluded owners: users or groups, looked
 * up in the worker's directory when the task is created, into {@code excludedUsers}) keeps those
 * people off it whatever the groups say. It is checked for every task action by a user (claim,
 * start, approve, reject, complete), with or without signed commands; timers and the system's own
 * actions are not users and are never refused by it.
 */
public record SeparationOfDuties(
    List<String> notBy, List<String> distinctFrom, List<String> excludedOwners, List<String> excludedUsers) {
  /** The one role {@code notBy} names today: the approval's requester. */
  public static final String REQUESTER = "requester";

  public static final SeparationOfDuties NONE = new SeparationOfDuties(List.of(), List.of());

  public SeparationOfDuties {
    notBy = notBy == null ? List.of() : List.copyOf(notBy);
    distinctFrom = distinctFrom == null ? List.of() : List.copyOf(distinctFrom);
    excludedOwners = excludedOwners == null ? List.of() : List.copyOf(excludedOwners);
    excludedUsers = excludedUsers == null ? null : List.copyOf(excludedUsers);
  }

  /** Before excluded owners. */
  public SeparationOfDuties(List<String> notBy, List<String> distinctFrom) {
    this(notBy, distinctFrom, null, null);
  }

  static SeparationOfDuties of(StepDefinition step) {
    return new SeparationOfDuties(step.notBy(), step.distinctFrom(), step.excludedOwners(), null);
  }

  /** Its excluded owners name people the directory has yet to say who they are. */
  boolean awaitsDirectory() {
    return !excludedOwners.isEmpty() && excludedUsers == null;
  }

  /** These rules, with the excluded owners' names resolved into {@code users}. */
  SeparationOfDuties withExcludedUsers(List<String> users) {
    return new SeparationOfDuties(notBy, distinctFrom, excludedOwners, users);
  }

  /** Whether {@code user} is one of the step's excluded owners, as far as known now. */
  boolean excludes(String user) {
    return excludedOwners.contains(user) || (excludedUsers != null && excludedUsers.contains(user));
  }

  /** Why {@code user} may not act on {@code step} of {@code process}; empty when they may. */
  Optional<String> refusal(String user, String step, ApprovalProcess process) {
    if (excludes(user)) {
      return Optional.of(Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " is an excluded owner of step " + step
          + " (excludedOwners: " + Texts.list(excludedOwners) + ")");
    }
    if (awaitsDirectory()) {
      return Optional.of("step " + step + ": its excluded owners (" + Texts.list(excludedOwners)
          + ") are being looked up in the directory: try again in a moment");
    }
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
    if (notBy.isEmpty() && distinctFrom.isEmpty() && excludedOwners.isEmpty()) {
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
