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
 * What the workflow must run is returned as {@link Expiry}s or queued until it drains them.
 */
public final class Escalations {
  private final EscalationContext process;
  /** Listener runs and reassignment notices the workflow has yet to start, in the order they happened. */
  private final List<Expiry> triggered = new ArrayList<>();

  public Escalations(EscalationContext process) {
    this.process = process;
  }

  /**
   * Whom to tell that a task was reassigned, under which source and firing (the delivery's key, so
   * a notice is sent once), and why: the timer due at {@code dueAt}, or the command of {@code by}.
   */
  record Notice(String source, int firing, String kind, Instant dueAt, String by) {}

  /** A handler that runs, under the name that orders it. */
  private record Applicable(String name, TimerHandler handler) {}

  private record PendingReassignment(
      String order, BusinessTimer timer, BusinessTimer.Firing firing, TimerHandler.Reassign handler,
      UserTask task) {}

  /** The handler's name in the trail and the plan; an unnamed one by its action and position. */
  public static String handlerName(TimerHandler handler, int index) {
    return handler.name() != null ? handler.name() : handler.action() + "#" + (index + 1);
  }

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
        List<Applicable> handlers = applicable(timer.handlers(), timer.name(), task, now, detail);
        process.trail().event(now, "TimerExpired", detail);
        List<TimerHandler> others = new ArrayList<>();
        for (Applicable applicable : handlers) {
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
        fireListeners(task, TaskListenerEvent.TIMEOUT, now);
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
    Notice notice =
        new Notice(first.timer().name() + Expiry.REASSIGNED_SUFFIX, first.firing().number(),
            first.timer().kind().name(), first.firing().dueAt(), null);
    Roles.Targets targets = Roles.reassignmentTargets(first.handler().to(), task, process.requester());
    targets.problems().forEach(problem ->
        process.addWarning(first.timer().name(), task.name(), first.order() + ": " + problem, now));
    OwnerLookups.Started started =
        process.ownerLookups().reassign(task, targets, "escalation " + first.order(), notice, false, now);
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
    fireListeners(task, TaskListenerEvent.UPDATED, now);
    tellOffered(task, owner, now);
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
    fireListeners(task, TaskListenerEvent.UPDATED, now);
  }

  /**
   * Tells the new potential owners of {@code task} it is theirs; a command's notice has none given,
   * only who sent it ({@code by}).
   */
  public void tellReassigned(UserTask task, Notice notice, String by, Instant now) {
    tellReassigned(task, task.owners().names(), notice, by, now);
  }

  /** As {@link #tellReassigned(UserTask, Notice, String, Instant)}, told to {@code people} only. */
  public void tellReassigned(UserTask task, List<String> people, Notice notice, String by, Instant now) {
    Notice told =
        notice != null
            ? notice
            : new Notice(task.name() + Expiry.REASSIGNED_SUFFIX, task.countFiring("reassigned"), "COMMAND", now, by);
    triggered.add(
        new Expiry(
            told.source(), task.name(), told.dueAt(), told.firing(),
            List.of(new TimerHandler.Notify(people, null)), Expiry.Cause.REASSIGNED,
            told.kind(), told.by()));
  }

  /**
   * Tells whom {@code task} waits for: its potential owners while it is offered (all but {@code
   * releasedBy}, who released it), or the owner it was assigned to; unless the approval does not
   * tell offers.
   */
  public void tellOffered(UserTask task, String releasedBy, Instant now) {
    if (!process.tellsOffers() || !task.isOpen()) {
      return;
    }
    List<String> told =
        task.state() == TaskState.READY
            ? process.claimants().stream().filter(name -> !name.equals(releasedBy)).toList()
            : task.owner().map(List::of).orElse(List.of());
    if (told.isEmpty()) {
      return;
    }
    triggered.add(
        new Expiry(
            task.name() + Expiry.OFFERED_SUFFIX, task.name(), now, task.countFiring("offered"),
            List.of(new TimerHandler.Notify(told, null)), Expiry.Cause.OFFERED, "OFFER", releasedBy));
  }

  /** Queues {@code event}'s listeners of {@code task} whose condition holds now. */
  public void fireListeners(UserTask task, TaskListenerEvent event, Instant now) {
    List<TimerHandler> listeners = task.listeners(event);
    if (listeners.isEmpty()) {
      return;
    }
    int firing = task.countListenerFiring(event);
    String source = task.name() + "@" + event.key();
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("step", task.name());
    detail.put("event", event.key());
    detail.put("firing", firing);
    List<TimerHandler> actions =
        applicable(listeners, source, task, now, detail).stream().map(Applicable::handler).toList();
    process.trail().event(now, "TaskListener", detail);
    if (!actions.isEmpty()) {
      triggered.add(
          new Expiry(source, task.name(), now, firing, actions, Expiry.Cause.TASK_EVENT, "LISTENER"));
    }
  }

  /** Listener runs and reassignment notices queued since the last call, oldest first. */
  public List<Expiry> drainTriggered() {
    List<Expiry> drained = List.copyOf(triggered);
    triggered.clear();
    return drained;
  }

  /**
   * The handlers whose condition holds, with roles in their recipients resolved; what was left
   * out and why goes into {@code detail}.
   */
  private List<Applicable> applicable(
      List<TimerHandler> handlers, String source, UserTask task, Instant now, ObjectNode detail) {
    List<Applicable> result = new ArrayList<>();
    for (int i = 0; i < handlers.size(); i++) {
      TimerHandler handler = handlers.get(i);
      if (handler.condition() != null) {
        ExpressionScope.ConditionResult holds = process.expressions().holds(handler.condition(), task);
        ObjectNode checked = detail.withArray("conditions").addObject();
        checked.put("handler", handlerName(handler, i));
        checked.put("condition", handler.condition());
        checked.put("result", holds.text());
        if (holds.error() != null) {
          process.addWarning(source, task == null ? null : task.name(),
              "condition of " + handlerName(handler, i) + " (" + source + ") could not be evaluated: "
                  + holds.error() + "; it did not run", now);
        }
        if (!holds.holds()) {
          continue;
        }
      }
      result.add(new Applicable(handlerName(handler, i), withRoles(handler, task, source, now)));
    }
    return result;
  }

  /** Recipients of notify and reassign with the roles replaced by the people they stand for now. */
  private TimerHandler withRoles(TimerHandler handler, UserTask task, String source, Instant now) {
    List<String> to = Roles.recipients(handler);
    // A reassignment resolves its roles when it applies (Roles.reassignmentTargets).
    if (to == null || handler instanceof TimerHandler.Reassign) {
      return handler;
    }
    Roles.People people = Roles.of(to, task, process.requester());
    people.nobody().forEach(role -> process.addWarning(source, task == null ? null : task.name(),
        "'" + role + "' named by " + source + " is nobody at the moment", now));
    return Roles.sentTo(handler, people);
  }
}
