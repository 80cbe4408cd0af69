package dev.overdue.model.process;

import dev.overdue.model.task.OwnerLookup;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The worker's directory as model tests have it: the groups finance (carol, dave), legal (erin),
 * nobody (no members) and staff (300 members); "stranger" is not in it; every other name is a user, and the manager
 * of anyone is "boss". {@link #answerAll} plays the workflow's part: it answers every lookup the
 * model queued. The workflow tests' activities answer from it too.
 */
public final class TestDirectory {
  private TestDirectory() {}

  static final Map<String, List<String>> GROUPS =
      Map.of("finance", List.of("carol", "dave"), "legal", List.of("erin"), "nobody", List.of(),
          "staff", staff());

  /** The group "staff": 300 members, member-001 to member-300, more than a search attribute holds. */
  public static final int STAFF = 300;

  private static List<String> staff() {
    List<String> members = new ArrayList<>();
    for (int i = 1; i <= STAFF; i++) {
      members.add(String.format("member-%03d", i));
    }
    return List.copyOf(members);
  }

  /** Answers the queued lookups as the directory would; returns them. */
  static List<OwnerLookup> answerAll(ApprovalProcess process, Instant now) {
    List<OwnerLookup> lookups = process.drainLookups();
    lookups.forEach(lookup -> process.answerLookup(lookup.number(), answer(lookup), now));
    return lookups;
  }

  public static OwnerLookup.Answer answer(OwnerLookup lookup) {
    List<String> users = new ArrayList<>();
    List<String> groups = new ArrayList<>();
    List<String> members = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (String group : lookup.groups()) {
      if (GROUPS.containsKey(group)) {
        groups.add(group);
        GROUPS.get(group).stream().filter(m -> !members.contains(m)).forEach(members::add);
      } else {
        problems.add("'" + group + "' is not a group in the directory");
      }
    }
    for (String name : lookup.names()) {
      if (GROUPS.containsKey(name)) {
        groups.add(name);
        GROUPS.get(name).stream().filter(m -> !members.contains(m)).forEach(members::add);
      } else if (name.equals("stranger")) {
        problems.add("'stranger' is not a user or group in the directory");
      } else {
        users.add(name.startsWith("manager:") ? "boss" : name);
      }
    }
    List<String> excluded = new ArrayList<>();
    for (String name : lookup.excluded()) {
      excluded.addAll(GROUPS.getOrDefault(name, List.of(name)));
    }
    List<OwnerLookup.StandIn> standIns = new ArrayList<>();
    List<String> everyone = new ArrayList<>(lookup.people());
    everyone.addAll(users);
    everyone.addAll(members);
    everyone.stream().distinct().filter(AWAY::containsKey).forEach(user -> standIns.add(AWAY.get(user)));
    return new OwnerLookup.Answer(users, groups, members, problems, excluded, standIns);
  }

  /** Who is away, as a directory that keeps absences says: olga, whom sam stands in for. */
  static final Map<String, OwnerLookup.StandIn> AWAY =
      Map.of("olga", new OwnerLookup.StandIn("olga", "sam", "2026-12-01T00:00:00Z"));
}
