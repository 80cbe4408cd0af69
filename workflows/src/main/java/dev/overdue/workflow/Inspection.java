package dev.overdue.workflow;

import static dev.overdue.api.ApprovalSearchAttributes.ANY_TIMER_EXPIRED;
import static dev.overdue.api.ApprovalSearchAttributes.APPROVAL_STATE;
import static dev.overdue.api.ApprovalSearchAttributes.CANDIDATE_GROUPS;
import static dev.overdue.api.ApprovalSearchAttributes.CURRENT_OWNER;
import static dev.overdue.api.ApprovalSearchAttributes.CURRENT_STEP;
import static dev.overdue.api.ApprovalSearchAttributes.DUE_DATE;
import static dev.overdue.api.ApprovalSearchAttributes.FOLLOW_UP_DATE;
import static dev.overdue.api.ApprovalSearchAttributes.HAS_WARNINGS;
import static dev.overdue.api.ApprovalSearchAttributes.NEXT_DEADLINE;
import static dev.overdue.api.ApprovalSearchAttributes.POTENTIAL_OWNERS;
import static dev.overdue.api.ApprovalSearchAttributes.POTENTIAL_OWNERS_CUT;
import static dev.overdue.api.ApprovalSearchAttributes.PRIORITY;
import static dev.overdue.api.ApprovalSearchAttributes.REQUESTER;
import static dev.overdue.api.ApprovalSearchAttributes.TASK_STATE;
import static dev.overdue.api.ApprovalSearchAttributes.TIMERS_RUNNING;
import static dev.overdue.api.ApprovalSearchAttributes.TIMERS_SUSPENDED;
import static dev.overdue.api.ApprovalSearchAttributes.UNWORKABLE;

import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.CommentInfo;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.model.process.ApprovalProcess;
import dev.overdue.model.process.Edition;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.TimerState;
import io.temporal.common.SearchAttributeKey;
import io.temporal.common.SearchAttributeUpdate;
import io.temporal.workflow.Workflow;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What an approval shows outside: search attributes for list queries, the memo's key facts and
 * who decided ({@link ListMemo}, since edition 1.1), the current details the Web UI renders, and
 * the timer counts the worker's gauges add up. Published after every change, upserting only attributes
 * whose value changed, so a quiet approval adds no history events.
 */
final class Inspection {
  private final Map<String, Object> published = new HashMap<>();
  /** Null on an edition that writes no memo for lists. */
  private final ListMemo memo;
  /** The status the current details were last rendered from. */
  private StatusInfo rendered;

  Inspection(Edition edition) {
    memo = edition.publishesKeyFacts() ? new ListMemo() : null;
  }

  /** @param nextDeadline the NextDeadline to publish: the earliest running expiration date */
  void publish(ApprovalProcess process, Instant nextDeadline) {
    StatusInfo status = process.status();
    upsertChanged(status, nextDeadline, process);
    if (memo != null) {
      memo.publish(process);
    }
    // Rendered only when the status changed: an early wake-up for a deadline moved later, a
    // refused command or a finished handler chain shows nothing new.
    if (!status.equals(rendered)) {
      Workflow.setCurrentDetails(details(status));
      rendered = status;
    }
  }

