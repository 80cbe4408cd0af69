package dev.overdue.inbox.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The top of a task page: the request's key facts under their form's titles, and its one deadline. */
class KeyFactsTest {
  private static final Instant NOW = Instant.parse("2026-12-14T09:00:00Z");
  private static final Dates DATES = new Dates(ZoneId.of("Europe/Zurich"));

  private static List<DataRows.Row> details() {
    return DataRows.of(JsonMapper.builder().build().readTree(
        "{\"invoiceNumber\":\"2027-031\",\"amount\":1850,\"supplier\":{\"name\":\"ACME\"},\"accountant\":\"frank\",\"note\":\"x\"}"),
        Map.of("amount", "Amount (EUR)"));
  }

  @Test
  void theKeyFieldsInTheRequestsOrderUnderTheirFormsTitles() {
    List<DataRows.Row> facts = KeyFacts.of(details(), List.of("amount", "invoiceNumber"));
    assertEquals(List.of("Amount (EUR)", "Invoice number"), facts.stream().map(DataRows.Row::label).toList());
    assertEquals("1,850", facts.get(0).value());
  }

  @Test
  void withoutKeyFieldsTheFirstThreePlainDetails() {
    assertEquals(List.of("Invoice number", "Amount (EUR)", "Accountant"),
        KeyFacts.of(details(), null).stream().map(DataRows.Row::label).toList());
  }

  private static TimerInfo timer(String kind, String step, String state, String at) {
    return new TimerInfo(kind.toLowerCase(), kind, step, state, null, at, false, false, 0);
  }

  @Test
  void theCurrentStepsDecisionDateElseTheWholeRequests() {
    StepInfo manager = new StepInfo("manager", null, "READY", null, List.of(), null, null, null, null, List.of(), List.of(),
        List.of(), null, 5);
    Deadline due = Deadline.of(manager, List.of(timer("COMPLETION", "finance", "OFF", null),
        timer("COMPLETION", "manager", "RUNNING", "2026-12-17T09:00:00Z"), timer("PROCESS", null, "RUNNING", "2026-12-20T09:00:00Z")),
        true, DATES, NOW);
    assertEquals("Decide by", due.lead());
    assertEquals("Thursday 17 Dec, 10:00", due.when(), "in the inbox's zone");
    assertEquals("in 3 days", due.relative());
    Deadline whole = Deadline.of(manager, List.of(timer("PROCESS", null, "RUNNING", "2026-12-13T09:00:00Z")), true, DATES, NOW);
    assertEquals("It was due", whole.lead());
    assertEquals(true, whole.late());
    assertEquals("24 h ago", whole.relative());
    assertNull(Deadline.of(manager, List.of(), true, DATES, NOW), "nothing due, no line");
    assertEquals("To be decided by", Deadline.of(manager, List.of(timer("COMPLETION", "manager", "RUNNING",
        "2026-12-17T09:00:00Z")), false, DATES, NOW).lead(), "to whom waits for it");
  }
}
