package dev.overdue.model.request;

import dev.overdue.api.ApprovalRequest.HandlerDefinition;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.expression.Condition;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What runs when a timer expires or a task listener fires, as a request writes it: each handler
 * definition read into its model value ({@link #handler}) and checked — its action, recipients,
 * templates, condition, the outcome a {@code decide} names, and its size.
 */
public final class HandlerDefinitions {
  private HandlerDefinitions() {}

  /** Handlers of one list (onTimeout, onOfferTimeout, a timer's handlers). */
  public static final int MAX_HANDLERS = 20;
  /** Recipients of one notify handler; each a user, group or address. */
  public static final int MAX_RECIPIENTS = 100;
  /** A recipient: RFC 5321 allows 254 characters for an address, plus a channel prefix. */
  public static final int MAX_RECIPIENT_LENGTH = 320;
  public static final int MAX_SUBJECT_LENGTH = 1_000;
  public static final int MAX_MESSAGE_LENGTH = 10_000;

  /** Where a handler list is: timers may do everything; listeners only notify and warn. */
  enum Use {
    TIMER,
    LISTENER
  }

  static void problems(
      String at, List<HandlerDefinition> handlers, Use use, Set<String> outcomes, Consumer<String> problems) {
    if (handlers.size() > MAX_HANDLERS) {
      problems.accept(at + ": at most " + MAX_HANDLERS + " handlers, got " + handlers.size());
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < handlers.size(); i++) {
      HandlerDefinition definition = handlers.get(i);
      try {
        sizeProblem(definition);
        TimerHandler handler = handler(definition);
        if (use == Use.LISTENER
            && !(handler instanceof TimerHandler.Notify || handler instanceof TimerHandler.Warn)) {
          throw new RuleViolation("a listener's actions are notify and warn, got " + handler.action());
        }
        if (handler.name() != null && (!RequestValidator.NAME.matcher(handler.name()).matches() || !names.add(handler.name()))) {
          throw new RuleViolation(
              "name: letters, digits, _ and -, unique in the list, got " + Texts.quote(handler.name()));
        }
        if (handler.condition() != null) {
          // Condition.compile also refuses one over Condition.MAX_LENGTH.
          try {
            Condition.compile(handler.condition());
          } catch (RuleViolation bad) {
            throw new RuleViolation("condition " + Texts.quote(handler.condition()) + ": " + bad.reason());
          }
        }
        if (handler instanceof TimerHandler.Decide decide
            && !decide.outcome().equals("APPROVED") && !decide.outcome().equals("REJECTED")
            && !outcomes.contains(decide.outcome().toLowerCase(Locale.ROOT))) {
          throw new RuleViolation(
              "decide: outcome " + Texts.quote(decide.outcome()) + " is neither APPROVED, REJECTED nor an"
                  + " outcome of " + (use == Use.TIMER && outcomes.isEmpty() ? "a step" : "the step"));
        }
      } catch (RuleViolation e) {
        problems.accept(at + "[" + i + "]: " + e.reason());
      }
    }
  }

  /** The model value of one handler definition. */
  static TimerHandler handler(HandlerDefinition definition) {
    if (definition == null || definition.action() == null) {
      throw new RuleViolation("action is required: warn, notify, decide, reassign, setPriority or release");
    }
    String name = definition.name();
    String condition = definition.condition();
    switch (definition.action().toLowerCase(Locale.ROOT)) {
      case "warn":
        return new TimerHandler.Warn(name, condition);
      case "notify":
        if (definition.to().isEmpty() || definition.to().stream().anyMatch(r -> r == null || r.isBlank())) {
          throw new RuleViolation("notify needs 'to': one or more recipients");
        }
        templateProblem("message", definition.message());
        templateProblem("subject", definition.subject());
        return new TimerHandler.Notify(
            definition.to(), definition.message(), definition.subject(), name, condition);
      case "decide":
        {
          String outcome = definition.outcome() == null ? "" : definition.outcome().trim();
          if (outcome.isEmpty()) {
            throw new RuleViolation(
                "decide needs 'outcome': APPROVED, REJECTED or a step's outcome, got nothing");
          }
          String upper = outcome.toUpperCase(Locale.ROOT);
          boolean standard = upper.equals(Outcome.APPROVED.name()) || upper.equals(Outcome.REJECTED.name());
          return new TimerHandler.Decide(standard ? upper : outcome, name, condition);
        }
      case "reassign":
        if (definition.to().isEmpty() || definition.to().stream().anyMatch(r -> r == null || r.isBlank())) {
          throw new RuleViolation("reassign needs 'to': the new potential owners");
        }
        return new TimerHandler.Reassign(definition.to(), name, condition);
      case "setpriority":
        if (definition.priority() == null) {
          throw new RuleViolation("setPriority needs 'priority': 0 (highest) to 10");
        }
        if (definition.priority() < StepOwnerDefinitions.HIGHEST_PRIORITY
            || definition.priority() > StepOwnerDefinitions.LOWEST_PRIORITY) {
          throw new RuleViolation("setPriority 'priority': " + StepOwnerDefinitions.priorityProblem(definition.priority()));
        }
        return new TimerHandler.SetPriority(definition.priority(), name, condition);
      case "release":
        return new TimerHandler.Release(name, condition);
      default:
        throw new RuleViolation(
            "unknown action " + Texts.quote(definition.action())
                + ": use warn, notify, decide, reassign, setPriority or release");
    }
  }

  /**
   * The size limits of a notify handler. Checked only for a request about to start, never when a
   * continued run restores its handlers: an approval started before a limit existed goes on.
   */
  private static void sizeProblem(HandlerDefinition definition) {
    if (definition == null
        || !("notify".equalsIgnoreCase(definition.action()) || "reassign".equalsIgnoreCase(definition.action()))) {
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
            "notify 'to': " + Texts.quote(recipient) + " is too long (at most " + MAX_RECIPIENT_LENGTH
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
      TemplateSyntax.problem(template)
          .ifPresent(problem -> {
            throw new RuleViolation(
                "notify '" + field + "' is not a valid Mustache template: "
                    + Texts.abbreviate(problem, 300));
          });
    }
  }

  public static List<TimerHandler> handlers(List<HandlerDefinition> definitions) {
    return definitions.stream().map(HandlerDefinitions::handler).toList();
  }
}
