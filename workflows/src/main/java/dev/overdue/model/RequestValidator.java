package dev.overdue.model;

import dev.overdue.activities.delivery.Templates;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalRequest.HandlerDefinition;
import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.api.ApprovalRequest.TimerDefinition;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Checks an approval request before anything starts and turns its definitions into model values.
 * Reports every problem at once, each naming the field, so a user can fix a file in one go.
 */
public final class RequestValidator {
  private RequestValidator() {}

  /** Request ids end up in workflow ids; keep them to characters safe in a shell and a URL. */
  private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,99}");
  /** Step and timer names: no dots, so {@code <step>.acceptance} stays unambiguous. */
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  public static final int MAX_STEPS = 50;
  public static final int MAX_TIMERS = 100;

  /** Every problem with {@code request}; empty when it may start at {@code now}. */
  public static List<String> problems(ApprovalRequest request, Instant now) {
    List<String> problems = new ArrayList<>();
    if (request == null) {
      return List.of("the request is empty: expected a JSON object with requestId and steps");
    }
    if (request.requestId() == null || !REQUEST_ID.matcher(request.requestId()).matches()) {
      problems.add(
          "requestId: required; letters, digits and . _ : - (at most 100), got "
              + quote(request.requestId()));
    }
    limitProblem("timeout", request.timeout(), now, problems::add);
    handlerProblems("onTimeout", request.onTimeout(), problems::add);

    if (request.steps().isEmpty()) {
      problems.add("steps: at least one step is required");
    }
    if (request.steps().size() > MAX_STEPS) {
      problems.add("steps: at most " + MAX_STEPS + " steps, got " + request.steps().size());
    }
    Set<String> names = new HashSet<>();
    names.add(ApprovalProcess.PROCESS_TIMER);
    for (int i = 0; i < request.steps().size(); i++) {
      StepDefinition step = request.steps().get(i);
      String at = "steps[" + i + "]";
      if (step == null) {
        problems.add(at + ": must be an object");
        continue;
      }
      nameProblem(at, step.name(), names, problems::add);
      if (step.approvers().isEmpty()) {
        problems.add(at + ".approvers: at least one approver is required");
      }
      for (String approver : step.approvers()) {
        if (approver == null || approver.isBlank()) {
          problems.add(at + ".approvers: an approver must be a non-empty user name");
        }
      }
      limitProblem(at + ".offerTimeout", step.offerTimeout(), now, problems::add);
      limitProblem(at + ".timeout", step.timeout(), now, problems::add);
      handlerProblems(at + ".onOfferTimeout", step.onOfferTimeout(), problems::add);
      handlerProblems(at + ".onTimeout", step.onTimeout(), problems::add);
    }
    if (request.timers().size() > MAX_TIMERS) {
      problems.add("timers: at most " + MAX_TIMERS + " timers, got " + request.timers().size());
    }
    for (int i = 0; i < request.timers().size(); i++) {
      TimerDefinition timer = request.timers().get(i);
      String at = "timers[" + i + "]";
      if (timer == null) {
        problems.add(at + ": must be an object");
        continue;
      }
      nameProblem(at, timer.name(), names, problems::add);
      if (timer.limit() == null) {
        problems.add(at + ".limit: required (only timers with a limit exist)");
      } else {
        limitProblem(at + ".limit", timer.limit(), now, problems::add);
      }
      handlerProblems(at + ".handlers", timer.handlers(), problems::add);
    }
    return problems;
  }

  private static void nameProblem(
      String at, String name, Set<String> taken, Consumer<String> problems) {
    if (name == null || !NAME.matcher(name).matches()) {
      problems.accept(
          at + ".name: required; letters, digits, _ and - (no dots), got " + quote(name));
    } else if (!taken.add(name)) {
      problems.accept(at + ".name: '" + name + "' is used twice (or is reserved)");
    }
  }

  private static void limitProblem(String at, String text, Instant now, Consumer<String> problems) {
    if (text == null) {
      return;
    }
    try {
      TimeLimit limit = TimeLimit.parse(text);
      if (limit instanceof TimeLimit.Absolute absolute && !absolute.at().toInstant().isAfter(now)) {
        problems.accept(at + ": " + text + " is in the past");
      }
      limit.expirationFrom(now);
    } catch (DateTimeException | ArithmeticException e) {
      problems.accept(at + ": " + text + " is too far in the future");
    } catch (RuleViolation e) {
      problems.accept(at + ": " + e.reason());
    }
  }

  private static void handlerProblems(
      String at, List<HandlerDefinition> handlers, Consumer<String> problems) {
    for (int i = 0; i < handlers.size(); i++) {
      try {
        handler(handlers.get(i));
      } catch (RuleViolation e) {
        problems.accept(at + "[" + i + "]: " + e.reason());
      }
    }
  }

  /** The model value of one handler definition. */
  static TimerHandler handler(HandlerDefinition definition) {
    if (definition == null || definition.action() == null) {
      throw new RuleViolation("action is required: warn, notify or decide");
    }
    switch (definition.action().toLowerCase(Locale.ROOT)) {
      case "warn":
        return new TimerHandler.Warn();
      case "notify":
        if (definition.to().isEmpty() || definition.to().stream().anyMatch(r -> r == null || r.isBlank())) {
          throw new RuleViolation("notify needs 'to': one or more recipients");
        }
        templateProblem("message", definition.message());
        templateProblem("subject", definition.subject());
        return new TimerHandler.Notify(definition.to(), definition.message(), definition.subject());
      case "decide":
        try {
          return new TimerHandler.Decide(
              Outcome.valueOf(String.valueOf(definition.outcome()).toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
          throw new RuleViolation(
              "decide needs 'outcome': APPROVED or REJECTED, got " + quote(definition.outcome()));
        }
      default:
        throw new RuleViolation(
            "unknown action " + quote(definition.action()) + ": use warn, notify or decide");
    }
  }

  private static void templateProblem(String field, String template) {
    if (template != null) {
      Templates.problem(template)
          .ifPresent(problem -> {
            throw new RuleViolation("notify '" + field + "' is not a valid Mustache template: " + problem);
          });
    }
  }

  static List<TimerHandler> handlers(List<HandlerDefinition> definitions) {
    return definitions.stream().map(RequestValidator::handler).toList();
  }

  static String quote(String value) {
    return value == null ? "nothing" : "'" + value + "'";
  }
}
