package dev.overdue.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One business timer with the lifecycle of seed 000: a state (off, running, suspended), a time
 * limit, an expiration date fixed once computed, and an expiration flag.
 */
public final class BusinessTimer {
  private final String name;
  private final TimerKind kind;
  /** The step whose task this timer observes; null for process and user timers. */
  private final String step;

  private final List<TimerHandler> handlers;
  private TimeLimit limit;
  private TimerState state = TimerState.OFF;
  private Instant expiresAt;
  private boolean expired;
  private boolean cleared;
  private int firings;

  public BusinessTimer(
      String name, TimerKind kind, String step, TimeLimit limit, List<TimerHandler> handlers) {
    this.name = name;
    this.kind = kind;
    this.step = step;
    this.limit = limit;
    this.handlers = handlers.isEmpty() ? TimerHandler.DEFAULT : List.copyOf(handlers);
  }

  ProcessSnapshot.TimerSnapshot snapshot() {
    return new ProcessSnapshot.TimerSnapshot(
        name,
        kind.name(),
        step,
        limit.text(),
        handlers.stream().map(TimerHandler::definition).toList(),
        state.name(),
        expiresAt == null ? null : expiresAt.toString(),
        expired,
        cleared,
        firings);
  }

  static BusinessTimer restore(ProcessSnapshot.TimerSnapshot snapshot) {
    BusinessTimer timer =
        new BusinessTimer(
            snapshot.name(),
            TimerKind.valueOf(snapshot.kind()),
            snapshot.step(),
            TimeLimit.parse(snapshot.limit()),
            RequestValidator.handlers(snapshot.handlers()));
    timer.state = TimerState.valueOf(snapshot.state());
    timer.expiresAt = snapshot.expiresAt() == null ? null : Instant.parse(snapshot.expiresAt());
    timer.expired = snapshot.expired();
    timer.cleared = snapshot.cleared();
    timer.firings = snapshot.firings();
    return timer;
  }

  /** Why {@code event} would be refused now, if it would be. Changes nothing. */
  public Optional<String> refusal(TimerEvent event) {
    if (cleared) {
      return Optional.of("timer " + name + " was cleared");
    }
    TransitionTable.Row<TimerState, TimerEvent> row = TimerLifecycle.TABLE.row(state, event);
    return row.allowed() ? Optional.empty() : Optional.of("timer " + name + ": " + row.rejection());
  }

  /** Applies a lifecycle event; the expiration date is computed when first running after a new limit. */
  public void on(TimerEvent event, Instant now) {
    refusal(event).ifPresent(reason -> {
      throw new RuleViolation(reason);
    });
    state = TimerLifecycle.TABLE.fire(state, event);
    if (state == TimerState.RUNNING && expiresAt == null) {
      expiresAt = limit.expirationFrom(now);
    }
  }

  /** Turns the timer on unless it already runs (system timers re-enter states idempotently). */
  void ensureRunning(Instant now) {
    if (!cleared && state == TimerState.OFF) {
      on(TimerEvent.ENABLE, now);
    }
  }

  void ensureOff() {
    if (!cleared && state == TimerState.RUNNING) {
      state = TimerState.OFF;
    }
  }

  /**
   * Sets a new time limit: clears the expiration date and the flag, and computes the new date at
   * once when the timer is running.
   */
  public void setLimit(TimeLimit newLimit, Instant now) {
    if (cleared) {
      throw new RuleViolation("timer " + name + " was cleared");
    }
    limit = newLimit;
    expired = false;
    expiresAt = state == TimerState.RUNNING ? newLimit.expirationFrom(now) : null;
  }

  /** Expires the timer when it is running, not yet expired, and its expiration date is reached. */
  public boolean expireIfDue(Instant now) {
    if (isDue(now)) {
      expired = true;
      firings++;
      return true;
    }
    return false;
  }

  public boolean isDue(Instant now) {
    return awaitsExpiry() && !now.isBefore(expiresAt);
  }

  /** Running with a date and not yet expired: the only timers a server timer is needed for. */
  public boolean awaitsExpiry() {
    return !cleared && state == TimerState.RUNNING && !expired && expiresAt != null;
  }

  /** Off for good: the task or process this system timer observed has finished. */
  public void clear() {
    state = TimerState.OFF;
    cleared = true;
  }

  public String name() {
    return name;
  }

  public TimerKind kind() {
    return kind;
  }

  public Optional<String> step() {
    return Optional.ofNullable(step);
  }

  public List<TimerHandler> handlers() {
    return handlers;
  }

  public TimeLimit limit() {
    return limit;
  }

  public TimerState state() {
    return state;
  }

  public Optional<Instant> expiresAt() {
    return Optional.ofNullable(expiresAt);
  }

  public boolean expired() {
    return expired;
  }

  public boolean cleared() {
    return cleared;
  }

  /** How many times this timer has expired over its life (a new limit allows another expiry). */
  public int firings() {
    return firings;
  }
}
