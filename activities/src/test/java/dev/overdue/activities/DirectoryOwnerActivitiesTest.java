package dev.overdue.activities;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.Person;
import dev.overdue.model.task.OwnerLookup;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DirectoryOwnerActivitiesTest {
  private static Person user(String manager) {
    return new Person(null, null, null, null, manager, null);
  }

  private static DirectoryOwnerActivities directory() {
    Map<String, Person> users = new LinkedHashMap<>();
    users.put("alice", user(null));
    users.put("bob", user("alice"));
    users.put("carol", user(null));
    users.put("dave", user(null));
    Map<String, List<String>> groups = new LinkedHashMap<>();
    groups.put("leads", List.of("carol", "alice", "finance"));
    groups.put("finance", List.of("bob", "leads", "dave", "ap@example.com", "log:audit", "manager:bob"));
    groups.put("empty", List.of("ops@example.com"));
    return new DirectoryOwnerActivities(new Directory(users, groups));
  }

  private static OwnerLookup.Answer lookUp(DirectoryOwnerActivities directory, List<String> groups, List<String> names) {
    return directory.lookUpOwners(new OwnerLookup(1, "manager", groups, names));
  }

  @Test
  void aGroupStandsForItsUsersNestedGroupsAndManagersButNotForAddresses() {
    OwnerLookup.Answer answer = lookUp(directory(), List.of("finance"), List.of());
    assertEquals(List.of("finance"), answer.groups());
    assertEquals(List.of("bob", "carol", "alice", "dave"), answer.members());
    assertEquals(List.of(), answer.problems());
  }

  @Test
  void aReassignmentsNamesAreUsersOrGroupsAndTheRestAreProblems() {
    OwnerLookup.Answer answer =
        lookUp(directory(), List.of(), List.of("dave", "leads", "manager:bob", "zoe", "x@example.com"));
    assertEquals(List.of("dave", "alice"), answer.users());
    assertEquals(List.of("leads"), answer.groups());
    assertEquals(List.of("carol", "alice", "bob", "dave"), answer.members());
    assertEquals(
        List.of("'zoe' is not a user or group in the directory",
            "'x@example.com' is an address: it receives messages but cannot act"),
        answer.problems());
  }

  @Test
  void candidateGroupsThatAreNotGroupsOrHaveNoOneWhoCanActAreProblems() {
    OwnerLookup.Answer answer = lookUp(directory(), List.of("empty", "bob", "sales"), List.of());
    assertEquals(List.of(), answer.members());
    assertEquals(
        List.of("group 'empty' has no members who can act",
            "'bob' is a user, not a group (name users under approvers)",
            "'sales' is not a group in the directory"),
        answer.problems());
  }

  @Test
  void withoutADirectoryNamesAreUsersAndGroupsHaveNoMembers() {
    DirectoryOwnerActivities none = new DirectoryOwnerActivities(Directory.EMPTY);
    OwnerLookup.Answer answer = lookUp(none, List.of("finance"), List.of("bob"));
    assertEquals(List.of("bob"), answer.users());
    assertEquals(List.of(), answer.members());
    assertEquals(
        List.of("no directory is configured (directory.groups), so group 'finance' has no members"),
        answer.problems());
  }
}
