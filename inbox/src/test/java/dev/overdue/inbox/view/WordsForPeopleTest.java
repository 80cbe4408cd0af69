package dev.overdue.inbox.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The words the pages put in front of a person, made in Java so that they can be checked here. */
class WordsForPeopleTest {
  private static final Instant NOW = Instant.parse("2026-11-27T08:00:00Z");
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static JsonNode json(String text) {
    return JSON.readTree(text.replace('\'', '"'));
  }

  @Test
  void aDueDateReadsAsHowFarOffInTheLargestNaturalUnit() {
    assertEquals("due now", Dates.due(NOW.plusSeconds(30), NOW));
    assertEquals("in 25 min", Dates.due(NOW.plus(Duration.ofMinutes(25)), NOW));
    assertEquals("in 3 h", Dates.due(NOW.plus(Duration.ofMinutes(200)), NOW));
    assertEquals("in 47 h", Dates.due(NOW.plus(Duration.ofHours(47)), NOW));
    assertEquals("in 2 days", Dates.due(NOW.plus(Duration.ofHours(50)), NOW));
    assertEquals("in 3 weeks", Dates.due(NOW.plus(Duration.ofDays(22)), NOW));
    assertEquals("overdue by 2 days", Dates.due(NOW.minus(Duration.ofDays(2)), NOW));
    assertEquals("5 min ago", Dates.ago(NOW.minus(Duration.ofMinutes(5)), NOW));
  }

  @Test
  void theExactTimeIsInTheInboxsZoneWithItsDayAndZoneName() {
    Dates zurich = new Dates(ZoneId.of("Europe/Zurich"));
    assertEquals("Fri 27 Nov 2026, 09:00 CET", zurich.exact(NOW));
    assertEquals("Fri 27 Nov, 09:00", zurich.brief(NOW));
  }

  @Test
  void namesJoinAsASentenceAndKeysReadAsLabels() {
    assertEquals("alice", Words.list(List.of("alice")));
    assertEquals("alice and bob", Words.list(List.of("alice", "bob")));
    assertEquals("alice, bob and carol", Words.list(List.of("alice", "bob", "carol")));
    assertEquals("Cost centre", Words.label("costCentre"));
    assertEquals("Cost centre", Words.label("cost_centre"));
  }

  @Test
  void aTasksStateSaysWhoHasItFromThePersonsSide() {
    assertEquals("waiting for someone to take it", Words.taskState("READY", null, "alice"));
    assertEquals("claimed by you", Words.taskState("RESERVED", "alice", "alice"));
    assertEquals("claimed by bob", Words.taskState("RESERVED", "bob", "alice"));
    assertEquals("claimed by bob", Words.taskState("RESERVED", "bob", "frank", "alice"), "frank was assigned; bob claimed it");
    assertEquals("assigned to frank", Words.taskState("RESERVED", "frank", "frank", "alice"));
    assertEquals("assigned to you", Words.taskState("RESERVED", "frank", "frank", "frank"));
    assertEquals("bob is working on it", Words.taskState("IN_PROGRESS", "bob", "alice"));
    assertEquals("you are working on it", Words.taskState("IN_PROGRESS", "bob", "bob"));
    assertEquals("waiting for Manager approval", Words.approvalState("ACTIVE", "Manager approval"));
    assertEquals("on hold", Words.approvalState("SUSPENDED", null));
  }

  @Test
  void aStepWithoutATitleGetsAReadableOneFromItsName() {
    assertEquals("Approve invoice (manager)", Words.stepTitle("Approve invoice (manager)", "approve-manager"));
    assertEquals("Approve manager", Words.stepTitle(null, "approve-manager"));
    assertEquals("Approve manager", Words.stepTitle(" ", "approve-manager"));
    assertEquals("Cost centre check", Words.stepTitle(null, "costCentreCheck"));
  }

  @Test
  void aPriorityIsAWordWithItsScaleForATooltipAndTheSelectKeepsTheNumber() {
    assertEquals("high", Words.priority(3));
    assertEquals("normal", Words.priority(5));
    assertEquals("lowest", Words.priority(10));
    assertEquals("Priority 3 on a scale from 0 (highest) to 10 (lowest)", Words.priorityScale(3));
    assertEquals("3 – high", Words.priorities(5).get(3).get("label"));
  }

  @Test
  void aDeadlineReadsAsItsDayAndHowFarOffEitherWay() {
    Dates zurich = new Dates(ZoneId.of("Europe/Zurich"));
    Instant monday = Instant.parse("2026-12-14T09:00:00Z");
    Instant thursday = Instant.parse("2026-12-17T09:00:00Z");
    assertEquals("Thursday 17 Dec, 10:00", zurich.day(thursday));
    assertEquals("Thursday 17 Dec, 10:00 — in 3 days", zurich.dated(thursday, monday));
    assertEquals("Thursday 17 Dec, 10:00 — now", zurich.dated(thursday, thursday));
    assertEquals("Thursday 17 Dec, 10:00 — 5 h ago", zurich.dated(thursday, thursday.plus(Duration.ofHours(5))));
  }

  @Test
  void dataReadsAsLabelsAndValuesNeverAsJson() {
    List<DataRows.Row> rows = DataRows.of(json("{'amount':12000.5,'urgent':false,'supplier':{'name':'ACME','city':'Basel'},"
        + "'tags':['it','hardware'],'note':null}"));
    assertEquals(List.of(
        new DataRows.Row("Amount", "12,000.5", "amount"),
        new DataRows.Row("Urgent", "no", "urgent"),
        new DataRows.Row("Supplier › Name", "ACME", null),
        new DataRows.Row("Supplier › City", "Basel", null),
        new DataRows.Row("Tags", "it, hardware", null),
        new DataRows.Row("Note", "—", "note")), rows);
  }

  @Test
  void aNewValueIsTypedLikeTheOneItReplaces() {
    JsonNode data = json("{'amount':12000,'urgent':true,'supplier':'ACME'}");
    JsonNode amount = DataRows.typed(data, "amount", " 9500.50 ");
    assertEquals(true, amount.isNumber(), "a number stays a number: " + amount);
    assertEquals(9500.5, amount.doubleValue());
    assertEquals(json("'ten'"), DataRows.typed(data, "amount", "ten"), "not a number: the workflow's rules see the text");
    assertEquals(json("false"), DataRows.typed(data, "urgent", "No"));
    assertEquals(json("'Initech'"), DataRows.typed(data, "supplier", "Initech"));
    assertEquals(json("'x'"), DataRows.typed(data, "new", "x"));
  }
}
