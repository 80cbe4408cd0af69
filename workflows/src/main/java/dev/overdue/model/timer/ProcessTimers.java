package dev.overdue.model.timer;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.task.UserTask;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An approval's timers by name, in the order the request declares them (the iteration order every
 * deterministic decision relies on), and the names of the system timers.
 */
public final class ProcessTimers {
  /** Process completion: from the start to the end of the approval. */
  public static final String PROCESS = RequestValidator.PROCESS_TIMER;
  /** {@code <step>.acceptance}: while the step's task is offered and nobody has claimed it. */
  public static final String ACCEPTANCE_SUFFIX= ".acceptance";
  /** {@code <step>.completion}: from when the step's task is offered until it is decided. */
  public static final String COMPLETION_SUFFIX= ".completion";

  /** Deterministic order of simultaneous expiries: expiration date, then name. */
  private static final Comparator<BusinessTimer> EXPIRY_ORDER =
      Comparator.comparing((BusinessTimer t) -> t.expiresAt().orElseThrow())
          .thenComparing(BusinessTimer::name);

  private final Map<String, BusinessTimer> byName = new LinkedHashMap<>();

  public void add(BusinessTimer timer) {
    byName.put(timer.name(), timer);
  }

  public Optional<BusinessTimer> get(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The timer {@code name}, or a refusal naming the timers there are. */
  public BusinessTimer known(String name) {
    if (name == null || name.isBlank()) {
      throw new RuleViolation("a timer name is required");
    }
    return get(name)
        .orElseThrow(
            () ->
                new RuleViolation(
                    "unknown timer " + Texts.abbreviate(name, Texts.QUOTED_LENGTH) + " (timers: "
                        + Texts.list(List.copyOf(byName.keySet())) + ")"));
  }

  public Optional<BusinessTimer> acceptanceOf(UserTask task) {
    return get(task.name() + ACCEPTANCE_SUFFIX);
  }

  public Optional<BusinessTimer> completionOf(UserTask task) {
    return get(task.name() + COMPLETION_SUFFIX);
  }

  /** The live timers that observe step {@code step}: its system timers and deadlines. */
  public List<BusinessTimer> liveOfStep(String step) {
    return byName.values().stream()
        .filter(t -> !t.cleared() && t.step().filter(step::equals).isPresent())
        .toList();
  }

  /**
   * {@code task}'s owner changed: its acceptance timer runs while nobody holds it and stops when
   * someone does; its deadlines counted from the claim start afresh for a new owner, and stop while
   * nobody owns it.
   */
  public void followOwner(UserTask task, Instant now) {
    acceptanceOf(task).ifPresent(t -> {
      if (task.owner().isPresent()) {
        t.ensureOff(now);
      } else {
        t.ensureRunning(now);
      }
    });
    for (BusinessTimer timer : liveOfStep(task.name())) {
      if (timer.kind() != TimerKind.CLAIM_DEADLINE) {
        continue;
      }
      if (task.owner().isPresent() && task.isOpen()) {
        timer.restart(now, "claimed by " + task.owner().get());
      } else {
        timer.ensureOff(now);
      }
    }
  }

  /** The timers not cleared: the ones suspending, resuming and ending the process reach. */
  public List<BusinessTimer> live() {
    return byName.values().stream().filter(t -> !t.cleared()).toList();
  }

  /** The timers due at {@code now}, in expiry order. */
  public List<BusinessTimer> due(Instant now) {
    return byName.values().stream().filter(t -> t.isDue(now)).sorted(EXPIRY_ORDER).toList();
  }

  /** The running timer that expires first, if any: what the one server timer must wait for. */
  public Optional<BusinessTimer> nextToExpire() {
    return byName.values().stream().filter(BusinessTimer::awaitsExpiry).min(EXPIRY_ORDER);
  }

  /**
   * The earliest date of a running timer, passed or not: a one-shot timer that expired keeps its
   * date until it stops, as a task's due date does once it has passed.
   */
  public Optional<Instant> earliestRunningDate() {
    return byName.values().stream()
        .filter(t -> t.state() == TimerState.RUNNING)
        .flatMap(t -> t.expiresAt().stream())
        .min(Instant::compareTo);
  }

  public Collection<BusinessTimer> all() {
    return byName.values();
  }
}
