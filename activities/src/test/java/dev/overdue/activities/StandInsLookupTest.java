package dev.overdue.activities;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.activities.settings.Absence;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.Person;
import dev.overdue.model.task.OwnerLookup;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What the directory answers a task's lookup since task operations: whom its excluded owners stand
 * for, and who of its people is away today with their substitute, by the absences' dates in each
 * person's time zone.
 */
class StandInsLookupTest {
  private static final Instant DEC_24_NOON_UTC = Instant.parse("2026-12-24T12:00:00Z");

  private static Directory directory(Map<String, Absence> absences) {
    Map<String, Person> users = new LinkedHashMap<>();
    for (String id : List.of("alice", "bob", "carol", "dave")) {
      users.put(id, new Person(null, null, null, null, null, null));
    }
    users.put("kenji", new Person(null, null, null, null, null, "Asia/Tokyo"));
    return new Directory(users, Map.of("finance", List.of("carol", "dave")), absences);
  }

  private static OwnerLookup.Answer lookUp(Directory directory, Instant now, OwnerLookup lookup) {
    return new DirectoryOwnerActivities(() -> directory, Clock.fixed(now, ZoneOffset.UTC)).lookUpOwners(lookup);
  }

  @Test
  void excludedNamesStandForTheUsersAndTheGroupsMembers() {
    OwnerLookup.Answer answer =
        lookUp(directory(null), DEC_24_NOON_UTC,
            new OwnerLookup(1, "audit", List.of(), List.of(), List.of(), List.of("finance", "bob", "newcomer")));
    assertEquals(List.of("carol", "dave", "bob", "newcomer"), answer.excluded());
  }

  @Test
  void someoneAwayTodayHasTheirSubstituteAndTheAbsencesEndIsSaid() {
    Directory directory =
        directory(Map.of("alice", new Absence("2026-12-24", "2026-12-31", "bob"),
            "carol", new Absence("2026-12-27", null, "dave")));
    OwnerLookup.Answer answer =
        lookUp(directory, DEC_24_NOON_UTC,
            new OwnerLookup(1, "manager", List.of("finance"), List.of(), List.of("alice"), List.of()));
    assertEquals(List.of(new OwnerLookup.StandIn("alice", "bob", "2027-01-01T00:00:00Z")), answer.standIns());
  }

  @Test
  void aPlainDayIsReadInThePersonsTimeZone() {
    Directory directory = directory(Map.of("kenji", new Absence(null, "2026-12-24", "bob")));
    // Noon in London is 21:00 in Tokyo on the 24th: still away; an hour past midnight there, back.
    OwnerLookup lookup = new OwnerLookup(1, "manager", List.of(), List.of(), List.of("kenji"), List.of());
    assertEquals(1, lookUp(directory, DEC_24_NOON_UTC, lookup).standIns().size());
    assertEquals(0, lookUp(directory, Instant.parse("2026-12-24T16:00:00Z"), lookup).standIns().size());
  }

  @Test
  void aDirectoryWithoutAnAbsencesSectionKeepsNoneAndSaysNobodyIsAway() {
    Directory directory = directory(null);
    assertTrue(!directory.keepsAbsences());
    assertTrue(directory(Map.of()).keepsAbsences(), "an empty section keeps absences");
    OwnerLookup lookup = new OwnerLookup(1, "manager", List.of(), List.of(), List.of("alice"), List.of());
    assertEquals(List.of(), lookUp(directory, DEC_24_NOON_UTC, lookup).standIns());
  }

  @Test
  void anAbsenceMustNameUsersAndDatesThatRead() {
    Directory directory =
        directory(Map.of("zed", new Absence(null, null, "bob"),
            "alice", new Absence("2026-12-31", "2026-12-24", "alice"),
            "bob", new Absence("Christmas", null, "nobody")));
    List<String> problems = directory.problems(Set.of());
    assertTrue(problems.contains("directory.absences.zed: 'zed' is not a user"), problems.toString());
    assertTrue(problems.contains("directory.absences.alice.substitute: someone cannot stand in for themselves"),
        problems.toString());
    assertTrue(problems.contains("directory.absences.alice: 'from' 2026-12-31 is not before 'until' 2026-12-24"),
        problems.toString());
    assertTrue(problems.contains("directory.absences.bob.substitute: 'nobody' is not a user"), problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("directory.absences.bob: a date (2026-12-24)")),
        problems.toString());
  }
}
