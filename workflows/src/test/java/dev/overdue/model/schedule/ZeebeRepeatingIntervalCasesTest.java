package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.schedule.Cycle.CatchUp;
import java.time.Instant;
import java.time.ZoneId;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Zeebe's {@code RepeatingIntervalTest} (published/zeebe-repeating-interval.tsv): how Overdue reads
 * the same repeating intervals, and the due dates it gives where Zeebe's test asserts one.
 */
class ZeebeRepeatingIntervalCasesTest {
  static Stream<PublishedCases.Case> cases() {
    return PublishedCases.load("zeebe-repeating-interval").cases().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void overdueAnswersAsTheFileSays(PublishedCases.Case row) {
    row.check(answer(row));
  }

  static String answer(PublishedCases.Case row) {
    ZoneId zone = ZoneId.of(row.get("zone"));
    String text = row.get("text");
    try {
      return switch (row.get("kind")) {
        case "parse" -> Cycle.parse(text, zone).text();
        case "duration" -> TimeLimit.parse(text, zone).text();
        case "occurrence2" -> {
          Cycle cycle = Cycle.parse(text, zone);
          Cycle.Position begun = cycle.begin(Instant.parse(row.get("started")), null);
          yield cycle.upcoming(begun.base(), begun.done(), 2, null).get(1).toString();
        }
        case "after-gap" -> {
          Cycle cycle = Cycle.parse(text, zone);
          Cycle.Position begun = cycle.begin(Instant.parse(row.get("started")), null);
          Cycle.Step step =
              cycle.step(begun.base(), begun.done(), Instant.parse(row.get("now")), CatchUp.FIRE_ONCE);
          yield step.next().map(Instant::toString).orElse("none");
        }
        default -> throw new IllegalArgumentException(row + ": unknown kind " + row.get("kind"));
      };
    } catch (RuleViolation refusal) {
      return PublishedCases.refused(refusal);
    }
  }
}
