package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.CommentInfo;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerDerivation;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.client.Approvals;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.sdk.v1.WorkflowMetadata;
import io.temporal.client.WorkflowExecutionDescription;
import io.temporal.common.SearchAttributes;
import io.temporal.common.converter.DefaultDataConverter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the Temporal CLI and Web UI see of an approval: search attributes, details, summaries. */
class InspectionTest {
  private final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  private static final String REQUEST =
      "{'requestId':'PO-9','notifyOffered':false,'title':'Chairs','requester':'carol','data':{'amount':300},'timeout':'P5D',"
          + "'steps':[{'name':'manager','approvers':['alice','bob'],'offerTimeout':'PT4H','timeout':'P2D'}],"
          + "'timers':[{'name':'reminder','limit':'PT30M','handlers':[{'action':'notify','to':['alice']}]}]}";

  @Test
  void searchAttributesFollowStateStepOwnerNextDeadlineExpiryAndWarnings() {
    String id = t.start(REQUEST);
    Instant started = t.now();
    t.sleep(Duration.ofSeconds(1));
    SearchAttributes attributes = describe(id).getTypedSearchAttributes();
    assertEquals("ACTIVE", attributes.get(ApprovalSearchAttributes.APPROVAL_STATE));
    assertEquals("manager", attributes.get(ApprovalSearchAttributes.CURRENT_STEP));
    assertNull(attributes.get(ApprovalSearchAttributes.CURRENT_OWNER));
    Instant next = attributes.get(ApprovalSearchAttributes.NEXT_DEADLINE).toInstant();
    assertTrue(Duration.between(started.plus(Duration.ofHours(4)), next).abs().getSeconds() < 5, next.toString());
    assertEquals(false, attributes.get(ApprovalSearchAttributes.HAS_WARNINGS));

    t.approvals.update(id, "claim", json("{'user':'alice'}"));
    t.sleep(Duration.ofSeconds(1));
    attributes = describe(id).getTypedSearchAttributes();
    assertEquals("alice", attributes.get(ApprovalSearchAttributes.CURRENT_OWNER));
    assertTrue(
        attributes.get(ApprovalSearchAttributes.NEXT_DEADLINE).toInstant()
            .isAfter(started.plus(Duration.ofDays(2).minusMinutes(1))),
        "the acceptance timer is off: it is the completion timer's date (though the approval still wakes"
            + " once at the acceptance date)");

    t.approvals.update(id, "suspend", json("{}"));
    t.sleep(Duration.ofSeconds(1));
    attributes = describe(id).getTypedSearchAttributes();
    assertEquals("SUSPENDED", attributes.get(ApprovalSearchAttributes.APPROVAL_STATE));
    assertFalse(attributes.containsKey(ApprovalSearchAttributes.NEXT_DEADLINE), "no running timer");

    t.approvals.update(id, "resume", json("{}"));
    t.sleep(Duration.ofDays(2));
    attributes = describe(id).getTypedSearchAttributes();
    assertEquals(true, attributes.get(ApprovalSearchAttributes.ANY_TIMER_EXPIRED));
    assertEquals(true, attributes.get(ApprovalSearchAttributes.HAS_WARNINGS));

    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    t.approvals.result(id);
    attributes = describe(id).getTypedSearchAttributes();
    assertEquals("APPROVED", attributes.get(ApprovalSearchAttributes.APPROVAL_STATE));
    assertFalse(attributes.containsKey(ApprovalSearchAttributes.CURRENT_STEP));
  }

  @Test
  void aQuietApprovalUpsertsNothingNew() {
    String id = t.start(REQUEST);
    t.sleep(Duration.ofSeconds(1));
    long before = upserts(id);
    // A refused command changes nothing, so nothing is upserted again.
    t.signalAndAwait(id, "enableTimer", "{'timer':'nope'}");
    t.sleep(Duration.ofSeconds(1));
    assertEquals(before, upserts(id));
  }

  @Test
  void startCarriesStaticSummaryAndDetails() {
    String id = t.start(REQUEST);
    WorkflowExecutionDescription description = describe(id);
    assertEquals("Approval PO-9: Chairs (requested by carol)", description.getStaticSummary());
    String details = read(description.getStaticDetails());
    assertTrue(
        details.contains("\n- **manager**: alice, bob · accept within PT4H · complete within P2D\n"),
        details);
    assertTrue(details.contains("\n**Data**: amount: 300\n"), details);
  }

  @Test
  void currentDetailsShowEveryTimerAndTheWarnings() {
    String id = t.start(REQUEST);
    t.sleep(Duration.ofHours(4).plusMinutes(1));
    String details = read(metadata(id).getCurrentDetails());
    assertTrue(
        details.startsWith("**PO-9: Chairs**\nrequested by carol\n**ACTIVE** · step manager READY"),
        details);
    assertTrue(details.contains("\n- **manager.acceptance**: RUNNING · PT4H · **expired** "), details);
    assertTrue(details.contains("\n- **reminder**: OFF · PT30M\n"), details);
    assertTrue(details.contains("\n**Warnings** (UTC)\n- "), details);
  }

