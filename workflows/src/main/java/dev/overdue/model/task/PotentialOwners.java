package dev.overdue.model.task;

import dev.overdue.model.Texts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Who may act on a task, as WS-HumanTask's potential owners: its candidate {@code users}, the
 * {@code members} of its candidate {@code groups} as the worker's directory gave them (null until
 * the directory has answered), and its {@code assignee}. Immutable: a reassignment, a refreshed
 * lookup or an assignment gives a new value.
 */
public record PotentialOwners(List<String> users, List<String> groups, List<String> members, String assignee) {
  public PotentialOwners {
    users = List.copyOf(users);
    groups = groups == null ? List.of() : List.copyOf(groups);
    members = members == null ? null : List.copyOf(members);
  }

  /** Candidate users alone: nothing to look up. */
  public static PotentialOwners users(List<String> users) {
    return new PotentialOwners(users, List.of(), List.of(), null);
  }

  /** Candidates as a step names them; its groups' members are looked up when the task is created. */
  public static PotentialOwners candidates(List<String> users, List<String> groups) {
    return new PotentialOwners(users, groups, groups == null || groups.isEmpty() ? List.of() : null, null);
  }

  public PotentialOwners withMembers(List<String> found) {
    return new PotentialOwners(users, groups, found, assignee);
  }

  PotentialOwners withAssignee(String user) {
    return new PotentialOwners(users, groups, members, user);
  }

  /** These and {@code more}: each list joined, each name once, in order; the assignee kept. */
  public PotentialOwners plus(PotentialOwners more) {
    return new PotentialOwners(
        joined(users, more.users), joined(groups, more.groups),
        members == null || more.members == null ? null : joined(members, more.members), assignee);
  }

  /**
   * These without {@code user} (WS-HumanTask forward: the forwarder leaves): no longer a candidate
   * user, a member or the assignee. A group of theirs stays; a refresh of it would bring them back.
   */
  public PotentialOwners without(String user) {
    return new PotentialOwners(
        users.stream().filter(u -> !u.equals(user)).toList(), groups,
        members == null ? null : members.stream().filter(u -> !u.equals(user)).toList(),
        user.equals(assignee) ? null : assignee);
  }

  private static List<String> joined(List<String> first, List<String> second) {
    Set<String> all = new LinkedHashSet<>(first);
    all.addAll(second);
    return List.copyOf(all);
  }

  /** The groups' members are still being looked up. */
  public boolean awaitsDirectory() {
    return members == null;
  }

  /** Everyone who may act, each once: candidate users, group members, the assignee. */
  public List<String> names() {
    Set<String> all = new LinkedHashSet<>(users);
    if (members != null) {
      all.addAll(members);
    }
    if (assignee != null) {
      all.add(assignee);
    }
    return List.copyOf(all);
  }

  public boolean includes(String user) {
    return users.contains(user) || (members != null && members.contains(user)) || user.equals(assignee);
  }

  /** Known to be no one: the directory has answered and nobody is left. */
  public boolean isNobody() {
    return !awaitsDirectory() && names().isEmpty();
  }

  /** {@code candidate users: alice, bob; candidate groups: finance}, for refusals. */
  public String describe() {
    List<String> parts = new ArrayList<>();
    parts.add("candidate users: " + (users.isEmpty() ? "none" : Texts.list(users)));
    if (!groups.isEmpty()) {
      parts.add("candidate groups: " + Texts.list(groups)
          + (awaitsDirectory() ? " (members being looked up)" : ""));
    }
    if (assignee != null) {
      parts.add("assignee: " + Texts.abbreviate(assignee, Texts.QUOTED_LENGTH));
    }
    return String.join("; ", parts);
  }
}
