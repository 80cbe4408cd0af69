package dev.overdue.model.escalation;

import dev.overdue.model.ProcessState;
import dev.overdue.model.task.BusinessAdministrators;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.ProcessTimers;
import dev.overdue.model.trail.AuditTrail;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What escalations, owner lookups, stand-ins and expressions are given of an approval: its state,
 * timers, steps and trail, and the few moves they may ask of it. Owned here, so this package needs
 * nothing of the process that holds them; the process gives each rule its one implementation.
 */
public interface EscalationContext {
  String requestId();

  String title();

  String requester();

  ProcessState state();

  Map<String, Object> data();

  ProcessTimers timers();

  AuditTrail trail();

  List<UserTask> steps();

  Optional<UserTask> stepNamed(String name);

  /** The task {@code timer} observes: its step's, else (process and user timers) the current one. */
  UserTask taskObservedBy(BusinessTimer timer);

  BusinessAdministrators administrators();

  /** Whether the worker's directory kept absences when the approval started. */
  boolean keepsStandIns();

  /** Whether an offered task tells whom it waits for (unless the request says not). */
  boolean tellsOffers();

  /** The users a claim of the current step would be accepted from now. */
  List<String> claimants();

  /** The task's owner changed: its acceptance timer and deadlines from the claim follow. */
  void ownerChanged(UserTask task, Instant now);

  /** A warning on the process, or on step {@code step}: kept and in the trail. */
  void addWarning(String timerName, String step, String message, Instant now);
}
