package dev.overdue.model.escalation;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.model.ProcessState;
import dev.overdue.model.request.TaskListenerEvent;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.task.TaskState;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.Expiry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What fires, and which of its handlers run at whom: timers expiring (a deadline's escalations, a
 * cycle's reminders, a limit's default warning) and task listeners. A handler runs only when its
 * CEL condition holds at that moment; a condition that cannot be evaluated is a warning, and its
 * handler does not run. Roles in recipients are resolved then ({@link Roles}). Of the
 * reassignments that fire at once, the lexically first applies ({@link LexicalReassignment}).
 * What the workflow must run is returned as {@link Expiry}s; what the task's listeners and notices
 * must run is queued in {@link Notices}.
 */
public final class Escalations {
  private final EscalationContext process;
  private final Notices notices;
  private final OwnerLookups ownerLookups;

  public Escalations(EscalationContext process, Notices notices, OwnerLookups ownerLookups) {
    this.process = process;
    this.notices = notices;
    this.ownerLookups = ownerLookups;
  }

  private record PendingReassignment(
      String order, BusinessTimer timer, BusinessTimer.Firing firing, TimerHandler.Reassign handler,
      UserTask task) {}

  /**
   * Expires every running timer whose expiration date has been reached, in expiration-date then
   * name order, recording a TimerExpired event for each firing, and applies the first of the
   * reassignments they trigger. Listener runs this causes are queued ({@link #drainTriggered}).
   */
  public List<Expiry> expireDue(Instant now) {
    if (process.state() != ProcessState.ACTIVE) {
      return List.of();
    }
    List<Expiry> expiries = new ArrayList<>();
    List<PendingReassignment> reassignments = new ArrayList<>();
    for (BusinessTimer timer : process.timers().due(now)) {
      UserTask task = process.taskObservedBy(timer);
      List<BusinessTimer.Firing> firings = timer.expire(now);
      for (BusinessTimer.Firing firing : firings) {
        ObjectNode detail = JsonNodeFactory.instance.objectNode();
        detail.put("timer", timer.name());
        detail.put("expiresAt", firing.dueAt().toString());
        detail.put("firing", firing.number());
        List<Notices.Applicable> handlers = notices.applicable(timer.handlers(), timer.name(), task, now, detail);
        process.trail().event(now, "TimerExpired", detail);
        List<TimerHandler> others = new ArrayList<>();
        for (Notices.Applicable applicable : handlers) {
          if (applicable.handler() instanceof TimerHandler.SetPriority set) {
            setPriority(task, set, timer.name(), now);
          } else if (applicable.handler() instanceof TimerHandler.Release) {
            release(task, timer.name(), now);
          } else if (applicable.handler() instanceof TimerHandler.Reassign reassign) {
            reassignments.add(
                new PendingReassignment(
                    LexicalReassignment.qualifiedName(timer.name(), applicable.name()), timer, firing,
                    reassign, task));
          } else {
            others.add(applicable.handler());
          }
        }
        expiries.add(
            new Expiry(
                timer.name(), timer.step().orElse(null), firing.dueAt(), firing.number(), others,
                causeOf(timer), timer.kind().name()));
      }
      if (!firings.isEmpty() && !timer.isCycle() && task != null && timer.step().isPresent()) {
        notices.fireListeners(task, TaskListenerEvent.TIMEOUT, now);
      }
    }
    reassignFirst(reassignments, now);
    return expiries;
  }

  private static Expiry.Cause causeOf(BusinessTimer timer) {
    if (timer.isCycle()) {
      return Expiry.Cause.REMINDER;
    }
    return timer.kind().isDeadline() ? Expiry.Cause.DEADLINE_ESCALATED : Expiry.Cause.TIMER_EXPIRED;
  }

  /**
   * The lexically first reassignment applies: the task returns to READY with its new potential
   * owners, who are told; the others are recorded as superseded.
   */
  private void reassignFirst(List<PendingReassignment> reassignments, Instant now) {
    PendingReassignment first =
        LexicalReassignment.first(reassignments, PendingReassignment::order).orElse(null);
    if (first == null) {
      return;
    }
    List<String> superseded =
        new ArrayList<>(
            reassignments.stream()
                .map(PendingReassignment::order)
                .sorted(LexicalReassignment.order())
                .toList());
    superseded.remove(first.order());
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("escalation", first.order());
    detail.putPOJO("superseded", superseded);
    UserTask task = first.task();
    if (task == null || !task.isOpen() || process.state() != ProcessState.ACTIVE) {
      detail.put("applied", false);
      process.trail().event(now, "Reassignment", detail);
      return;
    }
    Notices.Notice notice =
        new Notices.Notice(first.timer().name() + Expiry.REASSIGNED_SUFFIX, first.firing().number(),
            first.timer().kind().name(), first.firing().dueAt(), null);
    Roles.Targets targets = Roles.reassignmentTargets(first.handler().to(), task, process.requester());
    targets.problems().forEach(problem ->
        process.addWarning(first.timer().name(), task.name(), first.order() + ": " + problem, now));
    OwnerLookups.Started started =
        ownerLookups.reassign(task, targets, "escalation " + first.order(), notice, false, now);
    if (started.lookup() != null) {
      detail.put("lookup", started.lookup());
    } else {
      detail.put("applied", !targets.users().isEmpty());
      detail.putPOJO("potentialOwners", task.owners().names());
    }
    process.trail().event(now, "Reassignment", detail);
  }

  /**
   * A {@code release} on expiry: the observed task, claimed or started, goes back to its potential
   * owners, offered again; its owner is named in the trail and not told the offer.
   */
  private void release(UserTask task, String timer, Instant now) {
    if (task == null || !task.isOpen() || task.owner().isEmpty() || task.state() == TaskState.READY) {
      return;
    }
    String owner = task.owner().get();
    task.release();
    process.ownerChanged(task, now);
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("step", task.name());
    detail.put("timer", timer);
    detail.put("owner", owner);
    process.trail().event(now, "Released", detail);
    notices.fireListeners(task, TaskListenerEvent.UPDATED, now);
    notices.tellOffered(task, owner, now);
  }

  /** WS-HumanTask's setPriority on expiry: the observed task, while open, takes the new priority. */
  private void setPriority(UserTask task, TimerHandler.SetPriority set, String timer, Instant now) {
    if (task == null || !task.isOpen() || task.priority() == set.priority()) {
      return;
    }
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("step", task.name());
    detail.put("timer", timer);
    detail.put("old", task.priority());
    detail.put("new", set.priority());
    task.setPriority(set.priority());
    process.trail().event(now, "PriorityChanged", detail);
    notices.fireListeners(task, TaskListenerEvent.UPDATED, now);
  }
}
