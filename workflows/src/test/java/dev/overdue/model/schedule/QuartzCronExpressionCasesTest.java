package dev.overdue.model.schedule;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Quartz's CronExpressionTest, its inputs and expected outputs, against Overdue's cron cycles. */
class QuartzCronExpressionCasesTest {
  static List<PublishedCases.Case> cases() {
    return PublishedCases.load("quartz-cron-expression").cases();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void overdueAnswersAsTheRowSays(PublishedCases.Case row) {
    row.check(PublishedCronCases.answer(row));
  }
}
