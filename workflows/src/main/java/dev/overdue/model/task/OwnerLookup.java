package dev.overdue.model.task;

import java.util.List;

/**
 * A question for the worker's directory, queued by the model for the workflow to ask (an
 * activity): the members of {@code groups}, and what each of {@code names} is (a user, a group to
 * expand, or {@code manager:<user>}); since task operations also who of {@code people} (users
 * already known as potential owners) is away and who stands in, and whom the step's {@code
 * excluded} names (users or groups) stand for. {@code number} pairs the {@link Answer} with its
 * question.
 */
public record OwnerLookup(
    int number, String step, List<String> groups, List<String> names, List<String> people, List<String> excluded) {
  public OwnerLookup {
    groups = List.copyOf(groups);
    names = List.copyOf(names);
    people = people == null ? List.of() : List.copyOf(people);
    excluded = excluded == null ? List.of() : List.copyOf(excluded);
  }

  /** A question of groups and names alone. */
  public OwnerLookup(int number, String step, List<String> groups, List<String> names) {
    this(number, step, groups, names, null, null);
  }

  /**
   * Someone away: {@code user} is absent until {@code until} (a date-time, or null for no end), and
   * {@code substitute} stands in for them.
   */
  public record StandIn(String user, String substitute, String until) {}

  /**
   * What the directory said: the {@code users} among the names (a manager by their own id), the
   * {@code groups} among them and the candidate groups that exist, their {@code members} (user ids,
   * nested groups expanded, each once), and a {@code problem} for each name or group that stands
   * for nobody; the users the step's {@code excluded} names stand for, and a
   * {@code standIn} for each of the people, users and members who is away today.
   */
  public record Answer(
      List<String> users, List<String> groups, List<String> members, List<String> problems,
      List<String> excluded, List<StandIn> standIns) {
    public Answer {
      users = users == null ? List.of() : List.copyOf(users);
      groups = groups == null ? List.of() : List.copyOf(groups);
      members = members == null ? List.of() : List.copyOf(members);
      problems = problems == null ? List.of() : List.copyOf(problems);
      excluded = excluded == null ? List.of() : List.copyOf(excluded);
      standIns = standIns == null ? List.of() : List.copyOf(standIns);
    }

    /** An answer without exclusions or stand-ins. */
    public Answer(List<String> users, List<String> groups, List<String> members, List<String> problems) {
      this(users, groups, members, problems, null, null);
    }

    /** The lookup could not be made at all (the activity failed): nobody, for that reason. */
    public static Answer failed(String reason) {
      return new Answer(List.of(), List.of(), List.of(), List.of(reason));
    }
  }

  /** What became of a lookup's answer, for the command that waits for it. */
  public record Outcome(String text, boolean applied) {}
}
