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

  // Sizes. A request travels as the workflow's input and, with the approval's state, as every
  // continued run's input: both must stay far below Temporal's 2 MB payload limit, and no field
  // may be large enough to bloat messages, queries or the Web UI.

  /** The whole request, as JSON text. */
  public static final int MAX_REQUEST_LENGTH = 256 * 1024;
  /** The request's title and each step's title. */
  public static final int MAX_TITLE_LENGTH = 500;
  /** A user name: the requester, an approver (commands' {@code user} has the same limit). */
  public static final int MAX_USER_LENGTH = 200;
  public static final int MAX_APPROVERS = 100;
  /** Handlers of one list (onTimeout, onOfferTimeout, a timer's handlers). */
  public static final int MAX_HANDLERS = 20;
  /** Recipients of one notify handler; each a user, group or address. */
  public static final int MAX_RECIPIENTS = 100;
  /** A recipient: RFC 5321 allows 254 characters for an address, plus a channel prefix. */
  public static final int MAX_RECIPIENT_LENGTH = 320;
  public static final int MAX_SUBJECT_LENGTH = 1_000;
  public static final int MAX_MESSAGE_LENGTH = 10_000;
  /** The request's {@code data}, as JSON text. */
  public static final int MAX_DATA_LENGTH = 64 * 1024;
  /** Problems listed at once: 100,000 bad timers need one line saying so, not 100,000. */
  public static final int MAX_PROBLEMS_LISTED = 20;

  /**
   * Every problem with {@code request}, at most {@link #MAX_PROBLEMS_LISTED} and then how many
   * more; empty when it may start at {@code now}.
   */
  public static List<String> problems(ApprovalRequest request, Instant now) {
    if (request == null) {
      return List.of("the request is empty: expected a JSON object with requestId and steps");
    }
    List<String> problems = allProblems(request, now);
    if (problems.size() <= MAX_PROBLEMS_LISTED) {
      return problems;
    }
    List<String> listed = new ArrayList<>(problems.subList(0, MAX_PROBLEMS_LISTED));
    listed.add("… and " + (problems.size() - MAX_PROBLEMS_LISTED) + " more problems");
    return listed;
  }

  private static List<String> allProblems(ApprovalRequest request, Instant now) {
    List<String> problems = new ArrayList<>();
    int length = RequestJson.tree(request).toString().length();
    if (length > MAX_REQUEST_LENGTH) {
      problems.add(
          "the request is too large: " + length + " characters of JSON, at most "
              + MAX_REQUEST_LENGTH);
    }
    if (request.requestId() == null || !REQUEST_ID.matcher(request.requestId()).matches()) {
      problems.add(
          "requestId: required; letters, digits and . _ : - (at most 100), got "
              + quote(request.requestId()));
    }
    lengthProblem("title", request.title(), MAX_TITLE_LENGTH, problems::add);
    lengthProblem("requester", request.requester(), MAX_USER_LENGTH, problems::add);
    int dataLength = RequestJson.tree(request.data()).toString().length();
    if (dataLength > MAX_DATA_LENGTH) {
      problems.add(
          "data: too large (" + dataLength + " characters of JSON, at most " + MAX_DATA_LENGTH
              + ")");
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
      lengthProblem(at + ".title", step.title(), MAX_TITLE_LENGTH, problems::add);
      if (step.approvers().isEmpty()) {
        problems.add(at + ".approvers: at least one approver is required");
      }
      if (step.approvers().size() > MAX_APPROVERS) {
        problems.add(
            at + ".approvers: at most " + MAX_APPROVERS + " approvers, got "
                + step.approvers().size());
      }
      for (String approver : step.approvers()) {
        if (approver == null || approver.isBlank()) {
          problems.add(at + ".approvers: an approver must be a non-empty user name");
        } else if (approver.length() > MAX_USER_LENGTH) {
          problems.add(
              at + ".approvers: " + quote(approver) + " is too long (at most " + MAX_USER_LENGTH
                  + " characters)");
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

  private static void lengthProblem(String at, String text, int max, Consumer<String> problems) {
    if (text != null && text.length() > max) {
      problems.accept(
          at + ": too long (" + text.length() + " characters, at most " + max + ")");
    }
  }

  private static void limitProblem(String at, String text, Instant now, Consumer<String> problems) {
    if (text == null) {
      return;
    }
    String shown = Texts.abbreviate(text, Texts.QUOTED_LENGTH);
    try {
      TimeLimit limit = TimeLimit.parse(text);
      if (limit instanceof TimeLimit.Absolute absolute && !absolute.at().toInstant().isAfter(now)) {
        problems.accept(at + ": " + shown + " is in the past");
      } else if (TimeLimit.tooFarAhead(limit.expirationFrom(now), now)) {
        problems.accept(at + ": " + shown + " is too far in the future (" + TimeLimit.MAX_AHEAD_TEXT + ")");
      }
    } catch (DateTimeException | ArithmeticException e) {
      problems.accept(at + ": " + shown + " is too far in the future (" + TimeLimit.MAX_AHEAD_TEXT + ")");
    } catch (RuleViolation e) {
      problems.accept(at + ": " + e.reason());
    }
  }

  private static void handlerProblems(
      String at, List<HandlerDefinition> handlers, Consumer<String> problems) {
    if (handlers.size() > MAX_HANDLERS) {
      problems.accept(at + ": at most " + MAX_HANDLERS + " handlers, got " + handlers.size());
    }
    for (int i = 0; i < handlers.size(); i++) {
      try {
        sizeProblem(handlers.get(i));
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

  /**
   * The size limits of a notify handler. Checked only for a request about to start, never when a
   * continued run restores its handlers: an approval started before a limit existed goes on.
   */
  private static void sizeProblem(HandlerDefinition definition) {
    if (definition == null || !"notify".equalsIgnoreCase(definition.action())) {
      return;
    }
    if (definition.to().size() > MAX_RECIPIENTS) {
      throw new RuleViolation(
          "notify 'to': at most " + MAX_RECIPIENTS + " recipients (a group counts as one), got "
              + definition.to().size());
    }
    for (String recipient : definition.to()) {
      if (recipient != null && recipient.length() > MAX_RECIPIENT_LENGTH) {
        throw new RuleViolation(
            "notify 'to': " + quote(recipient) + " is too long (at most " + MAX_RECIPIENT_LENGTH
                + " characters)");
      }
    }
    templateLength("message", definition.message(), MAX_MESSAGE_LENGTH);
    templateLength("subject", definition.subject(), MAX_SUBJECT_LENGTH);
  }

  private static void templateLength(String field, String template, int max) {
    if (template != null && template.length() > max) {
      throw new RuleViolation(
          "notify '" + field + "' is too long (" + template.length() + " characters, at most "
              + max + ")");
    }
  }

  private static void templateProblem(String field, String template) {
    if (template != null) {
      Templates.problem(template)
          .ifPresent(problem -> {
            throw new RuleViolation(
                "notify '" + field + "' is not a valid Mustache template: "
                    + Texts.abbreviate(problem, 300));
          });
    }
  }

  static List<TimerHandler> handlers(List<HandlerDefinition> definitions) {
    return definitions.stream().map(RequestValidator::handler).toList();
  }

  static String quote(String value) {
    return Texts.quote(value);
  }
}
