package dev.overdue.model;

import java.util.List;

/**
 * A question for the worker's directory, queued by the model for the workflow to ask (an
 * activity): the members of {@code groups}, and what each of {@code names} is (a user, a group to
 * expand, or {@code manager:<user>}). {@code number} pairs the {@link Answer} with its question.
 */
public record OwnerLookup(int number, String step, List<String> groups, List<String> names) {
  public OwnerLookup {
    groups = List.copyOf(groups);
    names = List.copyOf(names);
  }

  /**
   * What the directory said: the {@code users} among the names (a manager by their own id), the
   * {@code groups} among them and the candidate groups that exist, their {@code members} (user ids,
   * nested groups expanded, each once), and a {@code problem} for each name or group that stands
   * for nobody.
   */
  public record Answer(List<String> users, List<String> groups, List<String> members, List<String> problems) {
    public Answer {
      users = users == null ? List.of() : List.copyOf(users);
      groups = groups == null ? List.of() : List.copyOf(groups);
      members = members == null ? List.of() : List.copyOf(members);
      problems = problems == null ? List.of() : List.copyOf(problems);
    }

    /** The lookup could not be made at all (the activity failed): nobody, for that reason. */
    public static Answer failed(String reason) {
      return new Answer(List.of(), List.of(), List.of(), List.of(reason));
    }
  }

  /** What became of a lookup's answer, for the command that waits for it. */
  public record Outcome(String text, boolean applied) {}
}
