package dev.overdue.bpmn;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.camunda.bpm.model.bpmn.instance.TimerEventDefinition;
import org.camunda.bpm.model.xml.instance.DomElement;

/**
 * A BPMN timer ({@code timeDuration}, {@code timeDate} or {@code timeCycle} and its text) as a
 * deadline's {@code for}, {@code until} or {@code cycle}, with a note on how Overdue reads it
 * where Camunda reads it differently (docs/reference/published-semantics.md).
 */
record Timer(String kind, String text) {
  private static final Pattern REPEAT = Pattern.compile("R\\d*/(P[^/]+)");
  private static final Pattern DATE_PART = Pattern.compile("(?<![A-Za-z])P([0-9YMWD.,]*)");
  private static final Pattern DATE_WITHOUT_OFFSET = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T[\\d:.]+");

  /** The deadline's field and value, and a note for its comment (null: none). */
  record When(String field, String value, String note) {}

  static Optional<Timer> of(TimerEventDefinition definition) {
    if (definition.getTimeDuration() != null) {
      return Optional.of(new Timer("timeDuration", definition.getTimeDuration().getTextContent()));
    }
    if (definition.getTimeDate() != null) {
      return Optional.of(new Timer("timeDate", definition.getTimeDate().getTextContent()));
    }
    if (definition.getTimeCycle() != null) {
      return Optional.of(new Timer("timeCycle", definition.getTimeCycle().getTextContent()));
    }
    return Optional.empty();
  }

  /** A {@code timerEventDefinition} inside a Camunda 7 task listener, read as plain XML. */
  static Optional<Timer> of(DomElement definition) {
    for (DomElement child : definition.getChildElements()) {
      String kind = child.getLocalName();
      if (kind.equals("timeDuration") || kind.equals("timeDate") || kind.equals("timeCycle")) {
        return Optional.of(new Timer(kind, child.getTextContent()));
      }
    }
    return Optional.empty();
  }

  /** What this timer is to a deadline; {@code once}: it ends the task, so a cycle fires only once; {@code use}: what a variable it reads is for. */
  Optional<When> when(boolean once, ProcessModel model, String use) {
    String t = text == null ? "" : text.strip();
    if (t.isEmpty()) {
      return Optional.empty();
    }
    if (Expressions.isExpression(t)) {
      if (kind.equals("timeCycle")) {
        return Optional.empty(); // a cycle is written out, not computed
      }
      return model.value(t, use)
          .map(v -> new When(kind.equals("timeDate") ? "until" : "for", v, "read from the data when the task starts"));
    }
    return switch (kind) {
      case "timeDuration" -> Optional.of(new When("for", t, null));
      case "timeDate" ->
          Optional.of(new When("until", t, DATE_WITHOUT_OFFSET.matcher(t).matches()
              ? "no offset: read in the worker's calendar zone (Camunda: its JVM's zone)" : null));
      default -> cycle(t, once);
    };
  }

  /**
   * Why Overdue cannot keep this timer as written, when it cannot: a cycle repeats at least a
   * minute apart (docs/reference/published-semantics.md), Camunda's may repeat every second.
   */
  Optional<String> beyondOverdue(boolean once) {
    if (inMonthsOrYears(text)) {
      return Optional.of("its " + kind + " " + text.strip() + " counts months or years, which have no fixed length in"
          + " Overdue (write days, P30D)");
    }
    Matcher repeat = REPEAT.matcher(text == null ? "" : text.strip());
    if (kind.equals("timeCycle") && !once && repeat.matches()) {
      try {
        if (Duration.parse(repeat.group(1)).compareTo(Duration.ofMinutes(1)) < 0) {
          return Optional.of("its cycle " + text.strip() + " repeats more often than Overdue's cycles may, once a minute: write it a minute apart or more");
        }
      } catch (DateTimeParseException e) {
        return Optional.empty(); // days, months: at least a minute
      }
    }
    return Optional.empty();
  }

  private static Optional<When> cycle(String t, boolean once) {
    Matcher repeat = REPEAT.matcher(t);
    if (once && repeat.matches()) {
      return Optional.of(new When("for", repeat.group(1), "an interrupting cycle fires once: after its first interval, " + t));
    }
    if (SpringCron.isSpring(t)) {
      return SpringCron.toQuartz(t).map(quartz -> new When("cycle", quartz, "Quartz's form of Camunda 8's " + t));
    }
    return Optional.of(new When("cycle", t, null));
  }

  /** Whether {@code text} holds a duration in months or years, which Overdue refuses (no fixed length). */
  static boolean inMonthsOrYears(String text) {
    Matcher duration = DATE_PART.matcher(text == null ? "" : text);
    while (duration.find()) {
      if (duration.group(1).contains("Y") || duration.group(1).contains("M")) {
        return true;
      }
    }
    return false;
  }
}
