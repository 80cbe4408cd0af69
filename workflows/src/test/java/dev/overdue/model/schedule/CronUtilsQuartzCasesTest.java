package dev.overdue.model.schedule;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** cron-utils' Quartz execution-time and issue tests (QUARTZ definition), its inputs and expected outputs, against Overdue's cron cycles. */
class CronUtilsQuartzCasesTest {
  static List<PublishedCases.Case> cases() {
    return PublishedCases.load("cron-utils-quartz").cases();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void overdueAnswersAsTheRowSays(PublishedCases.Case row) {
    row.check(PublishedCronCases.answer(row));
  }
}
