package dev.overdue.model.schedule;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Daylight-saving cases ({@code published/daylight-saving.tsv}), written from Camunda 7's
 * DurationHelper arithmetic, answered the way {@link Camunda7DurationHelperCasesTest} answers that
 * engine's own cases: a duration from the clock, or a cycle's next date after a time.
 */
class DaylightSavingCasesTest {
  static Stream<PublishedCases.Case> cases() {
    return PublishedCases.load("daylight-saving").cases().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void overdueAnswers(PublishedCases.Case row) {
    row.check(Camunda7DurationHelperCasesTest.answer(row));
  }
}
