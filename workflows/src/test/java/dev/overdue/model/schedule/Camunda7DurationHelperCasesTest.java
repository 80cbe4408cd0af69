package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import java.time.Instant;
import java.time.ZoneId;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Camunda 7's DurationHelperTest, ported as rows ({@code published/camunda7-duration-helper.tsv}).
 *
 * <p>Camunda's DurationHelper is made at a clock time T (or given T as its start) and asked for
 * {@code getDateAfter(t)}: the next due date of the repetition after t. Overdue's equivalent: the
 * timer starts running at T ({@link Cycle#begin}), then {@link Cycle#step} at t with {@code skip}
 * deals with every occurrence due by t and gives the next one, the first occurrence strictly after
 * t. {@code skip} is used because it fires nothing missed, so its {@code next} is only "the first
 * occurrence after t", the question getDateAfter answers; the policy does not change {@code next}.
 * A non-repeating duration goes through {@link TimeLimit#expirationFrom} from T.
 */
class Camunda7DurationHelperCasesTest {
  static Stream<PublishedCases.Case> cases() {
    return PublishedCases.load("camunda7-duration-helper").cases().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void overdueAnswers(PublishedCases.Case row) {
    row.check(answer(row));
  }

  static String answer(PublishedCases.Case row) {
    ZoneId zone = ZoneId.of(row.get("zone"));
    BusinessCalendar calendar = BusinessCalendar.officeHours(zone);
    Instant clock = Instant.parse(row.get("clock"));
    try {
      TimeLimit limit = TimeLimit.parse(row.get("expression"), zone);
      if (limit instanceof TimeLimit.Repeating repeating) {
        Cycle cycle = repeating.cycle();
        Instant at = Instant.parse(row.get("at"));
        Cycle.Position started = cycle.begin(clock, calendar);
        return cycle
            .step(started.base(), started.done(), at, Cycle.CatchUp.SKIP, calendar)
            .next()
            .map(Instant::toString)
            .orElse("none");
      }
      return limit.expirationFrom(clock, calendar).toString();
    } catch (RuleViolation e) {
      return PublishedCases.refused(e);
    }
  }
}
