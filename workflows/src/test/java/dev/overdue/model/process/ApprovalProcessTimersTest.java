package dev.overdue.model.process;

import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.assertRefusedUnchanged;
import static dev.overdue.model.process.Fixtures.at;
import static dev.overdue.model.process.Fixtures.decide;
import static dev.overdue.model.process.Fixtures.infoOf;
import static dev.overdue.model.process.Fixtures.notifyTo;
import static dev.overdue.model.process.Fixtures.request;
import static dev.overdue.model.process.Fixtures.startStandard;
import static dev.overdue.model.process.Fixtures.step;
import static dev.overdue.model.process.Fixtures.timer;
import static dev.overdue.model.process.Fixtures.timerOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.TimerInfo;
import dev.overdue.model.ProcessState;
import dev.overdue.model.request.Outcome;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.timer.Expiry;
import dev.overdue.model.timer.TimerState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The timers of an approval process: system and user timers, suspension, expiry, deadlines. */
class ApprovalProcessTimersTest {

  private static final ApprovalCommand SUSPEND = new ApprovalCommand.Suspend("waiting for budget");
  private static final ApprovalCommand RESUME = new ApprovalCommand.Resume();

  private static ApprovalCommand enable(String timer) {
    return new ApprovalCommand.EnableTimer(timer, null);
  }

  private static ApprovalCommand disable(String timer) {
    return new ApprovalCommand.DisableTimer(timer, null);
  }

  private static ApprovalCommand extendTo(String timer, String limit) {
    return new ApprovalCommand.ExtendDeadline(timer, limit, null, null);
  }

  private static ApprovalCommand extendBy(String timer, String by) {
    return new ApprovalCommand.ExtendDeadline(timer, null, by, null);
  }

  private static List<String> names(List<Expiry> expiries) {
    return expiries.stream().map(Expiry::timer).toList();
  }

  private static TimerState stateOf(ApprovalProcess process, String timer) {
    return timerOf(process, timer).state();
  }

  private static Optional<Instant> expiresAtOf(ApprovalProcess process, String timer) {
    return timerOf(process, timer).expiresAt();
  }

  // ---- at the start ------------------------------------------------------------------------

  @Test
  void processTimerIsEnabledAtStartWithItsExpirationDateFromThen() {
    ApprovalProcess process = startStandard();
    TimerInfo info = infoOf(process, "process");
    assertEquals(
        new TimerInfo(
            "process",
            "PROCESS",
            null,
            "RUNNING",
            TimeLimit.parse("P5D").text(),
            "2026-11-28T09:00:00Z",
            false,
            false,
            0),
        info);
  }

  @Test
  void firstStepsAcceptanceAndCompletionTimersRunFromWhenItIsOffered() {
    ApprovalProcess process = startStandard();
    assertEquals(
        new TimerInfo(
            "review.acceptance",
            "ACCEPTANCE",
            "review",
            "RUNNING",
            "PT4H",
            "2026-11-23T13:00:00Z",
            false,
            false,
            0),
        infoOf(process, "review.acceptance"));
    assertEquals(
        new TimerInfo(
            "review.completion",
            "COMPLETION",
            "review",
            "RUNNING",
            TimeLimit.parse("P1D").text(),
            "2026-11-24T09:00:00Z",
            false,
            false,
            0),
        infoOf(process, "review.completion"));
  }

  @Test
  void laterStepsTimersStayOffWithoutDateUntilTheStepIsOffered() {
    ApprovalProcess process = startStandard();
    for (String name : List.of("signoff.acceptance", "signoff.completion")) {
      TimerInfo info = infoOf(process, name);
      assertEquals("OFF", info.state(), name);
      assertNull(info.expiresAt(), name);
      assertEquals("signoff", info.step());
    }
  }

  @Test
  void userTimersStartOffWithoutDate() {
    ApprovalProcess process = startStandard();
    assertEquals(
        new TimerInfo("reminder", "USER", null, "OFF", "PT1H", null, false, false, 0),
        infoOf(process, "reminder"));
    TimerInfo escalation = infoOf(process, "escalation");
    assertEquals("OFF", escalation.state());
    assertNull(escalation.expiresAt());
    assertEquals("USER", escalation.kind());
  }

  @Test
  void timersAreListedProcessThenStepByStepThenUserTimers() {
    ApprovalProcess process = startStandard();
    assertEquals(
        List.of(
            "process",
            "review.acceptance",
            "review.completion",
            "signoff.acceptance",
            "signoff.completion",
            "reminder",
            "escalation"),
        process.timerInfos().stream().map(TimerInfo::name).toList());
  }

