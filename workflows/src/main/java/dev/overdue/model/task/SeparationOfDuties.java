package dev.overdue.model.task;

import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.model.Texts;
import dev.overdue.model.request.DutyDefinitions;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

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
  public static final String REQUESTER = DutyDefinitions.REQUESTER;

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

  public static SeparationOfDuties of(StepDefinition step) {
    return new SeparationOfDuties(step.notBy(), step.distinctFrom(), step.excludedOwners(), null);
  }

  /** Its excluded owners name people the directory has yet to say who they are. */
  public boolean awaitsDirectory() {
    return !excludedOwners.isEmpty() && excludedUsers == null;
  }

  /** These rules, with the excluded owners' names resolved into {@code users}. */
  public SeparationOfDuties withExcludedUsers(List<String> users) {
    return new SeparationOfDuties(notBy, distinctFrom, excludedOwners, users);
  }

  /** Whether {@code user} is one of the step's excluded owners, as far as known now. */
  public boolean excludes(String user) {
    return excludedOwners.contains(user) || (excludedUsers != null && excludedUsers.contains(user));
  }

  /**
   * Why {@code user} may not act on {@code step}; empty when they may. {@code requester} is the
   * approval's, {@code steps} finds its steps by name (who decided an earlier one).
   */
  public Optional<String> refusal(
      String user, String step, String requester, Function<String, Optional<UserTask>> steps) {
    if (excludes(user)) {
      return Optional.of(Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " is an excluded owner of step " + step
          + " (excludedOwners: " + Texts.list(excludedOwners) + ")");
    }
    if (awaitsDirectory()) {
      return Optional.of("step " + step + ": its excluded owners (" + Texts.list(excludedOwners)
          + ") are being looked up in the directory: try again in a moment");
    }
    if (notBy.contains(REQUESTER) && user.equals(requester)) {
      return Optional.of(Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " requested this approval and may not act on"
          + " step " + step + " (notBy: requester)");
    }
    for (String earlier : distinctFrom) {
      Optional<String> decider = steps.apply(earlier).flatMap(UserTask::decidedBy);
      if (decider.isPresent() && decider.get().equals(user)) {
        return Optional.of(Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " decided step " + earlier
            + " and may not act on step " + step + " too (distinctFrom: " + earlier + ")");
      }
    }
    return Optional.empty();
  }

  /**
   * Those of {@code users} these rules keep off {@code step} now, in their order: whom a claim or a
   * decision by them would be refused for (four eyes).
   */
  public List<String> excluded(
      List<String> users, String step, String requester, Function<String, Optional<UserTask>> steps) {
    if (notBy.isEmpty() && distinctFrom.isEmpty() && excludedOwners.isEmpty()) {
      return List.of();
    }
    return users.stream().filter(user -> refusal(user, step, requester, steps).isPresent()).toList();
  }
}
