package dev.overdue.model.process;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.expression.DataExpression;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.LimitEvaluator;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * Time limits computed from the approval's data ({@link TimeLimit.FromData}), given their value
 * when their timer starts: the expression's result (a CEL duration or timestamp, or a text in the
 * literal syntax) goes through the rules a literal limit goes through at the start — positive, in
 * the future, at most 100 years ahead, a duration in working time when the limit counts in it. One
 * that fails leaves its timer off, with a warning naming it: never a stuck approval.
 */
final class LimitExpressions implements LimitEvaluator {
  private final ApprovalProcess process;

  LimitExpressions(ApprovalProcess process) {
    this.process = process;
  }

  @Override
  public TimeLimit evaluate(BusinessTimer timer, TimeLimit.FromData limit, Instant now) {
    try {
      String value =
          process.expressions().value(limit.expression(), DataExpression.Result.LIMIT, process.taskObservedBy(timer));
      return checked(value, limit.business(), now);
    } catch (RuleViolation failed) {
      process.addWarning(timer.name(), timer.step().orElse(null),
          "timer " + timer.name() + " is off: its limit " + Texts.quote(limit.expression())
              + " gave no date: " + failed.reason(), now);
      throw failed;
    }
  }

  private TimeLimit checked(String value, boolean business, Instant now) {
    ZoneId zone = process.calendar() != null ? process.calendar().zone() : ZoneOffset.UTC;
    TimeLimit limit;
    try {
      limit = TimeLimit.parse(value, zone);
    } catch (RuleViolation notALimit) {
      throw new RuleViolation("it gave " + Texts.quote(value) + ": " + notALimit.reason());
    }
    if (limit instanceof TimeLimit.Repeating) {
      throw new RuleViolation("it gave the cycle " + Texts.quote(value) + ", not a duration or a date-time");
    }
    if (business && limit instanceof TimeLimit.Relative relative) {
      if (process.calendar() == null) {
        throw new RuleViolation("it counts working time, but the approval has no business calendar");
      }
      limit = new TimeLimit.Working(relative.text());
    }
    if (limit instanceof TimeLimit.Absolute absolute && !absolute.at().toInstant().isAfter(now)) {
      throw new RuleViolation("it gave " + absolute.text() + ", which is not in the future");
    }
    try {
      if (TimeLimit.tooFarAhead(limit.expirationFrom(now, process.calendar()), now)) {
        throw new RuleViolation("it gave " + Texts.quote(value) + ": " + TimeLimit.MAX_AHEAD_TEXT);
      }
    } catch (DateTimeException | ArithmeticException e) {
      throw new RuleViolation("it gave " + Texts.quote(value) + ": " + TimeLimit.MAX_AHEAD_TEXT);
    }
    return limit;
  }
}
