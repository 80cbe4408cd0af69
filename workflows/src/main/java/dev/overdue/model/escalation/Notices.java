package dev.overdue.model.escalation;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.model.request.TaskListenerEvent;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.task.TaskState;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.Expiry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What a task's events make the workflow run, queued in the order they happened until it drains
 * them: its listeners whose condition holds ({@link #fireListeners}), and the notices that it is
 * offered ({@link #tellOffered}) or reassigned ({@link #tellReassigned}). Expiries, reassignments,
 * lookups and commands all tell through here. Recipients' roles are resolved when a handler is
 * queued ({@link Roles}).
 */
public final class Notices {
  private final EscalationContext process;
  private final ExpressionScope expressions;
  /** Listener runs and reassignment notices the workflow has yet to start, in the order they happened. */
  private final List<Expiry> triggered = new ArrayList<>();

  public Notices(EscalationContext process, ExpressionScope expressions) {
    this.process = process;
    this.expressions = expressions;
  }

  /** A handler that runs, under the name that orders it. */
  record Applicable(String name, TimerHandler handler) {}

  /**
   * Whom to tell that a task was reassigned, under which source and firing (the delivery's key, so
   * a notice is sent once), and why: the timer due at {@code dueAt}, or the command of {@code by}.
   */
  record Notice(String source, int firing, String kind, Instant dueAt, String by) {}

  /** The handler's name in the trail and the plan; an unnamed one by its action and position. */
  public static String handlerName(TimerHandler handler, int index) {
    return handler.name() != null ? handler.name() : handler.action() + "#" + (index + 1);
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
    List<String> told = waitsFor(task).stream().filter(name -> !name.equals(releasedBy)).toList();
    if (told.isEmpty()) {
      return;
    }
    triggered.add(
        new Expiry(
            task.name() + Expiry.OFFERED_SUFFIX, task.name(), now, task.countFiring("offered"),
            List.of(new TimerHandler.Notify(told, null)), Expiry.Cause.OFFERED, "OFFER", releasedBy));
  }

  /**
   * Whom an open {@code task} waits for now: those who may claim it while it is offered, else its
   * owner.
   */
  public List<String> waitsFor(UserTask task) {
    return task.state() == TaskState.READY ? process.claimants() : task.owner().map(List::of).orElse(List.of());
  }

  /**
   * A reminder {@code by} a user's command, now, to {@code people} about {@code task}: a REMINDER
   * notice under {@code <step>:<source>}, its firing counted on the task so that each one's
   * notification key is its own. Messages say who asked ({@code by}), not a timer.
   */
  public void remind(UserTask task, List<String> people, String source, String by, Instant now) {
    triggered.add(
        new Expiry(
            task.name() + ":" + source, task.name(), now, task.countFiring(source),
            List.of(new TimerHandler.Notify(people, null)), Expiry.Cause.REMINDER, "COMMAND", by));
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
  List<Applicable> applicable(
      List<TimerHandler> handlers, String source, UserTask task, Instant now, ObjectNode detail) {
    List<Applicable> result = new ArrayList<>();
    for (int i = 0; i < handlers.size(); i++) {
      TimerHandler handler = handlers.get(i);
      if (handler.condition() != null) {
        ExpressionScope.ConditionResult holds = expressions.holds(handler.condition(), task);
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
