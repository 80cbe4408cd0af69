package dev.overdue.model.command;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.task.UserTask;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/**
 * {@code nudge}: the requester or a business administrator reminds whom the current step waits for
 * (its potential owners while it is offered, else its owner) now, through the notification path a
 * reminder timer takes, at most once an hour per step. Each accepted nudge is a {@value #EVENT}
 * event in the audit trail, and the last one of the step is read from there: a continued-as-new run
 * starts a fresh trail, so a nudge just after it is not held to the hour of one before.
 */
final class Nudges {
  private Nudges() {}

  /** The audit trail's event: the step, who nudged and whom it reminded. */
  static final String EVENT = ApprovalCommand.Nudge.EVENT;

  /** The least time between two nudges of one step. */
  static final Duration EVERY = ApprovalCommand.Nudge.EVERY;

  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC);

  static Change check(CommandContext process, ApprovalCommand.Nudge c, Instant now) {
    UserTask task = RuleChecks.currentTaskNamed(process, c.step(), c.user());
    if (!task.isOpen()) {
      throw new RuleViolation("step " + task.name() + " is " + task.state() + ": there is no one to nudge");
    }
    boolean administrator = process.isBusinessAdministrator(c.user());
    if (!c.user().equals(process.requester()) && !administrator) {
      throw new RuleViolation(Texts.abbreviate(c.user(), Texts.QUOTED_LENGTH) + " may not nudge step " + task.name()
          + ": only the requester (" + Texts.quote(process.requester()) + ") and business administrators may");
    }
    List<String> people = process.notices().waitsFor(task);
    if (people.isEmpty()) {
      throw new RuleViolation("step " + task.name() + " waits for no one who can act on it now");
    }
    if (now != null) {
      lastNudge(process, task.name()).filter(last -> now.isBefore(last.plus(EVERY))).ifPresent(last -> {
        long minutes = (Duration.between(now, last.plus(EVERY)).toSeconds() + 59) / 60;
        throw new RuleViolation("step " + task.name() + " was nudged at " + CLOCK.format(last) + " UTC; you can"
            + " nudge again in " + minutes + (minutes == 1 ? " minute" : " minutes"));
      });
    }
    String as = administrator && !c.user().equals(process.requester()) ? " (business administrator)" : "";
    return () -> {
      process.notices().remind(task, people, "nudged", c.user(), now);
      ObjectNode detail = JsonNodeFactory.instance.objectNode();
      detail.put("step", task.name());
      detail.put("by", c.user());
      people.forEach(detail.withArray("to")::add);
      process.trail().event(now, EVENT, detail);
      return "step " + task.name() + ": " + Texts.list(people) + " reminded by " + c.user() + as;
    };
  }

  /** When step {@code step} was last nudged in this run's trail. */
  private static Optional<Instant> lastNudge(CommandContext process, String step) {
    Instant last = null;
    for (HistoryEntry entry : process.trail().entries()) {
      if (entry.name().equals(EVENT) && entry.input() != null && step.equals(entry.input().path("step").asText())) {
        last = Instant.parse(entry.at());
      }
    }
    return Optional.ofNullable(last);
  }
}