  @Test
  void onlyTimersWithALimitExist() {
    ApprovalRequest request =
        request(
            null,
            List.of(
                step("review", List.of("alice"), null, "P1D"),
                step("signoff", List.of("dave"), "PT2H", null)),
            List.of());
    ApprovalProcess process = ApprovalProcess.start(request, T0);
    assertEquals(
        List.of("review.completion", "signoff.acceptance"),
        process.timerInfos().stream().map(TimerInfo::name).toList());
    assertEquals(Optional.empty(), process.timer("process"));
    assertEquals(Optional.empty(), process.timer("review.acceptance"));
    assertRefusedUnchanged(process, extendTo("process", "PT1H"), T0, "unknown timer process");
  }

  @Test
  void processWithoutAnyTimerHasNothingToExpire() {
    ApprovalProcess process =
        ApprovalProcess.start(
            request(null, List.of(step("s", List.of("a"), null, null)), null), T0);
    assertEquals(List.of(), process.timerInfos());
    assertEquals(Optional.empty(), process.nextToExpire());
    assertEquals(List.of(), process.expireDue(at("P1000D")));
  }

  @Test
  void absoluteSystemTimerExpiresAtItsInstant() {
    ApprovalProcess process =
        ApprovalProcess.start(
            request(
                "2026-11-25T17:00:00+01:00", List.of(step("s", List.of("a"), null, null)), null),
            T0);
    assertEquals(
        Optional.of(Instant.parse("2026-11-25T16:00:00Z")), expiresAtOf(process, "process"));
  }

  // ---- user timers -------------------------------------------------------------------------

  @Test
  void enableTimerStartsAUserTimerAndComputesItsExpirationDate() {
    ApprovalProcess process = startStandard();
    String message = process.apply(enable("reminder"), at("PT10M"));
    assertEquals(TimerState.RUNNING, stateOf(process, "reminder"));
    assertEquals(Optional.of(at("PT1H10M")), expiresAtOf(process, "reminder"));
    assertTrue(message.contains("reminder") && message.contains(at("PT1H10M").toString()), message);
  }

  @Test
  void enablingAnAbsoluteUserTimerGivesItsInstant() {
    ApprovalProcess process = startStandard();
    process.apply(enable("escalation"), at("PT10M"));
    assertEquals(
        Optional.of(Instant.parse("2026-11-25T16:00:00Z")), expiresAtOf(process, "escalation"));
  }