  // ---- the current details as a person reads them in the Web UI ------------------------------

  private static TimerInfo timer(String name, String state, String limit, String expiresAt, boolean expired,
      boolean cleared, int firings) {
    return new TimerInfo(name, "USER", null, state, limit, expiresAt, expired, cleared, firings);
  }

  private static StatusInfo status(String title, String requester, List<TimerInfo> timers,
      List<WarningInfo> warnings) {
    StepInfo manager =
        new StepInfo("manager", null, "RESERVED", "alice", List.of("alice", "bob"), null, null, null, null,
            List.of(), List.of(), List.of("alice", "bob"), null, 5);
    return new StatusInfo("PO-4711", title, requester, "ACTIVE", null, "manager", List.of(manager), timers,
        warnings, Map.of(), (long) warnings.size());
  }

  /** What the Web UI shows: no-break spaces read as spaces. */
  private static String read(String details) {
    return details.replace('\u00a0', ' ');
  }

  @Test
  void theTitleAndRequesterHeadTheCurrentDetailsThenTheStateStepAndOwner() {
    String details = Inspection.details(status("Purchase order 4711", "carol", List.of(), List.of()));
    assertEquals(
        List.of("**PO-4711: Purchase order 4711**", "requested by carol",
            "**ACTIVE** · step manager RESERVED, claimed by alice"),
        details.lines().toList());
  }

  @Test
  void theAdministratorsADelegationAndTheLatestCommentsAreInTheDetails() {
    StepInfo manager =
        new StepInfo("manager", null, "RESERVED", "dora", List.of("alice", "dora"), null, null, null, null, List.of(),
            List.of(), List.of("alice", "dora"), null, 5, null, null, null, "alice", null);
    StatusInfo status =
        new StatusInfo("PO-4711", null, "carol", "ACTIVE", null, "manager", List.of(manager), List.of(), List.of(),
            Map.of(), 0L, null, List.of("ada"),
            List.of(new CommentInfo("2026-11-27T09:15:00Z", "manager", "alice", "dora knows the supplier")),
            1L);
    assertEquals(
        List.of("**PO-4711**", "requested by carol", "administered by ada",
            "**ACTIVE** · step manager RESERVED, claimed by dora (delegated by alice)", "", "**Comments** (UTC)",
            "- Nov 27 2026 09:15 alice on manager: dora knows the supplier"),
        read(Inspection.details(status)).lines().toList());
  }

  @Test
  void anApprovalWithoutTitleOrRequesterIsHeadedByItsRequestId() {
    String details = Inspection.details(status(null, null, List.of(), List.of()));
    assertEquals("**PO-4711**", details.lines().findFirst().orElseThrow());
    assertFalse(details.contains("requested by"), details);
  }

  @Test
  void anUnclaimedStepNamesWhomItIsOfferedToAndASuspensionItsReason() {
    StepInfo manager =
        new StepInfo("manager", null, "READY", null, List.of("alice", "bob"), null, null, null, null, List.of(), List.of(), List.of("alice", "bob"), null, 5);
    StatusInfo suspended =
        new StatusInfo("PO-4711", null, null, "SUSPENDED", "audit", "manager", List.of(manager), List.of(),
            List.of(), Map.of(), 0L);
    assertEquals(
        List.of("**PO-4711**", "**SUSPENDED** · step manager READY, offered to alice, bob", "suspended: audit"),
        Inspection.details(suspended).lines().toList());
  }

  @Test
  void eachTimerIsOneLineWithItsStateLimitAndShortExpirationDate() {
    String details =
        read(Inspection.details(status("Chairs", "carol", List.of(
            timer("process", "RUNNING", "P5D", "2026-11-26T16:37:24.385Z", false, false, 0),
            timer("manager.acceptance", "OFF", "PT4H", "2026-11-21T20:37:24Z", true, false, 1),
            timer("manager.completion", "RUNNING", "2026-11-24T05:37:24.385+01:00", "2026-11-24T04:37:24.385Z",
                false, false, 0),
            timer("finance.completion", "OFF", "P1D", null, false, false, 0),
            timer("finance.acceptance", "OFF", "PT4H", "2026-11-24T08:37:00Z", false, false, 0),
            timer("review.completion", "OFF", "P2D", "2026-11-25T10:00:00Z", false, true, 0),
            timer("overdue.review", "OFF", "P1D", "2026-11-22T10:00:00Z", true, true, 1),
            timer("reminder", "RUNNING", "R/PT30M", "2026-11-21T18:07:00Z", true, false, 2)),
            List.of())));
    List<String> timers = details.lines().dropWhile(line -> !line.equals("**Timers** (UTC)")).skip(1).toList();
    assertEquals(
        List.of(
            "- **process**: RUNNING · P5D · expires Nov 26 2026 16:37",
            "- **manager.acceptance**: OFF · PT4H · **expired** Nov 21 2026 20:37",
            "- **manager.completion**: RUNNING · until Nov 24 2026 04:37",
            "- **finance.completion**: OFF · P1D",
            "- **finance.acceptance**: OFF · PT4H · would expire Nov 24 2026 08:37",
            "- **review.completion**: cleared · P2D",
            "- **overdue.review**: cleared · P1D · **expired** Nov 22 2026 10:00",
            "- **reminder**: RUNNING · R/PT30M · next Nov 21 2026 18:07 · fired 2 times"),
        timers);
  }

