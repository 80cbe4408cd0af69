package dev.overdue.workflow;

import static dev.overdue.api.ApprovalSearchAttributes.ANY_TIMER_EXPIRED;
import static dev.overdue.api.ApprovalSearchAttributes.APPROVAL_STATE;
import static dev.overdue.api.ApprovalSearchAttributes.CURRENT_OWNER;
import static dev.overdue.api.ApprovalSearchAttributes.CURRENT_STEP;
import static dev.overdue.api.ApprovalSearchAttributes.HAS_WARNINGS;
import static dev.overdue.api.ApprovalSearchAttributes.NEXT_DEADLINE;

import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.model.ApprovalProcess;
import dev.overdue.model.TimerState;
import io.temporal.common.SearchAttributeKey;
import io.temporal.common.SearchAttributeUpdate;
import io.temporal.workflow.Workflow;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What an approval shows outside: search attributes for list queries, the current details the
 * Web UI renders, and the timer gauges. Published after every change, upserting only attributes
 * whose value changed, so a quiet approval adds no history events.
 */
final class Inspection {
  private final Map<String, Object> published = new HashMap<>();

  /**
   * @param nextDeadline the NextDeadline to publish: the earliest running expiration date, or —
   *     with lazily re-armed timers — the next wake-up, which may be earlier than a deadline that
   *     was moved later (it catches up when the approval wakes)
   */
  void publish(ApprovalProcess process, boolean searchAttributes, Instant nextDeadline) {
    StatusInfo status = process.status();
    if (searchAttributes) {
      upsertChanged(status, nextDeadline);
    }
    Workflow.setCurrentDetails(details(status));
    if (!Workflow.isReplaying()) {
      OverdueMetrics.report(Workflow.getInfo().getWorkflowId(), counts(process));
    }
  }

  private void upsertChanged(StatusInfo status, Instant nextDeadline) {
    StepInfo current = currentStep(status);
    List<SearchAttributeUpdate<?>> updates = new ArrayList<>();
    set(updates, APPROVAL_STATE, status.state());
    set(updates, CURRENT_STEP, current == null ? null : current.name());
    set(updates, CURRENT_OWNER, current == null ? null : current.owner());
    set(updates, NEXT_DEADLINE, nextDeadline == null ? null : nextDeadline.atOffset(ZoneOffset.UTC));
    set(updates, ANY_TIMER_EXPIRED, status.timers().stream().anyMatch(TimerInfo::expired));
    set(updates, HAS_WARNINGS, !status.warnings().isEmpty());
    if (!updates.isEmpty()) {
      Workflow.upsertTypedSearchAttributes(updates.toArray(new SearchAttributeUpdate<?>[0]));
    }
  }

  private <T> void set(List<SearchAttributeUpdate<?>> updates, SearchAttributeKey<T> key, T value) {
    if (published.containsKey(key.getName()) && Objects.equals(published.get(key.getName()), value)) {
      return;
    }
    if (value == null && !published.containsKey(key.getName())) {
      published.put(key.getName(), null);
      return;
    }
    published.put(key.getName(), value);
    updates.add(value == null ? key.valueUnset() : key.valueSet(value));
  }

  private static StepInfo currentStep(StatusInfo status) {
    return status.steps().stream()
        .filter(s -> s.name().equals(status.currentStep()))
        .findFirst()
        .orElse(null);
  }

  private static OverdueMetrics.TimerCounts counts(ApprovalProcess process) {
    int running = 0;
    int suspended = 0;
    for (TimerInfo timer : process.timerInfos()) {
      running += timer.state().equals(TimerState.RUNNING.name()) ? 1 : 0;
      suspended += timer.state().equals(TimerState.SUSPENDED.name()) ? 1 : 0;
    }
    return new OverdueMetrics.TimerCounts(running, suspended);
  }

  /** Milliseconds only make the Web UI's narrow table columns wrap. */
  private static String toSeconds(String instant) {
    return Instant.parse(instant).truncatedTo(ChronoUnit.SECONDS).toString();
  }

  /** The Web UI renders current details as Markdown: a header line, the timers, the warnings. */
  static String details(StatusInfo status) {
    StringBuilder out = new StringBuilder();
    out.append("**").append(status.requestId()).append("** ").append(status.state());
    StepInfo current = currentStep(status);
    if (current != null) {
      out.append(" · step ").append(current.name()).append(' ').append(current.state());
      if (current.owner() != null) {
        out.append(" (claimed by ").append(current.owner()).append(')');
      }
    }
    if (status.suspendedReason() != null) {
      out.append(" · suspended: ").append(status.suspendedReason());
    }
    out.append("\n\n| timer | state | limit | expires at | expired |\n|---|---|---|---|---|\n");
    for (TimerInfo timer : status.timers()) {
      out.append("| ")
          .append(timer.name())
          .append(" | ")
          .append(timer.cleared() ? "cleared" : timer.state())
          .append(" | ")
          .append(timer.limit())
          .append(" | ")
          .append(timer.expiresAt() == null ? "–" : toSeconds(timer.expiresAt()))
          .append(" | ")
          .append(timer.expired() ? "**yes**" : "no")
          .append(" |\n");
    }
    if (!status.warnings().isEmpty()) {
      out.append("\n**Warnings**\n\n");
      for (WarningInfo warning : status.warnings()) {
        out.append("- ").append(warning.at()).append(' ').append(warning.message()).append('\n');
      }
    }
    return out.toString();
  }
}