  private void upsertChanged(StatusInfo status, Instant nextDeadline, ApprovalProcess tasks) {
    StepInfo current = currentStep(status);
    List<SearchAttributeUpdate<?>> updates = new ArrayList<>();
    set(updates, APPROVAL_STATE, status.state());
    set(updates, CURRENT_STEP, current == null ? null : current.name());
    set(updates, CURRENT_OWNER, current == null ? null : current.owner());
    set(updates, NEXT_DEADLINE, nextDeadline == null ? null : nextDeadline.atOffset(ZoneOffset.UTC));
    set(updates, ANY_TIMER_EXPIRED, status.timers().stream().anyMatch(TimerInfo::expired));
    set(updates, HAS_WARNINGS, !status.warnings().isEmpty());
    set(updates, PRIORITY, current == null ? null : (long) current.priority());
    set(updates, UNWORKABLE, tasks.unworkable());
    set(updates, TIMERS_RUNNING, count(status, TimerState.RUNNING));
    set(updates, TIMERS_SUSPENDED, count(status, TimerState.SUSPENDED));
    boolean open = current != null && !ended(status) && OPEN_TASK_STATES.contains(current.state());
    set(updates, REQUESTER, status.requester());
    set(updates, TASK_STATE, open ? current.state() : null);
    set(updates, CANDIDATE_GROUPS, open ? nonEmpty(current.candidateGroups()) : null);
    set(updates, DUE_DATE, tasks.dueDate().map(date -> date.atOffset(ZoneOffset.UTC)).orElse(null));
    set(updates, FOLLOW_UP_DATE, tasks.followUpDate().map(date -> date.atOffset(ZoneOffset.UTC)).orElse(null));
    OfferedTo claimants = OfferedTo.cut(tasks.claimants());
    set(updates, POTENTIAL_OWNERS, claimants.names());
    set(updates, POTENTIAL_OWNERS_CUT, claimants.cut() ? ApprovalSearchAttributes.CUT : null);
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

  private static final List<String> OPEN_TASK_STATES = List.of("READY", "RESERVED", "IN_PROGRESS");

  private static boolean ended(StatusInfo status) {
    return !status.state().equals("ACTIVE") && !status.state().equals("SUSPENDED");
  }

  private static List<String> nonEmpty(List<String> names) {
    return names == null || names.isEmpty() ? null : names;
  }

  private static StepInfo currentStep(StatusInfo status) {
    return status.steps().stream()
        .filter(s -> s.name().equals(status.currentStep()))
        .findFirst()
        .orElse(null);
  }

  /** The approval's timers in {@code state}; 0 once it has ended, as its timers no longer count. */
  private static long count(StatusInfo status, TimerState state) {
    return status.timers().stream().filter(timer -> timer.state().equals(state.name())).count();
  }

  /** A no-break space: the Web UI wraps a line only between the parts a " · " separates. */
  private static final char GLUE = '\u00a0';

  /**
   * {@code Nov 24 2026 04:37}, in UTC as the headings say: the Web UI's panes are narrow, and a
   * browser may break an ISO date at its hyphens; the queries keep full precision. With its year: a
   * deadline may be years away.
   */
  private static final DateTimeFormatter SHORT_DATE =
      DateTimeFormatter.ofPattern("MMM d yyyy HH:mm", Locale.ENGLISH).withZone(ZoneOffset.UTC);

  private static final Pattern CYCLE = Pattern.compile("R\\d*/.*");

  /**
   * The warnings the details list, the latest: the Web UI's pane is narrow and short, and {@code
   * status} and {@code history} have the rest.
   */
  static final int DETAILED_WARNINGS = 10;

  /**
   * The Web UI's current details, as Markdown: the approval (title and requester first, as
   * approvals started without the client have no summary), its state, one line per timer, the
   * warnings. The UI renders its Markdown with {@code white-space: pre-line} and takes no list
   * that follows a line directly, so single newlines are what keep it one line per item there
   * without blank lines; other renderers show the items as lists.
   */
  static String details(StatusInfo status) {
    List<String> lines = new ArrayList<>();
    String title = status.title() == null ? "" : ": " + status.title();
    lines.add("**" + status.requestId() + title + "**");
    if (status.requester() != null) {
      lines.add("requested by " + status.requester());
    }
    if (status.businessAdministrators() != null) {
      lines.add("administered by " + String.join(", ", status.businessAdministrators()));
    }
    lines.add(stateLine(status));
    if (status.suspendedReason() != null) {
      lines.add("suspended: " + status.suspendedReason());
    }
    if (!status.timers().isEmpty()) {
      lines.add("");
      lines.add("**Timers** (UTC)");
      status.timers().forEach(timer -> lines.add("- " + timerLine(timer)));
    }
    if (!status.warnings().isEmpty()) {
      List<WarningInfo> warnings = status.warnings();
      List<WarningInfo> shown = warnings.subList(Math.max(0, warnings.size() - DETAILED_WARNINGS), warnings.size());
      lines.add("");
      lines.add(
          shown.size() == status.warningsInAll()
              ? "**Warnings** (UTC)"
              : String.format(
                  Locale.ROOT, "**Warnings** (UTC; the latest %d of %,d, every one in `history`)", shown.size(),
                  status.warningsInAll()));
      for (WarningInfo warning : shown) {
        lines.add("- " + shortDate(warning.at()) + ": " + warning.message());
      }
    }
    if (status.comments() != null) {
      List<CommentInfo> comments = status.comments();
      List<CommentInfo> shown = comments.subList(Math.max(0, comments.size() - DETAILED_WARNINGS), comments.size());
      lines.add("");
      lines.add(shown.size() == status.commentCount()
          ? "**Comments** (UTC)"
          : String.format(Locale.ROOT, "**Comments** (UTC; the latest %d of %,d)", shown.size(), status.commentCount()));
      for (CommentInfo comment : shown) {
        lines.add("- " + shortDate(comment.at()) + " " + comment.user() + " on " + comment.step() + ": " + comment.text());
      }
    }
    return String.join("\n", lines) + "\n";
  }

  private static String stateLine(StatusInfo status) {
    StringBuilder line = new StringBuilder("**").append(status.state()).append("**");
    StepInfo current = currentStep(status);
    if (current != null) {
      line.append(" · step ").append(current.name()).append(' ').append(current.state());
      List<String> owners = current.potentialOwners() != null ? current.potentialOwners() : current.approvers();
      List<String> groups = current.candidateGroups() == null ? List.of() : current.candidateGroups();
      if (current.owner() != null) {
        line.append(", claimed by ").append(current.owner());
        if (current.delegatedBy() != null) {
          line.append(" (delegated by ").append(current.delegatedBy()).append(')');
        }
      } else if (owners != null && !owners.isEmpty()) {
        line.append(", offered to ").append(String.join(", ", owners));
      } else if (!groups.isEmpty()) {
        line.append(", offered to ").append(groups.size() == 1 ? "group " : "groups ").append(String.join(", ", groups));
      } else if (current.state().equals("READY")) {
        line.append(", **no one can act**");
      }
      if (current.priority() != UserTask.DEFAULT_PRIORITY) {
        line.append(" · priority ").append(current.priority());
      }
    }
    return line.toString();
  }

  /**
   * {@code **reminder**: RUNNING · PT30M · expires Nov 21 2026 17:07}. An absolute limit is its
   * date, shown once; a cycle's date is its next occurrence, and an expiry is one of many.
   */
  private static String timerLine(TimerInfo timer) {
    List<String> parts = new ArrayList<>();
    parts.add("**" + timer.name() + "**: " + (timer.cleared() ? "cleared" : timer.state()));
    Instant fixed = absolute(timer.limit());
    parts.add(fixed == null ? timer.limit() : "until " + shortDate(fixed));
    Instant date = timer.expiresAt() == null ? null : Instant.parse(timer.expiresAt());
    // Only a cycle has a catch-up policy: a cron cycle's limit does not start with R.
    boolean cycle =
        CYCLE.matcher(timer.limit()).matches()
            || (timer.derivation() != null && timer.derivation().catchUp() != null);
    if (cycle) {
      if (date != null && !timer.cleared()) {
        parts.add("next " + shortDate(date));
      }
      if (timer.firings() > 0) {
        parts.add("fired " + timer.firings() + (timer.firings() == 1 ? " time" : " times"));
      }
    } else if (date != null && timer.expired()) {
      parts.add("**expired** " + shortDate(date));
    } else if (date != null && !timer.cleared() && !date.equals(fixed)) {
      // An off timer keeps its date: it expires then only if it is enabled again.
      boolean off = timer.state().equals(TimerState.OFF.name());
      parts.add((off ? "would expire " : "expires ") + shortDate(date));
    }
    return parts.stream().map(part -> part.replace(' ', GLUE)).collect(Collectors.joining(" · "));
  }

  /** The date of an absolute limit ({@code 2026-11-24T10:00+01:00}); null for a duration or cycle. */
  private static Instant absolute(String limit) {
    if (!TimeLimit.mayBeDateTime(limit)) {
      return null;
    }
    try {
      return OffsetDateTime.parse(limit).toInstant();
    } catch (DateTimeParseException duration) {
      return null;
    }
  }

  private static String shortDate(String instant) {
    return shortDate(Instant.parse(instant));
  }

  private static String shortDate(Instant instant) {
    return SHORT_DATE.format(instant).replace(' ', GLUE);
  }
}
