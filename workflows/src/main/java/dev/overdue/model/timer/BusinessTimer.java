package dev.overdue.model.timer;

import dev.overdue.api.TimerChange;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.TransitionTable;
import dev.overdue.model.expression.DataExpression;
import dev.overdue.model.request.HandlerDefinitions;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.schedule.BusinessCalendar;
import dev.overdue.model.schedule.Cycle;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One business timer: a state ({@link TimerLifecycle}), a time limit, an expiration date fixed
 * once computed, and an expiration flag. A cycle limit ({@code R3/PT4H}, a cron expression) makes
 * it repeat: its date is the next occurrence ({@link Cycle}), and missed occurrences follow its
 * {@link Cycle.CatchUp} policy.
 *
 * <p>Every change of state goes through the lifecycle table, which refuses what a state does not
 * allow; {@link #transition} then gives the allowed row its effect. The timer keeps how its date
 * was derived: the base instant, the limit, the calendar, and every change with who made it and the
 * old and new values.
 */
public final class BusinessTimer {
  /** The changes a timer remembers: the latest ones, so a snapshot does not grow without end. */
  static final int MAX_CHANGES = 20;

  private final String name;
  private final TimerKind kind;
  /** The step whose task this timer observes; null for process and user timers. */
  private final String step;

  private final List<TimerHandler> handlers;
  private final Cycle.CatchUp catchUp;
  private TimeLimit limit;
  private TimerState state = TimerState.OFF;
  private Instant expiresAt;
  private boolean expired;
  private int firings;
  /** When the current expiration date, or a cycle's first occurrence, was counted from. */
  private Instant base;
  /** Occurrences of a cycle dealt with (fired or skipped) since {@link #base}. */
  private long occurrencesDone;
  /** A cycle with no occurrence left: its count, or its end, was reached. */
  private boolean ranOut;
  private final List<TimerChange> changes = new ArrayList<>();
  /** Changes over the timer's life, remembered or not; each is in the trail of its run. */
  private long changeCount;
  /** Counts working time; set by the process, null when no limit of the approval needs it. */
  private BusinessCalendar calendar;
  private LimitEvaluator evaluator;
  /** What the limit's expression gave when the timer last got its date; null for a literal limit. */
  private TimeLimit evaluated;

  public BusinessTimer(
      String name, TimerKind kind, String step, TimeLimit limit, List<TimerHandler> handlers) {
    this(name, kind, step, limit, handlers, Cycle.CatchUp.FIRE_ONCE);
  }

  public BusinessTimer(
      String name, TimerKind kind, String step, TimeLimit limit, List<TimerHandler> handlers, Cycle.CatchUp catchUp) {
    this.name = name;
    this.kind = kind;
    this.step = step;
    this.limit = limit;
    this.handlers = handlers.isEmpty() ? TimerHandler.DEFAULT : List.copyOf(handlers);
    this.catchUp = catchUp == null ? Cycle.CatchUp.FIRE_ONCE : catchUp;
  }

  public void useCalendar(BusinessCalendar calendar) {
    this.calendar = calendar;
  }

  public void useEvaluator(LimitEvaluator evaluator) {
    this.evaluator = evaluator;
  }

  /** A cleared timer is written {@code OFF} with {@code cleared: true}, as snapshots always had it. */
  public TimerSnapshot snapshot() {
    return snapshot(changes.size());
  }

  /**
   * The snapshot carrying only the latest {@code carried} of the changes it remembers, and how many
   * it had in all.
   */
  public TimerSnapshot snapshot(int carried) {
    List<TimerChange> kept = changes.subList(changes.size() - carried, changes.size());
    return new TimerSnapshot(
        name,
        kind.name(),
        step,
        limit.text(),
        handlers.stream().map(TimerHandler::definition).toList(),
        state.shown().name(),
        expiresAt == null ? null : expiresAt.toString(),
        expired,
        cleared(),
        firings,
        catchUp == Cycle.CatchUp.FIRE_ONCE ? null : catchUp.text(),
        base == null ? null : base.toString(),
        occurrencesDone == 0 ? null : occurrencesDone,
        kept.isEmpty() ? null : List.copyOf(kept),
        limit instanceof TimeLimit.FromData fromData && fromData.business() ? RequestValidator.BUSINESS : null,
        evaluated == null ? null : evaluated.text(),
        changeCount > 0 ? changeCount : null);
  }

  /** The timer {@code snapshot} saved. */
  public static BusinessTimer restore(TimerSnapshot snapshot, BusinessCalendar calendar) {
    BusinessTimer timer =
        new BusinessTimer(
            snapshot.name(),
            TimerKind.valueOf(snapshot.kind()),
            snapshot.step(),
            DataExpression.isExpression(snapshot.limit())
                ? new TimeLimit.FromData(snapshot.limit(), snapshot.limitCalendar() != null)
                : TimeLimit.parse(snapshot.limit(), null),
            HandlerDefinitions.handlers(snapshot.handlers()),
            Cycle.CatchUp.parse(snapshot.catchUp()));
    timer.calendar = calendar;
    timer.state = snapshot.cleared() ? TimerState.CLEARED : TimerState.valueOf(snapshot.state());
    timer.expiresAt = snapshot.expiresAt() == null ? null : Instant.parse(snapshot.expiresAt());
    timer.expired = snapshot.expired();
    timer.firings = snapshot.firings();
    timer.base = snapshot.base() == null ? null : Instant.parse(snapshot.base());
    timer.occurrencesDone = snapshot.occurrencesDone() == null ? 0 : snapshot.occurrencesDone();
    timer.evaluated =
        snapshot.evaluated() == null ? null : TimeLimit.parse(snapshot.evaluated(), null);
    // Not in snapshots: whether a next occurrence exists follows from the count and the base.
    timer.ranOut =
        timer.isCycle() && timer.base != null && timer.expiresAt != null
            && timer.cycle().next(timer.base, timer.occurrencesDone, calendar).isEmpty();
    if (snapshot.changes() != null) {
      timer.changes.addAll(snapshot.changes());
    }
    // Snapshots made before counts carried every change the timer remembered.
    timer.changeCount = snapshot.changeCount() != null ? snapshot.changeCount() : timer.changes.size();
    return timer;
  }

  /** Why {@code event} would be refused now, if it would be. Changes nothing. */
  public Optional<String> refusal(TimerEvent event) {
    return refusalIn(state, event);
  }

  /**
   * Why an enable or disable command would be refused now. While its process is suspended a live
   * timer answers by the SUSPENDED rows whatever its own state: one that was off stays off when the
   * process is suspended, yet cannot be switched on either.
   */
  public Optional<String> switchRefusal(TimerEvent event, boolean processSuspended) {
    return refusalIn(processSuspended && state != TimerState.CLEARED ? TimerState.SUSPENDED : state, event);
  }

  private Optional<String> refusalIn(TimerState judged, TimerEvent event) {
    TransitionTable.Row<TimerState, TimerEvent> row = TimerLifecycle.TABLE.row(judged, event);
    return row.allowed() ? Optional.empty() : Optional.of("timer " + name + ": " + row.rejection());
  }

  /** Applies a lifecycle event, or throws {@link RuleViolation} with its row's reason, unchanged. */
  public void on(TimerEvent event, Instant now) {
    transition(event, now);
  }

  /**
   * The one way a timer changes state: the table's row decides, then the row's effect is made.
   * ENABLE and RESUME fix the expiration date when the timer runs without one (its first run after
   * a new limit); EXPIRE fires what is due. The effects of EXTEND are in {@link #setLimit} and
   * {@link #postponeCycle}, which go through here first.
   */
  private List<Firing> transition(TimerEvent event, Instant now) {
    refusal(event).ifPresent(reason -> {
      throw new RuleViolation(reason);
    });
    state = TimerLifecycle.TABLE.fire(state, event);
    if (event == TimerEvent.EXPIRE) {
      return isDue(now) ? fire(now) : List.of();
    }
    if (state == TimerState.RUNNING && expiresAt == null && !countFrom(now)) {
      // Its limit gave no date (an expression that failed, with a warning): it stays off.
      state = TimerLifecycle.TABLE.fire(state, TimerEvent.DISABLE);
    }
    return List.of();
  }

  /** An enable or disable command by {@code by}: applied, then kept in the trail. */
  public void switchBy(TimerEvent event, Instant now, String by) {
    Instant oldDate = expiresAt;
    on(event, now);
    recordChange(now, by, event == TimerEvent.ENABLE ? "enabled" : "disabled", limit.text(), oldDate);
  }

  /**
   * Fixes the expiration date (a cycle's first occurrence) counting from {@code now}; a cycle with
   * a start counts from it, and one with no occurrence left has no date.
   */
  private boolean countFrom(Instant now) {
    if (isCycle()) {
      Cycle.Position position = cycle().begin(now, calendar);
      base = position.base();
      occurrencesDone = position.done();
      expiresAt = position.next().orElse(null);
      ranOut = position.next().isEmpty();
      return true;
    }
    if (limit instanceof TimeLimit.FromData fromData) {
      try {
        evaluated = evaluator.evaluate(this, fromData, now);
      } catch (RuleViolation noValue) {
        evaluated = null;
        return false;
      }
    }
    base = now;
    occurrencesDone = 0;
    expiresAt = effectiveLimit().expirationFrom(now, calendar);
    return true;
  }

  /** The limit the date counts by: the literal one, or what its expression gave last. */
  public TimeLimit effectiveLimit() {
    return evaluated != null ? evaluated : limit;
  }

  /** Switches an off system timer on; a running one, or a cleared one, stays as it is. */
  public void ensureRunning(Instant now) {
    if (state == TimerState.OFF) {
      on(TimerEvent.ENABLE, now);
    }
  }

  /** Switches a running system timer off, keeping its date; any other stays as it is. */
  void ensureOff(Instant now) {
    if (state == TimerState.RUNNING) {
      on(TimerEvent.DISABLE, now);
    }
  }

  /**
   * Starts afresh from {@code now} (a deadline counted from the claim, for a new owner): a new
   * expiration date by its limit, the flag cleared; {@code why} goes into its changes.
   */
  void restart(Instant now, String why) {
    ensureOff(now);
    setLimit(limit, now, why);
    ensureRunning(now);
  }

  /** Off for good: the task or process this timer observed has finished. */
  public void clear(Instant now) {
    on(TimerEvent.CLEAR, now);
  }

  /**
   * Sets a new time limit: clears the expiration date and the flag, and computes the new date at
   * once when the timer is running. {@code by} is who asked, for the derivation trail.
   */
  public void setLimit(TimeLimit newLimit, Instant now, String by) {
    transition(TimerEvent.EXTEND, now);
    String oldLimit = limit.text();
    Instant oldDate = expiresAt;
    limit = newLimit;
    evaluated = null;
    expired = false;
    ranOut = false;
    if (state == TimerState.RUNNING) {
      countFrom(now);
    } else {
      expiresAt = null;
    }
    recordChange(now, by, "limit", oldLimit, oldDate);
  }

  /** Moves a cycle's remaining occurrences {@code by} later (a cron cycle: to its next time after). */
  public void postponeCycle(IsoDuration by, Instant now, String who) {
    transition(TimerEvent.EXTEND, now);
    Instant oldDate = expiresAt;
    base = cycle().postponed(base, expiresAt, by, calendar);
    Optional<Instant> next = cycle().next(base, occurrencesDone, calendar);
    next.ifPresent(at -> expiresAt = at);
    ranOut = next.isEmpty();
    recordChange(now, who, "postponed by " + by.text(), limit.text(), oldDate);
  }

  /** The next occurrence of a cycle postponed {@code by}; empty when none would be left. */
  public Optional<Instant> nextIfPostponed(IsoDuration by) {
    return cycle().next(cycle().postponed(base, expiresAt, by, calendar), occurrencesDone, calendar);
  }

  /**
   * Counts the date again in {@code newCalendar} (recalculation), when it depends on the calendar
   * and is still to come: a working-time limit from its base, a cycle's next occurrence. Every
   * timer counts in the new calendar from now on. Returns the date before, when it moved.
   */
  public Optional<Instant> recount(BusinessCalendar newCalendar, String described, Instant now, String by) {
    calendar = newCalendar;
    if (!countsInCalendar() || state == TimerState.CLEARED || base == null || !hasComingDate()) {
      return Optional.empty();
    }
    Instant oldDate = expiresAt;
    if (effectiveLimit() instanceof TimeLimit.Working working) {
      expiresAt = newCalendar.plus(base, working.duration());
    } else {
      Optional<Instant> next = cycle().next(base, occurrencesDone, newCalendar);
      next.ifPresent(at -> expiresAt = at);
      ranOut = next.isEmpty();
    }
    if (oldDate.equals(expiresAt) && !ranOut) {
      return Optional.empty();
    }
    recordChange(now, by, "recalculated in " + described, limit.text(), oldDate);
    return Optional.of(oldDate);
  }

  /** Where the days of its duration or its cycle's interval count ({@link IsoDuration}). */
  public ZoneId dayZone() {
    if (isCycle()) {
      return cycle().dayZone(calendar);
    }
    return IsoDuration.dayZone(effectiveLimit() instanceof TimeLimit.Relative, calendar);
  }

  /** Whether the date depends on the business calendar: working time, or a cron's zone and days. */
  public boolean countsInCalendar() {
    return effectiveLimit() instanceof TimeLimit.Working || (isCycle() && cycle().needsCalendar());
  }

  private void recordChange(Instant at, String by, String change, String oldLimit, Instant oldDate) {
    if (changes.size() == MAX_CHANGES) {
      changes.remove(0);
    }
    changeCount++;
    changes.add(
        new TimerChange(
            at.toString(),
            by,
            change,
            oldLimit,
            limit.text(),
            oldDate == null ? null : oldDate.toString(),
            expiresAt == null ? null : expiresAt.toString()));
  }

  /** One firing of a timer: its number over the timer's life and the date it was due. */
  public record Firing(int number, Instant dueAt) {}

  /**
   * Expires the timer if it is due: once for a one-shot limit; for a cycle, the occurrences its
   * catch-up policy fires (possibly none, when missed ones are skipped), after which the timer
   * waits for its next occurrence unless the cycle has run out.
   */
  public List<Firing> expire(Instant now) {
    return isDue(now) ? transition(TimerEvent.EXPIRE, now) : List.of();
  }

  /** The EXPIRE row's effect on a due timer: the flag raised, each firing counted. */
  private List<Firing> fire(Instant now) {
    if (!(limit instanceof TimeLimit.Repeating)) {
      expired = true;
      firings++;
      return List.of(new Firing(firings, expiresAt));
    }
    Cycle.Step step = cycle().step(base, occurrencesDone, now, catchUp, calendar);
    List<Firing> fired = new ArrayList<>();
    for (Instant dueAt : step.firings()) {
      firings++;
      fired.add(new Firing(firings, dueAt));
    }
    occurrencesDone = step.done();
    if (step.base() != null) {
      base = step.base();
    }
    expired = expired || !fired.isEmpty();
    step.next().ifPresent(next -> expiresAt = next);
    ranOut = step.next().isEmpty();
    return fired;
  }

  public boolean isDue(Instant now) {
    return awaitsExpiry() && !now.isBefore(expiresAt);
  }

  /**
   * Running with a date and not yet expired (a cycle: not yet run out): the only timers a server
   * timer is needed for.
   */
  public boolean awaitsExpiry() {
    return state == TimerState.RUNNING && hasComingDate();
  }

  /** A date still to come, whether or not the timer runs toward it now. */
  public boolean hasComingDate() {
    return expiresAt != null && (isCycle() ? !cycleRanOut() : !expired);
  }

  public boolean isCycle() {
    return limit instanceof TimeLimit.Repeating;
  }

  Cycle cycle() {
    return ((TimeLimit.Repeating) limit).cycle();
  }

  private boolean cycleRanOut() {
    return ranOut;
  }

  /**
   * The next {@code max} due dates as they stand, for the plan: one for a one-shot timer that
   * awaits expiry, up to {@code max} for a cycle; suspended timers too, with the dates they keep.
   */
  public List<Instant> upcoming(int max) {
    boolean waiting = (state == TimerState.RUNNING || state == TimerState.SUSPENDED) && hasComingDate();
    if (!waiting) {
      return List.of();
    }
    if (!isCycle()) {
      return List.of(expiresAt);
    }
    return cycle().upcoming(base, occurrencesDone, max, calendar);
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

  public Cycle.CatchUp catchUp() {
    return catchUp;
  }

  public TimerState state() {
    return state;
  }

  public Optional<Instant> expiresAt() {
    return Optional.ofNullable(expiresAt);
  }

  public Optional<Instant> base() {
    return Optional.ofNullable(base);
  }

  public List<TimerChange> changes() {
    return List.copyOf(changes);
  }

  /** How many changes the timer has had, remembered or not. */
  public long changeCount() {
    return changeCount;
  }

  public long occurrencesDone() {
    return occurrencesDone;
  }

  public boolean expired() {
    return expired;
  }

  public boolean cleared() {
    return state == TimerState.CLEARED;
  }

  /** How many times this timer has fired over its life (a new limit allows another expiry). */
  public int firings() {
    return firings;
  }
}
