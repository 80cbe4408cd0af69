package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import java.time.Instant;
import java.time.ZoneId;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Camunda 7's DurationBusinessCalendarTest, ported as rows ({@code
 * published/camunda7-duration-business-calendar.tsv}). Camunda's {@code resolveDuedate(duration[,
 * start])} is the clock (or the start given) plus the duration in elapsed time; Overdue's
 * equivalent is {@link TimeLimit#parse} then {@link TimeLimit#expirationFrom} from that time.
 */
class Camunda7DurationBusinessCalendarCasesTest {
  static Stream<PublishedCases.Case> cases() {
    return PublishedCases.load("camunda7-duration-business-calendar").cases().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void overdueAnswers(PublishedCases.Case row) {
    row.check(answer(row));
  }

  static String answer(PublishedCases.Case row) {
    ZoneId zone = ZoneId.of(row.get("zone"));
    Instant clock = Instant.parse(row.get("clock"));
    try {
      return TimeLimit.parse(row.get("expression"), zone)
          .expirationFrom(clock, BusinessCalendar.officeHours(zone))
          .toString();
    } catch (RuleViolation e) {
      return PublishedCases.refused(e);
    }
  }
}