  @Test
  void disableTimerTurnsARunningUserTimerOff() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    process.apply(disable("reminder"), at("PT10M"));
    assertEquals(TimerState.OFF, stateOf(process, "reminder"));
  }

  @Test
  void expirationDateStaysFixedAcrossDisableAndEnable() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    process.apply(disable("reminder"), at("PT10M"));
    assertEquals(Optional.of(at("PT1H")), expiresAtOf(process, "reminder"));
    process.apply(enable("reminder"), at("PT40M"));
    assertEquals(Optional.of(at("PT1H")), expiresAtOf(process, "reminder"));
    assertEquals(List.of("reminder"), names(process.expireDue(at("PT1H"))));
  }

  @Test
  void disabledUserTimerDoesNotExpireAndExpiresAtOnceWhenEnabledAfterItsDate() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    process.apply(disable("reminder"), at("PT10M"));
    assertEquals(List.of(), process.expireDue(at("PT2H")));
    assertFalse(timerOf(process, "reminder").expired());
    process.apply(enable("reminder"), at("PT3H"));
    assertEquals(List.of("reminder"), names(process.expireDue(at("PT3H"))));
  }

  @Test
  void enablingARunningUserTimerIsRefused() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    assertRefusedUnchanged(process, enable("reminder"), at("PT1M"), "already running");
  }

  @Test
  void disablingAnOffUserTimerIsRefused() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(process, disable("reminder"), T0, "already off");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "process",
        "review.acceptance",
        "review.completion",
        "signoff.acceptance",
        "signoff.completion"
      })
  void enablingOrDisablingASystemTimerIsRefused(String timer) {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(process, enable(timer), T0, "system timer");
    assertRefusedUnchanged(process, disable(timer), T0, "system timer");
  }

  @Test
  void enablingOrDisablingAnUnknownTimerIsRefused() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(process, enable("nope"), T0, "unknown timer nope");
    assertRefusedUnchanged(process, disable("nope"), T0, "unknown timer nope");
    assertRefusedUnchanged(process, enable(null), T0, "a timer name is required");
    assertRefusedUnchanged(process, disable(" "), T0, "a timer name is required");
  }

  // ---- suspend and resume ------------------------------------------------------------------

  @Test
  void suspendTurnsRunningTimersSuspendedAndLeavesOffTimersOff() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    process.apply(SUSPEND, at("PT10M"));
    assertEquals(ProcessState.SUSPENDED, process.state());
    for (String name : List.of("process", "review.acceptance", "review.completion", "reminder")) {
      assertEquals(TimerState.SUSPENDED, stateOf(process, name), name);
    }
    for (String name : List.of("signoff.acceptance", "signoff.completion", "escalation")) {
      assertEquals(TimerState.OFF, stateOf(process, name), name);
    }
  }

  @Test
  void resumeTurnsSuspendedTimersRunningWithUnchangedExpirationDates() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    List<TimerInfo> before = process.timerInfos();
    process.apply(SUSPEND, at("PT10M"));
    process.apply(RESUME, at("PT20M"));
    assertEquals(ProcessState.ACTIVE, process.state());
    assertEquals(before, process.timerInfos());
  }

  @Test
  void offTimersStayOffThroughSuspendAndResume() {
    ApprovalProcess process = startStandard();
    process.apply(SUSPEND, at("PT10M"));
    process.apply(RESUME, at("PT20M"));
    assertEquals(TimerState.OFF, stateOf(process, "reminder"));
    assertEquals(Optional.empty(), expiresAtOf(process, "reminder"));
    assertEquals(TimerState.OFF, stateOf(process, "signoff.acceptance"));
  }

  @Test
  void suspendedTimersDoNotExpireWhileTheProcessIsSuspended() {
    ApprovalProcess process = startStandard();
    process.apply(SUSPEND, at("PT1H"));
    assertEquals(List.of(), process.expireDue(at("P10D")));
    assertEquals(Optional.empty(), process.nextToExpire());
    assertTrue(process.timerInfos().stream().noneMatch(TimerInfo::expired));
    assertTrue(process.history().isEmpty());
  }

  @Test
  void expiresOnResumeWhenDeadlinePassedWhileSuspended() {
    ApprovalProcess process = startStandard();
    process.apply(SUSPEND, at("PT1H"));
    process.apply(RESUME, at("PT5H"));
    List<Expiry> expiries = process.expireDue(at("PT5H"));
    assertEquals(List.of("review.acceptance"), names(expiries));
    assertEquals(at("PT4H"), expiries.get(0).expiresAt());
    assertTrue(timerOf(process, "review.acceptance").expired());
    assertEquals(TimerState.RUNNING, stateOf(process, "review.acceptance"));
  }

  @Test
  void allDeadlinesPassedWhileSuspendedExpireOnResumeInOrder() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    process.apply(SUSPEND, at("PT10M"));
    process.apply(RESUME, at("P3D"));
    assertEquals(
        List.of("reminder", "review.acceptance", "review.completion"),
        names(process.expireDue(at("P3D"))));
  }

  @Test
  void suspendingDoesNotMoveTheExpirationDate() {
    ApprovalProcess process = startStandard();
    process.apply(SUSPEND, at("PT1H"));
    process.apply(RESUME, at("PT2H"));
    assertEquals(Optional.of(at("PT4H")), expiresAtOf(process, "review.acceptance"));
    assertEquals(List.of(), process.expireDue(at("PT4H").minusSeconds(1)));
    assertEquals(List.of("review.acceptance"), names(process.expireDue(at("PT4H"))));
  }

  @Test
  void timersCannotBeEnabledOrDisabledWhileSuspended() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    process.apply(SUSPEND, at("PT10M"));
    assertRefusedUnchanged(
        process,
        disable("reminder"),
        at("PT20M"),
        "cannot be disabled while the process is suspended");
    assertRefusedUnchanged(
        process,
        enable("escalation"),
        at("PT20M"),
        "cannot be enabled while the process is suspended");
  }

  @Test
  void suspendingASuspendedProcessIsRefused() {
    ApprovalProcess process = startStandard();
    process.apply(SUSPEND, T0);
    assertRefusedUnchanged(process, new ApprovalCommand.Suspend("again"), at("PT1M"), "already suspended");
  }

  @Test
  void resumingAnActiveProcessIsRefused() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(process, RESUME, T0, "not suspended");
  }

  @Test
  void suspendRecordsItsReasonAndResumeClearsIt() {
    ApprovalProcess process = startStandard();
    process.apply(SUSPEND, T0);
    assertEquals("SUSPENDED", process.status().state());
    assertEquals("waiting for budget", process.status().suspendedReason());
    process.apply(RESUME, at("PT1M"));
    assertEquals("ACTIVE", process.status().state());
    assertNull(process.status().suspendedReason());
  }

  @Test
  void newLimitSetWhileSuspendedIsComputedFromResume() {
    ApprovalProcess process = startStandard();
    process.apply(SUSPEND, at("PT1H"));
    process.apply(extendTo("review.acceptance", "PT3H"), at("PT2H"));
    assertEquals(TimerState.SUSPENDED, stateOf(process, "review.acceptance"));
    assertEquals(Optional.empty(), expiresAtOf(process, "review.acceptance"));
    process.apply(RESUME, at("PT5H"));
    assertEquals(Optional.of(at("PT8H")), expiresAtOf(process, "review.acceptance"));
    assertEquals(List.of(), process.expireDue(at("PT5H")));
  }

  // ---- expiry ------------------------------------------------------------------------------

  @Test
  void runningTimerExpiresWhenItsExpirationDateIsReached() {
    ApprovalProcess process = startStandard();
    assertEquals(List.of(), process.expireDue(at("PT4H").minusNanos(1)));
    List<Expiry> expiries = process.expireDue(at("PT4H"));
    assertEquals(
        List.of(
            new Expiry(
                "review.acceptance", "review", at("PT4H"), 1, List.of(new TimerHandler.Warn()),
                Expiry.Cause.TIMER_EXPIRED, "ACCEPTANCE")),
        expiries);
    TimerInfo info = infoOf(process, "review.acceptance");
    assertTrue(info.expired());
    assertEquals(1, info.firings());
  }

  @Test
  void expiredTimerStaysRunning() {
    ApprovalProcess process = startStandard();
    process.expireDue(at("PT4H"));
    assertEquals(TimerState.RUNNING, stateOf(process, "review.acceptance"));
    assertEquals("RUNNING", infoOf(process, "review.acceptance").state());
  }

  @Test
  void expiryRecordsATimerExpiredEventInTheHistory() {
    ApprovalProcess process = startStandard();
    process.expireDue(at("PT5H"));
    List<HistoryEntry> history = process.history();
    assertEquals(1, history.size());
    HistoryEntry entry = history.get(0);
    assertEquals(at("PT5H").toString(), entry.at());
    assertEquals("event", entry.kind());
    assertEquals("TimerExpired", entry.name());
    assertTrue(entry.accepted());
    assertNull(entry.reason());
    JsonNode detail = entry.input();
    assertEquals("review.acceptance", detail.get("timer").asText());
    assertEquals(at("PT4H").toString(), detail.get("expiresAt").asText());
    assertEquals(1, detail.get("firing").asInt());
  }

  @Test
  void expiryReturnsTheTimersHandlers() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    List<Expiry> expiries = process.expireDue(at("PT1H"));
    assertEquals(1, expiries.size());
    Expiry expiry = expiries.get(0);
    assertEquals("reminder", expiry.timer());
    assertNull(expiry.step());
    assertEquals(
        List.of(new TimerHandler.Notify(List.of("alice", "bob"), "please decide")),
        expiry.handlers());
  }

  @Test
  void timerWithoutHandlersReturnsTheDefaultWarning() {
    ApprovalProcess process = startStandard();
    List<Expiry> expiries = process.expireDue(at("P1D"));
    for (Expiry expiry : expiries) {
      assertEquals(List.of(new TimerHandler.Warn()), expiry.handlers(), expiry.timer());
    }
    assertEquals(List.of("review.acceptance", "review.completion"), names(expiries));
  }

  @Test
  void configuredHandlersComeInTheirOrder() {
    ApprovalRequest request =
        new ApprovalRequest(
            "r",
            null,
            null,
            null,
            "PT1H",
            List.of(notifyTo("late", "boss"), decide("REJECTED")),
            List.of(step("s", List.of("a"), null, null)),
            null);
    ApprovalProcess process = ApprovalProcess.start(request, T0);
    assertEquals(
        List.of(
            new TimerHandler.Notify(List.of("boss"), "late"),
            new TimerHandler.Decide(Outcome.REJECTED)),
        process.expireDue(at("PT1H")).get(0).handlers());
  }

  @Test
  void expiredTimerNeverFiresAgainWhileItsFlagIsSet() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    assertEquals(List.of("reminder"), names(process.expireDue(at("PT1H"))));
    assertEquals(List.of(), process.expireDue(at("PT1H")));
    assertEquals(List.of(), process.expireDue(at("PT2H")));
    process.apply(disable("reminder"), at("PT2H"));
    process.apply(enable("reminder"), at("PT2H"));
    process.apply(SUSPEND, at("PT2H"));
    process.apply(RESUME, at("PT3H"));
    assertEquals(
        List.of(),
        process.expireDue(at("PT3H")).stream().filter(e -> e.timer().equals("reminder")).toList());
    assertEquals(1, infoOf(process, "reminder").firings());
    assertEquals(
        1,
        process.history().stream()
            .filter(h -> h.input().get("timer").asText().equals("reminder"))
            .count());
  }

  @Test
  void eachTimerExpiresOnceAndTheHistoryHasOneEventPerExpiry() {
    ApprovalProcess process = startStandard();
    process.expireDue(at("PT4H"));
    process.expireDue(at("P1D"));
    process.expireDue(at("P2D"));
    assertEquals(
        List.of("review.acceptance", "review.completion"),
        process.history().stream().map(h -> h.input().get("timer").asText()).toList());
  }

  @Test
  void simultaneousExpiriesComeOrderedByExpirationDateThenName() {
    ApprovalRequest request =
        request(
            "PT1H",
            List.of(step("review", List.of("alice"), "PT1H", "PT30M")),
            List.of(
                timer("zulu", "PT30M"),
                timer("alpha", "PT1H"),
                timer("mike", "2026-11-23T09:30:00Z"),
                timer("bravo", "PT20M")));
    ApprovalProcess process = ApprovalProcess.start(request, T0);
    for (String name : List.of("zulu", "alpha", "mike", "bravo")) {
      process.apply(enable(name), T0);
    }
    List<Expiry> expiries = process.expireDue(at("P1D"));
    assertEquals(
        List.of(
            "bravo", "mike", "review.completion", "zulu", "alpha", "process", "review.acceptance"),
        names(expiries));
    assertEquals(
        names(expiries),
        process.history().stream().map(h -> h.input().get("timer").asText()).toList());
    for (int i = 1; i < expiries.size(); i++) {
      assertFalse(expiries.get(i).expiresAt().isBefore(expiries.get(i - 1).expiresAt()));
    }
  }

  @Test
  void nextToExpireIsTheEarliestRunningUnexpiredTimerTiesBrokenByName() {
    ApprovalRequest request =
        request(
            "PT1H",
            List.of(step("review", List.of("alice"), "PT1H", "PT2H")),
            List.of(timer("early", "PT10M")));
    ApprovalProcess process = ApprovalProcess.start(request, T0);
    // "early" is off, so it does not count.
    assertEquals("process", process.nextToExpire().orElseThrow().name());
    process.apply(enable("early"), T0);
    assertEquals("early", process.nextToExpire().orElseThrow().name());
    process.expireDue(at("PT10M"));
    assertEquals("process", process.nextToExpire().orElseThrow().name());
    process.expireDue(at("PT1H"));
    assertEquals("review.completion", process.nextToExpire().orElseThrow().name());
    process.expireDue(at("PT2H"));
    assertEquals(Optional.empty(), process.nextToExpire());
  }

  @Test
  void nextToExpireIgnoresOffAndClearedTimers() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Claim(null, "alice"), T0);
    assertEquals("review.completion", process.nextToExpire().orElseThrow().name());
    process.apply(new ApprovalCommand.Approve("alice", null), T0);
    assertEquals("signoff.acceptance", process.nextToExpire().orElseThrow().name());
    process.apply(new ApprovalCommand.Abort("cancelled"), T0);
    assertEquals(Optional.empty(), process.nextToExpire());
  }

  @Test
  void nothingExpiresAfterTheEnd() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Abort("cancelled"), at("PT1M"));
    assertEquals(List.of(), process.expireDue(at("P100D")));
    assertTrue(process.history().isEmpty());
  }

  @Test
  void offTimerNeverExpires() {
    ApprovalProcess process = startStandard();
    // escalation (off) would expire 2026-11-25T16:00Z, signoff's timers are off too.
    assertEquals(
        List.of("review.acceptance", "review.completion"),
        names(process.expireDue(Instant.parse("2026-11-26T00:00:00Z"))));
    assertFalse(infoOf(process, "escalation").expired());
    assertNull(infoOf(process, "escalation").expiresAt());
  }

  // ---- acceptance and completion timers ----------------------------------------------------

  @Test
  void acceptanceTimerIsDisabledOnClaim() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    assertEquals(TimerState.OFF, stateOf(process, "review.acceptance"));
    assertEquals(Optional.of(at("PT4H")), expiresAtOf(process, "review.acceptance"));
    assertEquals(List.of("review.completion"), names(process.expireDue(at("P1D"))));
  }

  @Test
  void acceptanceTimerIsReEnabledOnReleaseWithUnchangedExpirationDate() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    process.apply(new ApprovalCommand.Release(null, "alice"), at("PT2H"));
    assertEquals(TimerState.RUNNING, stateOf(process, "review.acceptance"));
    assertEquals(Optional.of(at("PT4H")), expiresAtOf(process, "review.acceptance"));
    assertEquals(List.of(), process.expireDue(at("PT4H").minusSeconds(1)));
    assertEquals(List.of("review.acceptance"), names(process.expireDue(at("PT4H"))));
  }

  @Test
  void acceptanceTimerReleasedAfterItsDateExpiresAtOnce() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    assertEquals(List.of(), process.expireDue(at("PT6H")));
    process.apply(new ApprovalCommand.Release(null, "alice"), at("PT6H"));
    assertEquals(List.of("review.acceptance"), names(process.expireDue(at("PT6H"))));
  }

  @Test
  void acceptanceTimerThatExpiredBeforeTheClaimDoesNotFireAgainAfterRelease() {
    ApprovalProcess process = startStandard();
    assertEquals(List.of("review.acceptance"), names(process.expireDue(at("PT4H"))));
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT5H"));
    process.apply(new ApprovalCommand.Release(null, "alice"), at("PT6H"));
    assertEquals(TimerState.RUNNING, stateOf(process, "review.acceptance"));
    assertTrue(timerOf(process, "review.acceptance").expired());
    assertEquals(List.of(), process.expireDue(at("PT7H")));
  }

  @Test
  void completionTimerKeepsRunningThroughClaimAndRelease() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    assertEquals(TimerState.RUNNING, stateOf(process, "review.completion"));
    process.apply(new ApprovalCommand.Release(null, "alice"), at("PT2H"));
    assertEquals(TimerState.RUNNING, stateOf(process, "review.completion"));
    assertEquals(Optional.of(at("P1D")), expiresAtOf(process, "review.completion"));
  }

  @Test
  void stepTimersAreClearedWhenTheStepIsCompletedAndTheNextStepsStart() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Approve("bob", "fine"), at("PT3H"));
    for (String name : List.of("review.acceptance", "review.completion")) {
      TimerInfo info = infoOf(process, name);
      assertTrue(info.cleared(), name);
      assertEquals("OFF", info.state(), name);
    }
    assertEquals(TimerState.RUNNING, stateOf(process, "signoff.acceptance"));
    assertEquals(Optional.of(at("PT5H")), expiresAtOf(process, "signoff.acceptance"));
    assertEquals(TimerState.RUNNING, stateOf(process, "signoff.completion"));
    assertEquals(Optional.of(at("P2DT3H")), expiresAtOf(process, "signoff.completion"));
    assertEquals(TimerState.RUNNING, stateOf(process, "process"));
    assertEquals(Optional.of(at("P5D")), expiresAtOf(process, "process"));
  }

  @Test
  void clearedTimersNeverExpire() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Approve("bob", null), at("PT1H"));
    List<String> expired = names(process.expireDue(at("P3D")));
    assertFalse(expired.contains("review.acceptance"));
    assertFalse(expired.contains("review.completion"));
    assertEquals(List.of("signoff.acceptance", "signoff.completion"), expired);
  }

  @Test
  void clearedTimersStayOffThroughSuspendAndResume() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Approve("bob", null), at("PT1H"));
    process.apply(SUSPEND, at("PT2H"));
    assertEquals(TimerState.CLEARED, stateOf(process, "review.completion"));
    process.apply(RESUME, at("PT3H"));
    assertEquals(TimerState.CLEARED, stateOf(process, "review.completion"));
    assertTrue(timerOf(process, "review.completion").cleared());
    // The views show it as they always have: off, with the cleared flag.
    TimerInfo shown =
        process.timerInfos().stream().filter(t -> t.name().equals("review.completion")).findFirst().orElseThrow();
    assertEquals("OFF", shown.state());
    assertTrue(shown.cleared());
  }

  @Test
  void everyTimerIsClearedWhenTheProcessIsApproved() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    process.apply(new ApprovalCommand.Approve("alice", null), at("PT1H"));
    process.apply(new ApprovalCommand.Approve("dave", null), at("PT2H"));
    assertEquals(ProcessState.APPROVED, process.state());
    assertAllCleared(process);
  }

  @Test
  void everyTimerIsClearedWhenTheProcessIsRejected() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Reject("alice", "no"), at("PT1H"));
    assertEquals(ProcessState.REJECTED, process.state());
    assertAllCleared(process);
  }

  @Test
  void everyTimerIsClearedWhenTheProcessIsAbortedEvenWhileSuspended() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    process.apply(SUSPEND, at("PT1H"));
    process.apply(new ApprovalCommand.Abort("budget cut"), at("PT2H"));
    assertEquals(ProcessState.ABORTED, process.state());
    assertAllCleared(process);
  }

  private static void assertAllCleared(ApprovalProcess process) {
    for (TimerInfo info : process.timerInfos()) {
      assertTrue(info.cleared(), info.name());
      assertEquals("OFF", info.state(), info.name());
    }
    assertEquals(Optional.empty(), process.nextToExpire());
  }

  // ---- extendDeadline ----------------------------------------------------------------------

  @Test
  void newRelativeLimitOnARunningTimerComputesTheNewDateImmediately() {
    ApprovalProcess process = startStandard();
    String message = process.apply(extendTo("review.completion", "P2D"), at("PT6H"));
    assertEquals(Optional.of(at("P2DT6H")), expiresAtOf(process, "review.completion"));
    assertEquals(TimeLimit.parse("P2D").text(), infoOf(process, "review.completion").limit());
    assertTrue(message.contains(at("P2DT6H").toString()), message);
  }

  @Test
  void newAbsoluteLimitOnARunningTimerIsItsNewDate() {
    ApprovalProcess process = startStandard();
    process.apply(extendTo("process", "2026-12-01T17:00:00+01:00"), at("PT1H"));
    assertEquals(
        Optional.of(Instant.parse("2026-12-01T16:00:00Z")), expiresAtOf(process, "process"));
  }

  @Test
  void extendByAddsToTheCurrentExpirationDate() {
    ApprovalProcess process = startStandard();
    process.apply(extendBy("review.completion", "PT12H"), at("PT6H"));
    assertEquals(Optional.of(at("P1DT12H")), expiresAtOf(process, "review.completion"));
    process.apply(extendBy("review.completion", "PT1H"), at("PT7H"));
    assertEquals(Optional.of(at("P1DT13H")), expiresAtOf(process, "review.completion"));
  }

  @Test
  void extendByAnExpiredTimerGivesItANewDateAndAnotherExpiry() {
    ApprovalProcess process = startStandard();
    process.expireDue(at("PT4H"));
    process.apply(extendBy("review.acceptance", "PT2H"), at("PT5H"));
    TimerInfo info = infoOf(process, "review.acceptance");
    assertFalse(info.expired());
    assertEquals(at("PT6H").toString(), info.expiresAt());
    List<Expiry> again = process.expireDue(at("PT6H"));
    assertEquals(List.of("review.acceptance"), names(again));
    assertEquals(2, again.get(0).firing());
  }

  @Test
  void newLimitClearsTheExpirationFlag() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    process.expireDue(at("PT1H"));
    assertTrue(infoOf(process, "reminder").expired());
    process.apply(extendTo("reminder", "PT30M"), at("PT2H"));
    assertFalse(infoOf(process, "reminder").expired());
    assertEquals(at("PT2H30M").toString(), infoOf(process, "reminder").expiresAt());
    assertEquals(List.of("reminder"), names(process.expireDue(at("PT2H30M"))));
    assertEquals(2, infoOf(process, "reminder").firings());
  }

  @Test
  void newLimitOnAnOffTimerClearsItsDateUntilItNextRuns() {
    ApprovalProcess process = startStandard();
    process.apply(enable("reminder"), T0);
    process.apply(disable("reminder"), at("PT10M"));
    process.apply(extendTo("reminder", "PT2H"), at("PT20M"));
    assertEquals(TimerState.OFF, stateOf(process, "reminder"));
    assertEquals(Optional.empty(), expiresAtOf(process, "reminder"));
    process.apply(enable("reminder"), at("PT3H"));
    assertEquals(Optional.of(at("PT5H")), expiresAtOf(process, "reminder"));
  }

  @Test
  void newLimitOnALaterStepsTimerTakesEffectWhenTheStepIsOffered() {
    ApprovalProcess process = startStandard();
    process.apply(extendTo("signoff.completion", "PT8H"), at("PT1H"));
    assertEquals(Optional.empty(), expiresAtOf(process, "signoff.completion"));
    process.apply(new ApprovalCommand.Approve("alice", null), at("PT2H"));
    assertEquals(Optional.of(at("PT10H")), expiresAtOf(process, "signoff.completion"));
  }

  @Test
  void newLimitOnAClaimedTasksAcceptanceTimerIsComputedOnRelease() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    process.apply(extendTo("review.acceptance", "PT1H"), at("PT2H"));
    assertEquals(Optional.empty(), expiresAtOf(process, "review.acceptance"));
    process.apply(new ApprovalCommand.Release(null, "alice"), at("PT3H"));
    assertEquals(Optional.of(at("PT4H")), expiresAtOf(process, "review.acceptance"));
  }

  @Test
  void extendByIsRefusedWhenThereIsNoExpirationDateYet() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(process, extendBy("reminder", "PT1H"), T0, "has no expiration date yet");
    assertRefusedUnchanged(
        process, extendBy("signoff.completion", "PT1H"), T0, "has no expiration date yet");
  }

  @Test
  void extendDeadlineNeedsExactlyOneOfLimitAndBy() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(
        process,
        new ApprovalCommand.ExtendDeadline("process", null, null, null),
        T0,
        "exactly one of 'limit' (a new time limit) and 'by'");
    assertRefusedUnchanged(
        process,
        new ApprovalCommand.ExtendDeadline("process", "P9D", "P1D", null),
        T0,
        "exactly one of 'limit' (a new time limit) and 'by'");
  }

  @Test
  void deadlineNotInTheFutureIsRefused() {
    ApprovalProcess process = startStandard();
    Instant now = at("PT2H");
    assertRefusedUnchanged(
        process, extendTo("process", "2026-11-23T10:00:00Z"), now, "not in the future");
    assertRefusedUnchanged(process, extendTo("process", now.toString()), now, "not in the future");
    // review.acceptance expires at T0+4H; moving it by one hour from then is still the past at
    // T0+6H.
    assertRefusedUnchanged(
        process, extendBy("review.acceptance", "PT1H"), at("PT6H"), "not in the future");
    assertRefusedUnchanged(
        process, extendBy("review.acceptance", "PT2H"), at("PT6H"), "not in the future");
    process.apply(extendBy("review.acceptance", "PT2H"), at("PT6H").minusNanos(1));
    assertEquals(Optional.of(at("PT6H")), expiresAtOf(process, "review.acceptance"));
  }

  @Test
  void systemTimersCanBeExtended() {
    ApprovalProcess process = startStandard();
    process.apply(extendBy("process", "P1D"), T0);
    process.apply(extendBy("review.acceptance", "PT1H"), T0);
    assertEquals(Optional.of(at("P6D")), expiresAtOf(process, "process"));
    assertEquals(Optional.of(at("PT5H")), expiresAtOf(process, "review.acceptance"));
  }

  @Test
  void extendingAClearedTimerIsRefused() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Approve("alice", null), at("PT1H"));
    assertRefusedUnchanged(process, extendTo("review.completion", "P1D"), at("PT2H"), "cleared");
    assertRefusedUnchanged(process, extendBy("review.acceptance", "P1D"), at("PT2H"), "cleared");
  }

  @Test
  void extendingAnUnknownTimerIsRefused() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(process, extendTo("nope", "P1D"), T0, "unknown timer nope");
    assertRefusedUnchanged(
        process, new ApprovalCommand.ExtendDeadline(null, "P1D", null, null), T0, "required");
  }

  @Test
  void extendingToADeadlineTooFarToRepresentIsRefusedNotAnError() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(
        process,
        new ApprovalCommand.ExtendDeadline(
            "process", Duration.ofSeconds(Long.MAX_VALUE).toString(), null, null),
        T0,
        "");
    assertRefusedUnchanged(
        process,
        new ApprovalCommand.ExtendDeadline("process", null, Duration.ofSeconds(Long.MAX_VALUE).toString(), null),
        T0,
        "");
  }

  @Test
  void deadlinesMoreThanAHundredYearsAheadAreRefused() {
    // Accepted before: a timer of 10,000 years and more fails every workflow task that starts it.
    ApprovalProcess process = startStandard();
    for (String limit : List.of("+10000-01-01T00:00:00Z", "+99999-01-01T00:00:00Z", "P36526D", "3200000000")) {
      assertRefusedUnchanged(process, extendTo("process", limit), T0, "too far in the future (at most 100 years ahead");
    }
    assertRefusedUnchanged(process, extendBy("process", "P36521D"), T0, "too far in the future");
    process.apply(extendTo("process", "P36525D"), T0);
    assertEquals(Optional.of(T0.plus(TimeLimit.MAX_AHEAD)), expiresAtOf(process, "process"));
    process.apply(extendTo("review.acceptance", T0.plus(TimeLimit.MAX_AHEAD).toString()), T0);
  }
}
