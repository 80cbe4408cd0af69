package dev.overdue.model.timer;

import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.Outcome;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.schedule.TimeLimit;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BusinessTimerTest {

  private static BusinessTimer timer(String limit) {
    return new BusinessTimer("t", TimerKind.USER, null, TimeLimit.parse(limit), List.of());
  }

  /** Expires {@code timer} if it is due: whether it fired. */
  private static boolean expires(BusinessTimer timer, Instant now) {
    return !timer.expire(now).isEmpty();
  }

  private static BusinessTimer running(String limit, Instant since) {
    BusinessTimer timer = timer(limit);
    timer.on(TimerEvent.ENABLE, since);
    return timer;
  }

  // ---- initial state -----------------------------------------------------------------------

  @Test
  void timerIsInitiallyOffWithoutExpirationDateOrFlag() {
    BusinessTimer timer = timer("PT1H");
    assertEquals(TimerState.OFF, timer.state());
    assertEquals(Optional.empty(), timer.expiresAt());
    assertFalse(timer.expired());
    assertFalse(timer.cleared());
    assertEquals(0, timer.firings());
    assertFalse(timer.awaitsExpiry());
    assertFalse(timer.isDue(at("P1000D")));
  }

  @Test
  void timerHoldsItsNameKindStepLimitAndHandlers() {
    List<TimerHandler> handlers =
        List.of(
            new TimerHandler.Notify(List.of("bob"), "late"),
            new TimerHandler.Decide(Outcome.REJECTED));
    BusinessTimer timer =
        new BusinessTimer(
            "review.completion", TimerKind.COMPLETION, "review", TimeLimit.parse("P1D"), handlers);
    assertEquals("review.completion", timer.name());
    assertEquals(TimerKind.COMPLETION, timer.kind());
    assertEquals(Optional.of("review"), timer.step());
    assertEquals(TimeLimit.parse("P1D"), timer.limit());
    assertEquals(handlers, timer.handlers());
  }

  @Test
  void timerWithoutHandlersGetsTheDefaultWarning() {
    assertEquals(List.of(new TimerHandler.Warn()), timer("PT1H").handlers());
    assertEquals(TimerHandler.DEFAULT, timer("PT1H").handlers());
  }

  @Test
  void processAndUserTimersHaveNoStep() {
    assertEquals(Optional.empty(), timer("PT1H").step());
  }

  // ---- the expiration date -----------------------------------------------------------------

  @Test
  void relativeExpirationDateIsComputedWhenTheTimerFirstRuns() {
    BusinessTimer timer = timer("PT30M");
    timer.on(TimerEvent.ENABLE, at("PT2H"));
    assertEquals(TimerState.RUNNING, timer.state());
    assertEquals(Optional.of(at("PT2H30M")), timer.expiresAt());
  }

  @Test
  void absoluteExpirationDateIsTheLimitsInstant() {
    BusinessTimer timer = timer("2026-11-25T17:00:00+01:00");
    timer.on(TimerEvent.ENABLE, at("PT2H"));
    assertEquals(Optional.of(Instant.parse("2026-11-25T16:00:00Z")), timer.expiresAt());
  }

  @Test
  void expirationDateStaysFixedAcrossDisableAndEnable() {
    BusinessTimer timer = running("PT1H", T0);
    timer.on(TimerEvent.DISABLE, at("PT10M"));
    assertEquals(TimerState.OFF, timer.state());
    assertEquals(Optional.of(at("PT1H")), timer.expiresAt());
    timer.on(TimerEvent.ENABLE, at("PT50M"));
    assertEquals(TimerState.RUNNING, timer.state());
    assertEquals(Optional.of(at("PT1H")), timer.expiresAt());
  }

  @Test
  void expirationDateStaysFixedAcrossSuspendAndResume() {
    BusinessTimer timer = running("PT1H", T0);
    timer.on(TimerEvent.SUSPEND, at("PT10M"));
    assertEquals(TimerState.SUSPENDED, timer.state());
    assertEquals(Optional.of(at("PT1H")), timer.expiresAt());
    timer.on(TimerEvent.RESUME, at("PT40M"));
    assertEquals(TimerState.RUNNING, timer.state());
    assertEquals(Optional.of(at("PT1H")), timer.expiresAt());
  }

  @Test
  void suspendingAndResumingAnOffTimerLeavesItOffWithoutDate() {
    BusinessTimer timer = timer("PT1H");
    timer.on(TimerEvent.SUSPEND, T0);
    assertEquals(TimerState.OFF, timer.state());
    timer.on(TimerEvent.RESUME, at("PT1M"));
    assertEquals(TimerState.OFF, timer.state());
    assertEquals(Optional.empty(), timer.expiresAt());
  }

  // ---- setting a new limit -----------------------------------------------------------------

  @Test
  void newLimitOnARunningTimerComputesTheNewDateImmediately() {
    BusinessTimer timer = running("PT1H", T0);
    timer.setLimit(TimeLimit.parse("PT2H"), at("PT30M"), null);
    assertEquals(TimeLimit.parse("PT2H"), timer.limit());
    assertEquals(Optional.of(at("PT2H30M")), timer.expiresAt());
    assertEquals(TimerState.RUNNING, timer.state());
  }

  @Test
  void newAbsoluteLimitOnARunningTimerIsItsNewDate() {
    BusinessTimer timer = running("PT1H", T0);
    timer.setLimit(TimeLimit.parse("2026-11-24T12:00:00Z"), at("PT30M"), null);
    assertEquals(Optional.of(Instant.parse("2026-11-24T12:00:00Z")), timer.expiresAt());
  }

  @Test
  void newLimitOnAnOffTimerClearsTheDateUntilItNextRuns() {
    BusinessTimer timer = running("PT1H", T0);
    timer.on(TimerEvent.DISABLE, at("PT10M"));
    timer.setLimit(TimeLimit.parse("PT2H"), at("PT20M"), null);
    assertEquals(TimerState.OFF, timer.state());
    assertEquals(Optional.empty(), timer.expiresAt());
    timer.on(TimerEvent.ENABLE, at("PT3H"));
    assertEquals(Optional.of(at("PT5H")), timer.expiresAt());
  }

  @Test
  void newLimitOnASuspendedTimerIsComputedWhenItRunsAgain() {
    BusinessTimer timer = running("PT1H", T0);
    timer.on(TimerEvent.SUSPEND, at("PT10M"));
    timer.setLimit(TimeLimit.parse("PT2H"), at("PT20M"), null);
    assertEquals(TimerState.SUSPENDED, timer.state());
    assertEquals(Optional.empty(), timer.expiresAt());
    timer.on(TimerEvent.RESUME, at("PT1H"));
    assertEquals(Optional.of(at("PT3H")), timer.expiresAt());
  }

  @Test
  void newLimitClearsTheExpirationFlagAndAllowsAnotherExpiry() {
    BusinessTimer timer = running("PT1H", T0);
    assertTrue(expires(timer, at("PT1H")));
    assertTrue(timer.expired());
    timer.setLimit(TimeLimit.parse("PT1H"), at("PT2H"), null);
    assertFalse(timer.expired());
    assertEquals(Optional.of(at("PT3H")), timer.expiresAt());
    assertFalse(expires(timer, at("PT2H59M")));
    assertTrue(expires(timer, at("PT3H")));
    assertEquals(2, timer.firings());
  }

  @Test
  void newLimitOnAClearedTimerIsRefused() {
    BusinessTimer timer = running("PT1H", T0);
    timer.clear(T0);
    RuleViolation violation =
        assertThrows(RuleViolation.class, () -> timer.setLimit(TimeLimit.parse("PT2H"), T0, null));
    assertTrue(violation.reason().contains("cleared"), violation.reason());
    assertEquals(TimeLimit.parse("PT1H"), timer.limit());
    assertEquals(Optional.of(at("PT1H")), timer.expiresAt());
  }

  // ---- expiring ----------------------------------------------------------------------------

  @Test
  void runningTimerExpiresWhenItsExpirationDateIsReached() {
    BusinessTimer timer = running("PT1H", T0);
    assertTrue(timer.isDue(at("PT1H")));
    assertTrue(expires(timer, at("PT1H")));
    assertTrue(timer.expired());
    assertEquals(1, timer.firings());
  }

  @Test
  void runningTimerExpiresWhenItsExpirationDateIsExceeded() {
    BusinessTimer timer = running("PT1H", T0);
    assertTrue(expires(timer, at("PT5H")));
    assertTrue(timer.expired());
  }

  @Test
  void timerDoesNotExpireBeforeItsExpirationDate() {
    BusinessTimer timer = running("PT1H", T0);
    Instant justBefore = at("PT1H").minusNanos(1);
    assertFalse(timer.isDue(justBefore));
    assertFalse(expires(timer, justBefore));
    assertFalse(timer.expired());
    assertEquals(0, timer.firings());
  }

  @Test
  void expiredTimerStaysRunningWithItsDate() {
    BusinessTimer timer = running("PT1H", T0);
    expires(timer, at("PT1H"));
    assertEquals(TimerState.RUNNING, timer.state());
    assertEquals(Optional.of(at("PT1H")), timer.expiresAt());
  }

  @Test
  void expiredTimerNeverExpiresAgainWhileTheFlagIsSet() {
    BusinessTimer timer = running("PT1H", T0);
    assertTrue(expires(timer, at("PT1H")));
    assertFalse(timer.isDue(at("PT2H")));
    assertFalse(expires(timer, at("PT2H")));
    assertFalse(timer.awaitsExpiry());
    timer.on(TimerEvent.DISABLE, at("PT2H"));
    timer.on(TimerEvent.ENABLE, at("PT3H"));
    timer.on(TimerEvent.SUSPEND, at("PT3H"));
    timer.on(TimerEvent.RESUME, at("PT4H"));
    assertTrue(timer.expired());
    assertFalse(expires(timer, at("P10D")));
    assertEquals(1, timer.firings());
  }

  @Test
  void offTimerNeverExpires() {
    BusinessTimer timer = running("PT1H", T0);
    timer.on(TimerEvent.DISABLE, at("PT10M"));
    assertFalse(timer.isDue(at("PT2H")));
    assertFalse(expires(timer, at("PT2H")));
    assertFalse(timer.expired());
  }

  @Test
  void suspendedTimerDoesNotExpireButExpiresAtOnceWhenResumedAfterItsDate() {
    BusinessTimer timer = running("PT1H", T0);
    timer.on(TimerEvent.SUSPEND, at("PT30M"));
    assertFalse(timer.isDue(at("PT2H")));
    assertFalse(expires(timer, at("PT2H")));
    assertFalse(timer.expired());
    timer.on(TimerEvent.RESUME, at("PT3H"));
    assertTrue(timer.isDue(at("PT3H")));
    assertTrue(expires(timer, at("PT3H")));
  }

  @Test
  void awaitsExpiryExactlyWhenRunningWithADateAndNotExpired() {
    BusinessTimer timer = timer("PT1H");
    assertFalse(timer.awaitsExpiry());
    timer.on(TimerEvent.ENABLE, T0);
    assertTrue(timer.awaitsExpiry());
    timer.on(TimerEvent.SUSPEND, T0);
    assertFalse(timer.awaitsExpiry());
    timer.on(TimerEvent.RESUME, T0);
    assertTrue(timer.awaitsExpiry());
    expires(timer, at("PT1H"));
    assertFalse(timer.awaitsExpiry());
  }

  // ---- refusals change nothing -------------------------------------------------------------

  @Test
  void refusedEventChangesNothing() {
    BusinessTimer timer = running("PT1H", T0);
    assertThrows(RuleViolation.class, () -> timer.on(TimerEvent.ENABLE, at("PT30M")));
    assertThrows(RuleViolation.class, () -> timer.on(TimerEvent.RESUME, at("PT30M")));
    assertEquals(TimerState.RUNNING, timer.state());
    assertEquals(Optional.of(at("PT1H")), timer.expiresAt());
  }

  @Test
  void timerCannotBeEnabledOrDisabledWhileSuspended() {
    BusinessTimer timer = running("PT1H", T0);
    timer.on(TimerEvent.SUSPEND, T0);
    assertTrue(timer.refusal(TimerEvent.ENABLE).orElseThrow().contains("suspended"));
    assertTrue(timer.refusal(TimerEvent.DISABLE).orElseThrow().contains("suspended"));
    assertThrows(RuleViolation.class, () -> timer.on(TimerEvent.ENABLE, T0));
    assertThrows(RuleViolation.class, () -> timer.on(TimerEvent.DISABLE, T0));
    assertEquals(TimerState.SUSPENDED, timer.state());
  }

  // ---- cleared timers ----------------------------------------------------------------------

  @ParameterizedTest
  @EnumSource(value = TimerState.class, names = {"OFF", "RUNNING", "SUSPENDED"})
  void clearedTimerIsOffForGood(TimerState before) {
    BusinessTimer timer = timer("PT1H");
    if (before != TimerState.OFF) {
      timer.on(TimerEvent.ENABLE, T0);
    }
    if (before == TimerState.SUSPENDED) {
      timer.on(TimerEvent.SUSPEND, T0);
    }
    timer.clear(T0);
    assertTrue(timer.cleared());
    assertEquals(TimerState.CLEARED, timer.state());
    // Shown as it always was: off, with the cleared flag.
    assertEquals(TimerState.OFF, timer.state().shown());
    assertEquals("OFF", timer.snapshot().state());
    assertTrue(timer.snapshot().cleared());
    for (TimerEvent event : TimerEvent.values()) {
      assertTrue(timer.refusal(event).orElseThrow().contains("cleared"), event.toString());
      assertThrows(RuleViolation.class, () -> timer.on(event, at("PT1M")));
      assertEquals(TimerState.CLEARED, timer.state());
    }
    timer.ensureRunning(at("PT1M"));
    timer.ensureOff(at("PT1M"));
    assertEquals(TimerState.CLEARED, timer.state());
    assertFalse(timer.isDue(at("P10D")));
    assertFalse(expires(timer, at("P10D")));
    assertFalse(timer.awaitsExpiry());
    assertEquals(List.of(), timer.upcoming(3));
  }

  @Test
  void aClearedTimerComesBackClearedFromItsSnapshot() {
    BusinessTimer timer = running("PT1H", T0);
    timer.clear(T0);
    BusinessTimer restored = BusinessTimer.restore(timer.snapshot(), null);
    assertEquals(TimerState.CLEARED, restored.state());
    assertEquals(Optional.of(at("PT1H")), restored.expiresAt());
  }

  @Test
  void aSuspendedProcessSwitchesNoLiveTimerEvenOneThatIsOff() {
    BusinessTimer off = timer("PT1H");
    assertEquals(
        "timer t: timers cannot be enabled while the process is suspended",
        off.switchRefusal(TimerEvent.ENABLE, true).orElseThrow());
    assertEquals(Optional.empty(), off.switchRefusal(TimerEvent.ENABLE, false));
    BusinessTimer running = running("PT1H", T0);
    assertEquals(
        "timer t: timers cannot be disabled while the process is suspended",
        running.switchRefusal(TimerEvent.DISABLE, true).orElseThrow());
  }

  // ---- the process's own switches ----------------------------------------------------------

  @Test
  void ensureRunningEnablesAnOffTimerAndLeavesARunningOneAlone() {
    BusinessTimer timer = timer("PT1H");
    timer.ensureRunning(T0);
    assertEquals(TimerState.RUNNING, timer.state());
    assertEquals(Optional.of(at("PT1H")), timer.expiresAt());
    timer.ensureRunning(at("PT30M"));
    assertEquals(TimerState.RUNNING, timer.state());
    assertEquals(Optional.of(at("PT1H")), timer.expiresAt());
  }

  @Test
  void ensureOffDisablesARunningTimerKeepingItsDate() {
    BusinessTimer timer = running("PT1H", T0);
    timer.ensureOff(T0);
    assertEquals(TimerState.OFF, timer.state());
    assertEquals(Optional.of(at("PT1H")), timer.expiresAt());
    timer.ensureOff(T0);
    assertEquals(TimerState.OFF, timer.state());
    timer.ensureRunning(at("PT40M"));
    assertEquals(Optional.of(at("PT1H")), timer.expiresAt());
  }
}
