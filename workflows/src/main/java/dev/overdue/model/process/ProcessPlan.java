package dev.overdue.model.process;

import dev.overdue.api.PlanEntry;
import dev.overdue.model.ProcessState;
import dev.overdue.model.escalation.LexicalReassignment;
import dev.overdue.model.escalation.Notices;
import dev.overdue.model.escalation.Roles;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.BusinessTimer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every future expiry, reminder and escalation with its date and targets, as they would happen if
 * nothing changes: the current step stays undecided, the data stays as it is. A date that passed
 * while the approval is suspended happens on resume (a cycle's as its catch-up policy says).
 * Conditions and targets are evaluated against the approval now.
 */
final class ProcessPlan {
  private ProcessPlan() {}

  /** Occurrences of a cycle the plan lists. */
  static final int PLANNED_OCCURRENCES = 10;

  /** The most entries a plan lists: the soonest, far below Temporal's 2 MB query answer. */
  static final int MAX_ENTRIES = 500;

  static List<PlanEntry> of(ApprovalProcess process, Instant now) {
    if (process.state().isEnded()) {
      return List.of();
    }
    boolean suspended = process.state() == ProcessState.SUSPENDED;
    List<PlanEntry> entries = new ArrayList<>();
    for (BusinessTimer timer : process.timers().all()) {
      List<Instant> dates = plannedDates(timer, now, suspended);
      if (dates.isEmpty()) {
        continue;
      }
      UserTask task = process.taskObservedBy(timer);
      // The same for every coming firing: evaluated once per timer.
      List<String> conditionsNow = new ArrayList<>();
      List<List<String>> targets = new ArrayList<>();
      for (TimerHandler handler : timer.handlers()) {
        conditionsNow.add(
            handler.condition() == null ? null : process.expressions().holds(handler.condition(), task).text());
        targets.add(Roles.targets(handler, task, process.requester()));
      }
      for (int d = 0; d < dates.size(); d++) {
        Instant at = dates.get(d);
        String when = !suspended ? PlanEntry.AT : at.isAfter(now) ? PlanEntry.AT_IF_RESUMED : PlanEntry.ON_RESUME;
        int firing = timer.firings() + d + 1;
        for (int i = 0; i < timer.handlers().size(); i++) {
          TimerHandler handler = timer.handlers().get(i);
          entries.add(
              new PlanEntry(at.toString(), when, timer.name(), timer.kind().name(), timer.step().orElse(null),
                  firing, handler.action(), Notices.handlerName(handler, i), targets.get(i),
                  handler.condition(), conditionsNow.get(i), null));
        }
      }
    }
    // A stable sort keeps each timer's handlers in their order.
    entries.sort(Comparator.comparing(PlanEntry::at).thenComparing(PlanEntry::timer));
    List<PlanEntry> planned = supersededReassignments(entries);
    return planned.size() <= MAX_ENTRIES ? planned : planned.subList(0, MAX_ENTRIES);
  }

  private static List<Instant> plannedDates(BusinessTimer timer, Instant now, boolean suspended) {
    List<Instant> dates = timer.upcoming(PLANNED_OCCURRENCES);
    if (!suspended || !timer.isCycle()) {
      return dates;
    }
    List<Instant> missed = dates.stream().filter(d -> !d.isAfter(now)).toList();
    List<Instant> later = dates.stream().filter(d -> d.isAfter(now)).toList();
    List<Instant> planned = new ArrayList<>(
        switch (timer.catchUp()) {
          case FIRE_ALL -> missed;
          case FIRE_ONCE -> missed.isEmpty() ? List.<Instant>of() : List.of(missed.get(missed.size() - 1));
          case SKIP -> List.<Instant>of();
        });
    planned.addAll(later);
    return planned;
  }

  /** Of the reassignments planned for one instant, all but the lexically first are noted. */
  private static List<PlanEntry> supersededReassignments(List<PlanEntry> entries) {
    Map<String, List<PlanEntry>> reassignmentsAt = new LinkedHashMap<>();
    for (PlanEntry e : entries) {
      if (applies(e)) {
        reassignmentsAt.computeIfAbsent(e.at(), at -> new ArrayList<>()).add(e);
      }
    }
    Map<String, String> firstAt = new LinkedHashMap<>();
    reassignmentsAt.forEach((at, triggered) ->
        LexicalReassignment.first(triggered, ProcessPlan::qualifiedName)
            .ifPresent(first -> firstAt.put(at, qualifiedName(first))));
    return entries.stream()
        .map(e -> {
          String first = firstAt.get(e.at());
          if (!applies(e) || first == null || first.equals(qualifiedName(e))) {
            return e;
          }
          return new PlanEntry(e.at(), e.when(), e.timer(), e.kind(), e.step(), e.firing(), e.action(),
              e.name(), e.targets(), e.condition(), e.conditionNow(),
              "superseded by " + first + " (the first reassignment in lexical order wins)");
        })
        .toList();
  }

  /** A reassignment whose condition does not rule it out now. */
  private static boolean applies(PlanEntry e) {
    return e.action().equals("reassign") && !"false".equals(e.conditionNow());
  }

  private static String qualifiedName(PlanEntry e) {
    return LexicalReassignment.qualifiedName(e.timer(), e.name());
  }
}