  @Test
  void aCronCycleIsOneLineWithItsNextTimeLikeEveryCycle() {
    TimerInfo cron =
        new TimerInfo("manager.daily", "COMPLETION_DEADLINE", "manager", "RUNNING", "0 0 9 ? * MON-FRI",
            "2026-11-24T08:00:00Z", true, false, 1,
            new TimerDerivation("cron 0 0 9 ? * MON-FRI", null, "Europe/Berlin", "fire-once", List.of(), 0L));
    String line = Inspection.details(status(null, null, List.of(cron), List.of())).lines()
        .reduce((first, second) -> second).orElseThrow().replace('\u00a0', ' ');
    assertEquals("- **manager.daily**: RUNNING · 0 0 9 ? * MON-FRI · next Nov 24 2026 08:00 · fired 1 time", line);
  }

  @Test
  void aTimerLineWrapsOnlyBetweenItsParts() {
    String line =
        Inspection.details(status(null, null, List.of(
            timer("process", "RUNNING", "P3D business", "2026-11-26T16:37:00Z", false, false, 0)), List.of()))
            .lines().reduce((first, second) -> second).orElseThrow();
    assertEquals(List.of("-", "**process**:\u00a0RUNNING", "·", "P3D\u00a0business", "·",
        "expires\u00a0Nov\u00a026\u00a02026\u00a016:37"), List.of(line.split(" ")));
  }

  @Test
  void warningsFollowTheTimersEachWithItsShortDate() {
    String details =
        read(Inspection.details(status(null, null, List.of(),
            List.of(new WarningInfo("2026-11-23T22:06:21.123Z", "manager.completion", "manager",
                "timer manager.completion expired")))));
    assertTrue(details.endsWith("\n\n**Warnings** (UTC)\n- Nov 23 2026 22:06: timer manager.completion expired\n"),
        details);
  }

  @Test
  void aLongLivedApprovalsDetailsListTheLatestTenWarningsWithTheCount() {
    List<WarningInfo> kept =
        IntStream.rangeClosed(19_901, 20_000)
            .mapToObj(n -> new WarningInfo("2026-11-23T22:06:00Z", "nag", null, "reminder nag #" + n))
            .toList();
    StatusInfo status =
        new StatusInfo("PO-4711", null, null, "ACTIVE", null, null, List.of(), List.of(), kept, Map.of(), 20_000L);
    List<String> lines = read(Inspection.details(status)).lines().toList();
    int heading = lines.indexOf("**Warnings** (UTC; the latest 10 of 20,000, every one in `history`)");
    assertTrue(heading > 0, String.join("\n", lines));
    assertEquals("- Nov 23 2026 22:06: reminder nag #19991", lines.get(heading + 1));
    assertEquals("- Nov 23 2026 22:06: reminder nag #20000", lines.get(lines.size() - 1));
    assertEquals(heading + 11, lines.size());
  }

  @Test
  void activitiesCarrySummariesNamingWhatTheyDo() {
    String id = t.start(REQUEST);
    t.approvals.update(id, "enableTimer", json("{'timer':'reminder'}"));
    t.sleep(Duration.ofMinutes(31));
    List<String> summaries =
        t.fetchHistory(id).getEvents().stream()
            .filter(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
            .map(InspectionTest::summary)
            .toList();
    assertEquals(List.of("resolve alice", "notify alice by log: timer reminder"), summaries);
  }

  private static String summary(HistoryEvent event) {
    return DefaultDataConverter.STANDARD_INSTANCE.fromPayload(
        event.getUserMetadata().getSummary(), String.class, String.class);
  }

  private long upserts(String id) {
    return t.fetchHistory(id).getEvents().stream()
        .filter(e -> e.getEventType() == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES)
        .count();
  }

  private WorkflowExecutionDescription describe(String id) {
    return t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id)).describe();
  }

  private WorkflowMetadata metadata(String id) {
    return t.env
        .getWorkflowClient()
        .newUntypedWorkflowStub(Approvals.workflowId(id))
        .query("__temporal_workflow_metadata", WorkflowMetadata.class);
  }
}
