package dev.overdue.starter;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.bpmn.Placeholders;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.RequestValidator;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every problem of a request one run can find, for {@code validate} and {@code start}: each unknown
 * field anywhere in it, with the field it was probably meant to be; then every rule of the
 * workflow's ({@link RequestValidator}) the rest breaks, or the one reason the rest cannot be read
 * as a request (a value of the wrong shape: reading stops there); then any {@code more} the caller
 * found. The workflow checks a request again when it starts, refusing it at its first unknown
 * field: this says more, never less.
 */
final class RequestProblems {
  private RequestProblems() {}

  /**
   * The top-level keys of the worker's settings file ({@code WorkerSettings}, worker module, which
   * this one does not depend on; RequestProblemsTest checks that they agree).
   */
  static final List<String> WORKER_SETTINGS_KEYS =
      List.of("notifications", "directory", "calendar", "logging", "auth");

  private static final Set<String> REQUEST_KEYS =
      Arrays.stream(ApprovalRequest.class.getRecordComponents())
          .map(component -> component.getName())
          .collect(Collectors.toUnmodifiableSet());

  /** Why {@code request} may not start at {@code now}, its problems numbered; empty when it may. */
  static Optional<String> refusal(JsonNode request, List<String> more, Instant now) {
    return refusal(request, more, now, true);
  }

  /**
   * The same; {@code placeholders} false leaves out the placeholders import-bpmn writes for what
   * it cannot know ({@link Placeholders}) and the problems at them, for the import's own check.
   */
  static Optional<String> refusal(JsonNode request, List<String> more, Instant now, boolean placeholders) {
    if (request == null || !request.isObject()) {
      return RequestValidator.refusal(request, now); // not a request at all: that alone
    }
    Optional<String> settings = settingsFile(request);
    if (settings.isPresent()) {
      return settings;
    }
    List<String> problems = new ArrayList<>();
    List<RequestJson.UnknownField> unknown = new ArrayList<>();
    JsonNode known = RequestJson.withoutUnknownFields(request, unknown::add);
    unknown.stream()
        .limit(RequestValidator.MAX_PROBLEMS_LISTED)
        .map(RequestProblems::unknownField)
        .forEach(problems::add);
    if (unknown.size() > RequestValidator.MAX_PROBLEMS_LISTED) {
      problems.add(
          "… and " + (unknown.size() - RequestValidator.MAX_PROBLEMS_LISTED) + " more unknown fields");
    }
    try {
      problems.addAll(RequestValidator.problems(RequestJson.parse(known), now));
    } catch (RuleViolation unreadable) {
      String reason = unreadable.reason();
      problems.add(
          reason.startsWith(RequestJson.INVALID)
              ? reason.substring(RequestJson.INVALID.length())
              : reason);
    }
    problems.addAll(more);
    // A placeholder is what to fill in: said as such, first, rather than as the value's wrong type.
    List<Placeholders.Gap> gaps = Placeholders.in(request);
    List<String> told = new ArrayList<>();
    if (placeholders) {
      gaps.forEach(gap -> told.add(gap.problem()));
    }
    problems.stream().filter(problem -> !Placeholders.about(problem, gaps)).forEach(told::add);
    problems = told;
    return problems.isEmpty() ? Optional.empty() : Optional.of(numbered(problems));
  }

  /** "steps[0].aprovers: unknown field; did you mean approvers?", else the fields known there. */
  private static String unknownField(RequestJson.UnknownField field) {
    List<String> meant = Typos.closest(field.name(), field.known());
    return field.path()
        + ": unknown field"
        + (meant.isEmpty()
            ? " (known: " + String.join(", ", field.known()) + ")"
            : "; did you mean " + String.join(" or ", meant) + "?");
  }

  /**
   * The worker's settings given where a request belongs (both are YAML files in docs/examples): said
   * as such, rather than as an unknown field {@code directory}.
   */
  private static Optional<String> settingsFile(JsonNode request) {
    List<String> keys = new ArrayList<>();
    request.fieldNames().forEachRemaining(keys::add);
    List<String> settingsOnly = keys.stream().filter(key -> !REQUEST_KEYS.contains(key)).toList();
    if (settingsOnly.isEmpty() || !WORKER_SETTINGS_KEYS.containsAll(keys)) {
      return Optional.empty();
    }
    return Optional.of(
        "this is a worker settings file (it has "
            + String.join(", ", settingsOnly)
            + "), not an approval request: pass it to bin/overdue-worker --config");
  }

  private static String numbered(List<String> problems) {
    StringBuilder text = new StringBuilder("invalid approval request:");
    int number = 0;
    for (String problem : problems) {
      // "… and 3 more problems" counts the ones left out; it is not one of them.
      text.append("\n  ").append(problem.startsWith("…") ? "" : ++number + ". ").append(problem);
    }
    return text.toString();
  }
}
