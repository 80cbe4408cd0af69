package dev.overdue.activities;

import dev.overdue.activities.settings.Absence;
import dev.overdue.activities.settings.Directory;
import dev.overdue.model.task.OwnerLookup;
import dev.overdue.workflow.activities.DirectoryActivities;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Potential owners from the worker's directory: a candidate group stands for its members who are
 * users (nested groups expanded, {@code manager:<user>} as that manager); addresses, webhooks and
 * log names receive notifications but cannot act, so they are left out. A name a reassignment gives
 * is a user or a group; without any directory every such name is taken as a user, as the
 * notifications take it, but a group cannot be known.
 */
public final class DirectoryOwnerActivities implements DirectoryActivities {
  private static final String MANAGER = "manager:";
  private final Supplier<Directory> directories;
  private final Clock clock;

  public DirectoryOwnerActivities(Directory directory) {
    this(() -> directory, Clock.systemUTC());
  }

  /** Asks {@code directories} afresh for each lookup (a directory file read again when it changed). */
  public DirectoryOwnerActivities(Supplier<Directory> directories, Clock clock) {
    this.directories = directories;
    this.clock = clock;
  }

  @Override
  public OwnerLookup.Answer lookUpOwners(OwnerLookup lookup) {
    return new Asked(directories.get()).answer(lookup, clock.instant());
  }

  /** One lookup, against the directory as it is now. */
  private static final class Asked {
    private final Directory directory;

    Asked(Directory directory) {
      this.directory = directory;
    }

    OwnerLookup.Answer answer(OwnerLookup lookup, Instant now) {
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
      return new OwnerLookup.Answer(
          List.copyOf(users), List.copyOf(groups), List.copyOf(members), problems, excluded(lookup.excluded()),
          standIns(lookup.people(), users, members, now));
    }

    /** The users {@code names} stand for: a user, a group's members; a name the directory lacks as itself. */
    private List<String> excluded(List<String> names) {
      Set<String> excluded = new LinkedHashSet<>();
      for (String name : names) {
        if (directory.groups().containsKey(name)) {
          expand(name, excluded, new LinkedHashSet<>(), new ArrayList<>());
        } else {
          excluded.add(name); // a user, or one not yet in the directory: kept off all the same
        }
      }
      return List.copyOf(excluded);
    }

    /** Who of everyone the lookup names is away now, each once, with their substitute. */
    private List<OwnerLookup.StandIn> standIns(
        List<String> people, Set<String> users, Set<String> members, Instant now) {
      if (!directory.keepsAbsences()) {
        return List.of();
      }
      Set<String> everyone = new LinkedHashSet<>(people);
      everyone.addAll(users);
      everyone.addAll(members);
      List<OwnerLookup.StandIn> standIns = new ArrayList<>();
      for (String user : everyone) {
        Absence absence = directory.absenceOf(user, now);
        if (absence != null) {
          standIns.add(new OwnerLookup.StandIn(user, absence.substitute(), absence.untilInstant(directory.zoneOf(user))));
        }
      }
      return standIns;
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
}
