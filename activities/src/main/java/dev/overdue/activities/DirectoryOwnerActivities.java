package dev.overdue.activities;

import dev.overdue.activities.settings.Directory;
import dev.overdue.model.OwnerLookup;
import dev.overdue.workflow.activities.DirectoryActivities;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Potential owners from the worker's directory: a candidate group stands for its members who are
 * users (nested groups expanded, {@code manager:<user>} as that manager); addresses, webhooks and
 * log names receive notifications but cannot act, so they are left out. A name a reassignment gives
 * is a user or a group; without any directory every such name is taken as a user, as the
 * notifications take it, but a group cannot be known.
 */
public final class DirectoryOwnerActivities implements DirectoryActivities {
  private static final String MANAGER = "manager:";
  private final Directory directory;

  public DirectoryOwnerActivities(Directory directory) {
    this.directory = directory;
  }

  @Override
  public OwnerLookup.Answer lookUpOwners(OwnerLookup lookup) {
    Set<String> users = new LinkedHashSet<>();
    Set<String> groups = new LinkedHashSet<>();
    Set<String> members = new LinkedHashSet<>();
    List<String> problems = new ArrayList<>();
    boolean none = directory.users().isEmpty() && directory.groups().isEmpty();
    for (String group : lookup.groups()) {
      if (directory.groups().containsKey(group)) {
        groups.add(group);
        expand(group, members, new LinkedHashSet<>(), problems);
      } else if (none) {
        problems.add("no directory is configured (directory.groups), so group '" + group + "' has no members");
      } else if (directory.users().containsKey(group)) {
        problems.add("'" + group + "' is a user, not a group (name users under approvers)");
      } else {
        problems.add("'" + group + "' is not a group in the directory");
      }
    }
    for (String name : lookup.names()) {
      if (name.startsWith(MANAGER)) {
        manager(name.substring(MANAGER.length()).strip(), users, problems);
      } else if (directory.users().containsKey(name)) {
        users.add(name);
      } else if (directory.groups().containsKey(name)) {
        groups.add(name);
        expand(name, members, new LinkedHashSet<>(), problems);
      } else if (isAddress(name)) {
        problems.add("'" + name + "' is an address: it receives messages but cannot act");
      } else if (none) {
        users.add(name);
      } else {
        problems.add("'" + name + "' is not a user or group in the directory");
      }
    }
    return new OwnerLookup.Answer(List.copyOf(users), List.copyOf(groups), List.copyOf(members), problems);
  }

  /** Adds the users {@code group} stands for; a group met again (a cycle) is not expanded twice. */
  private void expand(String group, Set<String> members, Set<String> seen, List<String> problems) {
    if (!seen.add(group)) {
      return;
    }
    int before = members.size();
    List<String> entries = directory.groups().get(group);
    for (String member : entries == null ? List.<String>of() : entries) {
      if (member.startsWith(MANAGER)) {
        manager(member.substring(MANAGER.length()).strip(), members, problems);
      } else if (directory.users().containsKey(member)) {
        members.add(member);
      } else if (directory.groups().containsKey(member)) {
        expand(member, members, seen, problems);
      }
    }
    if (members.size() == before && seen.size() == 1) {
      problems.add("group '" + group + "' has no members who can act");
    }
  }

  private void manager(String user, Set<String> into, List<String> problems) {
    String problem = directory.managerProblem(user);
    if (problem != null) {
      problems.add(problem);
    } else {
      into.add(directory.users().get(user).manager());
    }
  }

  private static boolean isAddress(String name) {
    return name.contains("@") || name.startsWith("email:") || name.startsWith("webhook:") || name.startsWith("log:");
  }
}
