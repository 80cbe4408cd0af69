package dev.overdue.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalRequest;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** How a started approval shows in Temporal's Web UI: its one-line summary and its details. */
final class StartSummary {
  /** A no-break space: the Web UI wraps a line only between the parts a " · " separates. */
  private static final char GLUE = '\u00a0';

  /** Short UTC dates: a browser may break an ISO date at its hyphens in the UI's narrow panes. */
  private static final DateTimeFormatter SHORT_DATE =
      DateTimeFormatter.ofPattern("MMM d yyyy HH:mm 'UTC'", Locale.ENGLISH).withZone(ZoneOffset.UTC);

  private StartSummary() {}

  /** The one line the Web UI shows for the approval in lists and at the top of its page. */
  static String summary(ApprovalRequest request) {
    StringBuilder summary = new StringBuilder("Approval ").append(request.requestId());
    if (request.title() != null) {
      summary.append(": ").append(request.title());
    }
    if (request.requester() != null) {
      summary.append(" (requested by ").append(request.requester()).append(')');
    }
    return summary.toString();
  }

  /**
   * Markdown: one line per step with its approvers and limits, the process timeout, the user
   * timers, the request data. The Web UI renders it in a narrow pane with {@code white-space:
   * pre-line} and takes no list that follows a line directly, so single newlines keep it one line
   * per item without blank lines; a no-break space keeps each part between " · " on one line.
   */
  static String details(ApprovalRequest request) {
    List<String> steps = new ArrayList<>();
    if (!request.steps().isEmpty()) {
      steps.add("**Steps**");
      for (ApprovalRequest.StepDefinition step : request.steps()) {
        List<String> parts = new ArrayList<>();
        List<String> who = new ArrayList<>(step.approvers());
        step.candidateGroups().forEach(group -> who.add(group + " (group)"));
        parts.add("**" + step.name() + "**: " + String.join(", ", who));
        if (step.assignee() != null) {
          parts.add("assignee " + step.assignee());
        }
        if (step.priority() != null) {
          parts.add("priority " + step.priority());
        }
        if (step.offerTimeout() != null) {
          parts.add("accept " + within(step.offerTimeout()));
        }
        if (step.timeout() != null) {
          parts.add("complete " + within(step.timeout()));
        }
        steps.add("- " + joinParts(parts));
      }
    }
    List<String> rest = new ArrayList<>();
    if (request.timeout() != null) {
      rest.add("**Process**: " + joinParts(List.of("complete " + within(request.timeout()))));
    }
    if (!request.timers().isEmpty()) {
      List<String> timers = new ArrayList<>();
      for (ApprovalRequest.TimerDefinition timer : request.timers()) {
        String limit = timer.limit() != null ? timer.limit() : timer.cycle();
        timers.add(timer.name() + " " + limit(limit));
      }
      rest.add("**User timers**: " + joinParts(timers));
    }
    if (!request.data().isEmpty()) {
      List<String> fields = new ArrayList<>();
      JsonNode data = Approvals.JSON.valueToTree(request.data());
      for (Map.Entry<String, JsonNode> field : data.properties()) {
        JsonNode value = field.getValue();
        fields.add(field.getKey() + ": " + (value.isTextual() ? value.asText() : value));
      }
      rest.add("**Data**: " + joinParts(fields));
    }
    return Stream.of(steps, rest)
        .filter(block -> !block.isEmpty())
        .map(block -> String.join("\n", block) + "\n")
        .collect(Collectors.joining("\n"));
  }

  /** {@code within PT4H}; an absolute limit, {@code by Nov 24 2026 04:37 UTC}. */
  private static String within(String limit) {
    String shown = limit(limit);
    return (shown.equals(limit) ? "within " : "by ") + shown;
  }

  /** A duration or cycle as written ({@code PT4H}, {@code P3D business}); a date, short. */
  private static String limit(String limit) {
    try {
      return SHORT_DATE.format(OffsetDateTime.parse(limit));
    } catch (DateTimeParseException notADateWithOffset) {
      return limit;
    }
  }

  private static String joinParts(List<String> parts) {
    return parts.stream().map(part -> part.replace(' ', GLUE)).collect(Collectors.joining(" · "));
  }
}
