package dev.overdue.model.schedule;

import static dev.overdue.model.process.Fixtures.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.model.RuleViolation;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class TimeLimitTest {

  private static Duration relative(String text) {
    return assertInstanceOf(TimeLimit.Relative.class, TimeLimit.parse(text)).duration().nominal();
  }

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource({
    "PT30M, PT30M",
    "PT4H, PT4H",
    "PT90S, PT1M30S",
    "P2D, PT48H",
    "P1DT12H, PT36H",
    "P1W, PT168H",
    "P2W, PT336H",
    "p1w, PT168H",
    "pt30m, PT30M",
  })
  void relativeLimitIsAnIso8601Duration(String text, String expected) {
    assertEquals(Duration.parse(expected), relative(text));
  }

  @ParameterizedTest(name = "{0} may be a date-time")
  @ValueSource(strings = {"2026-11-25T17:00:00+01:00", "2026-11-25T17:00", " 2026-11-25T17:00Z", "+10000-01-01T00:00Z", "-0001-01-01T00:00Z", "300"})
  void aLimitThatStartsWithAYearMayBeADateTime(String text) {
    assertTrue(TimeLimit.mayBeDateTime(text));
  }

  @ParameterizedTest(name = "{0} is no date-time")
  @ValueSource(strings = {"PT30M", "p2d", "-PT1H", "R3/PT4H", "P3D business", "=data.due", "", "+", "  "})
  void durationsCyclesAndExpressionsAreNoDateTimesWithoutParsingThem(String text) {
    assertFalse(TimeLimit.mayBeDateTime(text));
  }

  @Test
  void weekIsSevenDays() {
    assertEquals(Duration.ofDays(7), relative("P1W"));
  }

  @ParameterizedTest(name = "{0} seconds")
  @CsvSource({"300, 300000", "1, 1000", "86400, 86400000", "1.5, 1500", "0.25, 250"})
  void relativeLimitIsANumberOfSeconds(String text, long millis) {
    assertEquals(Duration.ofMillis(millis), relative(text));
  }

  @Test
  void surroundingBlanksAreIgnored() {
    assertEquals(Duration.ofSeconds(300), relative("  300 "));
    assertEquals(Duration.ofMinutes(30), relative(" PT30M\t"));
  }

  @Test
  void absoluteLimitInUtcIsThatInstant() {
    TimeLimit limit = TimeLimit.parse("2026-11-25T17:00:00Z");
    TimeLimit.Absolute absolute = assertInstanceOf(TimeLimit.Absolute.class, limit);
    assertEquals(Instant.parse("2026-11-25T17:00:00Z"), absolute.at().toInstant());
  }

  @Test
  void absoluteLimitWithOffsetIsThatInstantAndKeepsTheOffset() {
    TimeLimit limit = TimeLimit.parse("2026-11-25T17:00:00+01:00");
    TimeLimit.Absolute absolute = assertInstanceOf(TimeLimit.Absolute.class, limit);
    assertEquals(Instant.parse("2026-11-25T16:00:00Z"), absolute.at().toInstant());
    assertEquals(ZoneOffset.ofHours(1), absolute.at().getOffset());
    assertTrue(limit.text().endsWith("+01:00"), limit.text());
    assertEquals(
        OffsetDateTime.parse("2026-11-25T17:00:00+01:00"), OffsetDateTime.parse(limit.text()));
  }

  @Test
  void relativeLimitExpiresThatLongAfterTheTimerStartsRunning() {
    TimeLimit limit = TimeLimit.parse("PT30M");
    assertEquals(Instant.parse("2026-11-23T09:30:00Z"), limit.expirationFrom(T0));
    assertEquals(
        Instant.parse("2026-11-24T10:30:00Z"),
        limit.expirationFrom(Instant.parse("2026-11-24T10:00:00Z")));
  }

  @Test
  void absoluteLimitExpiresAtItsInstantWhenEverTheTimerStartsRunning() {
    TimeLimit limit = TimeLimit.parse("2026-11-25T17:00:00+01:00");
    Instant expected = Instant.parse("2026-11-25T16:00:00Z");
    assertEquals(expected, limit.expirationFrom(T0));
    assertEquals(expected, limit.expirationFrom(Instant.parse("2026-11-24T10:00:00Z")));
  }

  @Test
  void relativeTextIsAnIso8601DurationThatParsesBackToTheSameLimit() {
    for (String text : new String[] {"PT30M", "P2D", "P1W", "300", "1.5"}) {
      TimeLimit limit = TimeLimit.parse(text);
      assertEquals(limit, TimeLimit.parse(limit.text()), text);
    }
  }

  @Test
  void relativeTextIsTheSameDurationInIso8601() {
    for (String text :
        new String[] {"PT30M", "P2D", "P5D", "P1W", "P1DT12H", "300", "1.5", "PT36H"}) {
      TimeLimit.Relative limit = (TimeLimit.Relative) TimeLimit.parse(text);
      assertEquals(limit.duration(), ((TimeLimit.Relative) TimeLimit.parse(limit.text())).duration(), text);
      assertEquals(limit.duration().nominal(), Duration.parse(limit.text()), text);
    }
  }

  @Test
  void absoluteTextParsesBackToTheSameLimit() {
    TimeLimit limit = TimeLimit.parse("2026-11-25T17:00:00+01:00");
    assertEquals(limit, TimeLimit.parse(limit.text()));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"P1M", "P2M", "P1Y", "P1Y2D", "P1MT1H", "p1m", "P1Y2M3DT4H", "-P1M"})
  void monthsAndYearsAreRejected(String text) {
    RuleViolation violation = assertThrows(RuleViolation.class, () -> TimeLimit.parse(text));
    assertTrue(violation.reason().contains(text.trim()), violation.reason());
  }

  @Test
  void monthsAndYearsAreRejectedWithAHintToUseDays() {
    RuleViolation violation = assertThrows(RuleViolation.class, () -> TimeLimit.parse("P1M"));
    assertTrue(violation.reason().contains("months and years"), violation.reason());
  }

  @Test
  void minutesInTheTimePartAreNotMistakenForMonths() {
    assertEquals(Duration.ofMinutes(1), relative("PT1M"));
    assertEquals(Duration.ofDays(1).plusMinutes(5), relative("P1DT5M"));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"0", "0.0", "PT0S", "P0D", "P0W", "PT0M"})
  void zeroLimitIsRejected(String text) {
    assertThrows(RuleViolation.class, () -> TimeLimit.parse(text));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-300", "-PT5M", "PT-5M", "-P1D", "P-1D", "P-1W", "-1.5"})
  void negativeLimitIsRejected(String text) {
    assertThrows(RuleViolation.class, () -> TimeLimit.parse(text));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "2026-11-25T17:00:00",
        "2026-11-25T17:00",
        "2026-11-25",
        "17:00:00Z",
      })
  void dateTimeWithoutOffsetIsRejected(String text) {
    RuleViolation violation = assertThrows(RuleViolation.class, () -> TimeLimit.parse(text));
    assertTrue(
        violation.reason().contains("no offset: give one") || violation.reason().contains("date-time with offset"),
        violation.reason());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"soon", "30 minutes", "P", "PT", "1e3", "P1.5D", "P1W2D", "5m"})
  void textThatIsNoLimitIsRejected(String text) {
    assertThrows(RuleViolation.class, () -> TimeLimit.parse(text));
  }

  @ParameterizedTest(name = "[{0}]")
  @NullAndEmptySource
  @ValueSource(strings = {"  ", "\t"})
  void missingLimitIsRejected(String text) {
    RuleViolation violation = assertThrows(RuleViolation.class, () -> TimeLimit.parse(text));
    assertEquals("a time limit is required", violation.reason());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "99999999999999999999",
        "9223372036854775807",
        "P9999999999999999999W",
        "P9999999999999999W",
        "P99999999999999999999D",
      })
  void absurdlyLargeLimitIsRejectedAsARuleViolation(String text) {
    assertThrows(RuleViolation.class, () -> TimeLimit.parse(text));
  }

  @Test
  void relativeLimitMustBePositive() {
    assertThrows(RuleViolation.class, () -> new TimeLimit.Relative(Duration.ZERO));
    assertThrows(RuleViolation.class, () -> new TimeLimit.Relative(Duration.ofSeconds(-1)));
    assertEquals(Duration.ofNanos(1), new TimeLimit.Relative(Duration.ofNanos(1)).duration().nominal());
  }

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource({"PT30M, PT30M", "P2D, PT48H", "P1W, PT168H", "P1DT12H, PT36H", "p1w, PT168H"})
  void durationForExtendDeadlineIsAPositiveIso8601Duration(String text, String expected) {
    assertEquals(Duration.parse(expected), IsoDuration.parse(text).nominal());
  }

  @ParameterizedTest(name = "[{0}]")
  @NullAndEmptySource
  @ValueSource(
      strings = {"P1M", "P1Y", "PT0S", "-PT5M", "300", "2026-11-25T17:00:00Z", "tomorrow", " "})
  void durationForExtendDeadlineRejectsMonthsZeroNegativeAndNonDurations(String text) {
    assertThrows(RuleViolation.class, () -> IsoDuration.parse(text));
  }

  @Test
  void aLimitOrDurationOfMoreThanAHundredCharactersIsRefusedBeforeParsing() {
    // A megabyte of digits would otherwise go to BigDecimal, and into the refusal's text.
    String digits = "9".repeat(1024 * 1024);
    RuleViolation limit = assertThrows(RuleViolation.class, () -> TimeLimit.parse(digits));
    assertEquals("a time limit has at most 100 characters, got 1048576", limit.reason());
    RuleViolation duration = assertThrows(RuleViolation.class, () -> IsoDuration.parse("P" + digits + "D"));
    assertEquals("a duration has at most 100 characters, got 1048578", duration.reason());
    assertInstanceOf(TimeLimit.Absolute.class, TimeLimit.parse("+999999999-12-31T23:59:59.999999999+18:00"));
  }

  @Test
  void refusalsQuoteALongTextShortly() {
    String text = "x".repeat(99);
    RuleViolation violation = assertThrows(RuleViolation.class, () -> TimeLimit.parse(text));
    assertTrue(violation.reason().startsWith("'" + text + "' is not a time limit"), violation.reason());
  }

  @Test
  void tooFarAheadMeansMoreThanAHundredYears() {
    assertEquals(Duration.ofDays(36_525), TimeLimit.MAX_AHEAD);
    assertTrue(!TimeLimit.tooFarAhead(T0.plus(TimeLimit.MAX_AHEAD), T0));
    assertTrue(TimeLimit.tooFarAhead(T0.plus(TimeLimit.MAX_AHEAD).plusNanos(1), T0));
  }
}
