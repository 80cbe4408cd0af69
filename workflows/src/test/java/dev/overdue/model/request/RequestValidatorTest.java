package dev.overdue.model.request;

import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.decide;
import static dev.overdue.model.process.Fixtures.notifyTo;
import static dev.overdue.model.process.Fixtures.request;
import static dev.overdue.model.process.Fixtures.standardRequest;
import static dev.overdue.model.process.Fixtures.step;
import static dev.overdue.model.process.Fixtures.timer;
import static dev.overdue.model.process.Fixtures.warn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalRequest.HandlerDefinition;
import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.api.ApprovalRequest.TimerDefinition;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.process.ApprovalProcess;
import dev.overdue.model.schedule.TimeLimit;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class RequestValidatorTest {

  private static final List<String> ALICE = List.of("alice");

  private static ApprovalRequest withId(String requestId) {
    ApprovalRequest r = standardRequest();
    return new ApprovalRequest(
        requestId,
        r.title(),
        r.requester(),
        r.data(),
        r.timeout(),
        r.onTimeout(),
        r.steps(),
        r.timers());
  }

  private static ApprovalRequest withSteps(StepDefinition... steps) {
    return request("P5D", Arrays.asList(steps), List.of());
  }

  private static ApprovalRequest withTimers(TimerDefinition... timers) {
    return request("P5D", List.of(step("review", ALICE, null, null)), Arrays.asList(timers));
  }

  private static List<String> problems(ApprovalRequest request) {
    return RequestValidator.problems(request, T0);
  }

  /** Exactly one problem, starting with {@code field} and containing {@code fragment}. */
  private static void assertOnlyProblem(ApprovalRequest request, String field, String fragment) {
    List<String> problems = problems(request);
    assertEquals(1, problems.size(), problems.toString());
    String problem = problems.get(0);
    assertTrue(problem.startsWith(field + ":"), problem);
    assertTrue(problem.contains(fragment), problem);
  }

  // ---- valid requests ----------------------------------------------------------------------

  @Test
  void validRequestHasNoProblems() {
    assertEquals(List.of(), problems(standardRequest()));
  }

  @Test
  void minimalRequestWithOneStepAndNoTimersIsValid() {
    ApprovalRequest minimal =
        new ApprovalRequest(
            "r", null, null, null, null, null, List.of(step("s", ALICE, null, null)), null);
    assertEquals(List.of(), problems(minimal));
  }

  @Test
  void nullRequestIsOneProblem() {
    List<String> problems = RequestValidator.problems(null, T0);
    assertEquals(1, problems.size());
    assertTrue(problems.get(0).contains("empty"), problems.get(0));
  }

  // ---- request ids -------------------------------------------------------------------------

  @ParameterizedTest(name = "[{0}]")
  @NullAndEmptySource
  @ValueSource(
      strings = {
        " ",
        "has space",
        "a/b",
        "-leading-dash",
        ".leading-dot",
        "semi;colon",
        "quote'",
        "ü-umlaut",
        "a\nb",
      })
  void badRequestIdIsAProblem(String requestId) {
    assertOnlyProblem(withId(requestId), "requestId", "required");
  }

  @Test
  void requestIdOfMoreThan100CharactersIsAProblem() {
    assertOnlyProblem(withId("a".repeat(101)), "requestId", "at most 100");
    assertEquals(List.of(), problems(withId("a".repeat(100))));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"r", "REQ-2026.11:42_x", "7", "purchase:laptop-42"})
  void goodRequestIdIsAccepted(String requestId) {
    assertEquals(List.of(), problems(withId(requestId)));
  }

  // ---- steps -------------------------------------------------------------------------------

  @Test
  void requestWithoutStepsIsAProblem() {
    assertOnlyProblem(request("P5D", List.of(), List.of()), "steps", "at least one step");
    assertOnlyProblem(request("P5D", null, List.of()), "steps", "at least one step");
  }

  @Test
  void moreThanTheMaximumNumberOfStepsIsAProblem() {
    List<StepDefinition> steps =
        IntStream.range(0, RequestValidator.MAX_STEPS + 1)
            .mapToObj(i -> step("s" + i, ALICE, null, null))
            .toList();
    assertOnlyProblem(request(null, steps, null), "steps", "at most " + RequestValidator.MAX_STEPS);
    assertEquals(
        List.of(), problems(request(null, steps.subList(0, RequestValidator.MAX_STEPS), null)));
  }

  @Test
  void duplicateStepNamesAreAProblem() {
    assertOnlyProblem(
        withSteps(step("review", ALICE, null, null), step("review", ALICE, null, null)),
        "steps[1].name",
        "'review' is used twice");
  }

  @ParameterizedTest(name = "[{0}]")
  @NullAndEmptySource
  @ValueSource(
      strings = {
        "a.b",
        "review.acceptance",
        "has space",
        "x12345678901234567890123456789012345678901234567890123456789012345",
        "a/b"
      })
  void badOrDottedStepNameIsAProblem(String name) {
    assertOnlyProblem(withSteps(step(name, ALICE, null, null)), "steps[0].name", "no dots");
  }

  @Test
  void stepNamedLikeTheProcessTimerIsAProblem() {
    assertOnlyProblem(withSteps(step("process", ALICE, null, null)), "steps[0].name", "reserved");
  }

  @Test
  void stepWithoutApproversIsAProblem() {
    assertOnlyProblem(
        withSteps(step("review", List.of(), null, null)), "steps[0].approvers", "at least one");
    assertOnlyProblem(
        withSteps(step("review", null, null, null)), "steps[0].approvers", "at least one");
  }

  @Test
  void blankApproverIsAProblem() {
    assertOnlyProblem(
        withSteps(step("review", List.of("alice", " "), null, null)),
        "steps[0].approvers",
        "non-empty");
  }

  // ---- timers ------------------------------------------------------------------------------

  @Test
  void duplicateTimerNamesAreAProblem() {
    assertOnlyProblem(
        withTimers(timer("t", "PT1H"), timer("t", "PT2H")), "timers[1].name", "'t' is used twice");
  }

  @Test
  void timerNamedLikeAStepIsAProblem() {
    assertOnlyProblem(withTimers(timer("review", "PT1H")), "timers[0].name", "used twice");
  }

  @Test
  void timerNamedProcessIsReserved() {
    assertOnlyProblem(withTimers(timer("process", "PT1H")), "timers[0].name", "reserved");
  }

  @ParameterizedTest(name = "[{0}]")
  @NullAndEmptySource
  @ValueSource(strings = {"review.acceptance", "review.completion", "my.timer", "a b"})
  void badOrDottedTimerNameIsAProblem(String name) {
    assertOnlyProblem(withTimers(timer(name, "PT1H")), "timers[0].name", "no dots");
  }

  @Test
  void userTimerWithoutLimitIsAProblem() {
    assertOnlyProblem(withTimers(timer("t", null)), "timers[0].limit", "required");
  }

  @Test
  void moreThanTheMaximumNumberOfTimersIsAProblem() {
    TimerDefinition[] timers =
        IntStream.range(0, RequestValidator.MAX_TIMERS + 1)
            .mapToObj(i -> timer("t" + i, "PT1H"))
            .toArray(TimerDefinition[]::new);
    assertOnlyProblem(withTimers(timers), "timers", "at most " + RequestValidator.MAX_TIMERS);
    assertEquals(
        List.of(), problems(withTimers(Arrays.copyOf(timers, RequestValidator.MAX_TIMERS))));
  }

  // ---- limits ------------------------------------------------------------------------------

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "P1M",
        "P1Y",
        "0",
        "PT0S",
        "-PT5M",
        "soon",
        "2026-11-25 17:00",
        "99999999999999999999",
        "P9999999999999999W",
      })
  void badLimitIsAProblemWhereverItIs(String limit) {
    assertOnlyProblem(request(limit, List.of(step("s", ALICE, null, null)), null), "timeout", "");
    assertOnlyProblem(withSteps(step("s", ALICE, limit, null)), "steps[0].offerTimeout", "");
    assertOnlyProblem(withSteps(step("s", ALICE, null, limit)), "steps[0].timeout", "");
    assertOnlyProblem(withTimers(timer("t", limit)), "timers[0].limit", "");
  }

  @Test
  void limitProblemQuotesTheTextAndTheReason() {
    assertOnlyProblem(withTimers(timer("t", "P1M")), "timers[0].limit", "months and years");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "2026-11-23T09:00:00Z",
        "2026-11-23T08:59:59Z",
        "2026-11-23T10:00:00+02:00",
        "2020-01-01T00:00:00Z"
      })
  void absoluteLimitNotInTheFutureIsAProblem(String limit) {
    assertOnlyProblem(withTimers(timer("t", limit)), "timers[0].limit", "in the past");
    assertOnlyProblem(
        request(limit, List.of(step("s", ALICE, null, null)), null), "timeout", "in the past");
    assertOnlyProblem(
        withSteps(step("s", ALICE, limit, null)), "steps[0].offerTimeout", "in the past");
    assertOnlyProblem(withSteps(step("s", ALICE, null, limit)), "steps[0].timeout", "in the past");
  }

  @Test
  void absoluteLimitInTheFutureIsAccepted() {
    assertEquals(List.of(), problems(withTimers(timer("t", "2026-11-23T09:00:01Z"))));
    assertEquals(List.of(), problems(withTimers(timer("t", "2026-11-23T10:00:01+01:00"))));
  }

  @Test
  void absoluteLimitIsJudgedAgainstTheGivenNow() {
    ApprovalRequest request = withTimers(timer("t", "2026-11-25T17:00:00Z"));
    assertEquals(List.of(), RequestValidator.problems(request, T0));
    assertEquals(
        1, RequestValidator.problems(request, Instant.parse("2026-11-26T00:00:00Z")).size());
  }

  @Test
  void relativeLimitTooLongToGiveAnExpirationDateIsAProblem() {
    assertOnlyProblem(withTimers(timer("t", "PT9223372036854775807S")), "timers[0].limit", "");
    assertOnlyProblem(
        request("PT9223372036854775807S", List.of(step("s", ALICE, null, null)), null),
        "timeout",
        "");
  }

  // ---- handlers ----------------------------------------------------------------------------

  @Test
  void goodHandlersAreAccepted() {
    assertEquals(
        List.of(),
        problems(
            withTimers(
                timer(
                    "t",
                    "PT1H",
                    warn(),
                    notifyTo("late", "alice", "bob"),
                    decide("APPROVED"),
                    decide("rejected"),
                    new HandlerDefinition("WARN", null, null, null, null),
                    new HandlerDefinition("Notify", List.of("x"), null, null, null)))));
  }

  private static ApprovalRequest everywhere(HandlerDefinition handler) {
    return new ApprovalRequest(
        "r",
        null,
        null,
        null,
        "P5D",
        List.of(handler),
        List.of(
            new StepDefinition(
                "s", null, ALICE, "PT1H", List.of(handler), "P1D", List.of(handler))),
        List.of(timer("t", "PT1H", handler)));
  }

  private static void assertBadHandlerEverywhere(HandlerDefinition handler, String fragment) {
    List<String> problems = problems(everywhere(handler));
    List<String> fields =
        List.of(
            "onTimeout[0]",
            "steps[0].onOfferTimeout[0]",
            "steps[0].onTimeout[0]",
            "timers[0].handlers[0]");
    assertEquals(fields.size(), problems.size(), problems.toString());
    for (int i = 0; i < fields.size(); i++) {
      assertTrue(problems.get(i).startsWith(fields.get(i) + ": "), problems.get(i));
      assertTrue(problems.get(i).contains(fragment), problems.get(i));
    }
  }

  @Test
  void handlerWithoutActionIsAProblem() {
    assertBadHandlerEverywhere(new HandlerDefinition(null, null, null, null, null), "action is required");
  }

  @Test
  void unknownHandlerActionIsAProblem() {
    assertBadHandlerEverywhere(
        new HandlerDefinition("email", null, null, null, null), "unknown action 'email'");
  }

  @Test
  void notifyWithoutRecipientsIsAProblem() {
    assertBadHandlerEverywhere(new HandlerDefinition("notify", null, "m", null, null), "'to'");
    assertBadHandlerEverywhere(new HandlerDefinition("notify", List.of(" "), "m", null, null), "'to'");
  }

  @Test
  void notifyWithAnInvalidTemplateIsAProblem() {
    assertBadHandlerEverywhere(
        new HandlerDefinition("notify", List.of("x"), "Dear {{#who}}", null, null),
        "notify 'message' is not a valid Mustache template");
    assertBadHandlerEverywhere(
        new HandlerDefinition("notify", List.of("x"), null, null, "{{/late}}"),
        "notify 'subject' is not a valid Mustache template");
  }

  @Test
  void notifyTemplatesAreKept() {
    assertEquals(
        new TimerHandler.Notify(List.of("x"), "Dear {{recipient.displayName}}", "{{request.id}} is late"),
        HandlerDefinitions.handler(
            new HandlerDefinition("notify", List.of("x"), "Dear {{recipient.displayName}}", null, "{{request.id}} is late")));
  }

  @Test
  void decideWithoutAValidOutcomeIsAProblem() {
    assertBadHandlerEverywhere(decide(null), "outcome");
    assertBadHandlerEverywhere(decide("maybe"), "'maybe'");
    assertBadHandlerEverywhere(decide("ABORTED"), "neither APPROVED, REJECTED nor an outcome");
  }

  @Test
  void handlerDefinitionsBecomeModelHandlers() {
    assertEquals(new TimerHandler.Warn(), HandlerDefinitions.handler(warn()));
    assertEquals(
        new TimerHandler.Notify(List.of("alice", "bob"), "late"),
        HandlerDefinitions.handler(notifyTo("late", "alice", "bob")));
    assertEquals(
        new TimerHandler.Decide(Outcome.REJECTED), HandlerDefinitions.handler(decide("Rejected")));
    assertEquals(
        List.of(new TimerHandler.Warn(), new TimerHandler.Decide(Outcome.APPROVED)),
        HandlerDefinitions.handlers(List.of(warn(), decide("approved"))));
    assertThrows(RuleViolation.class, () -> HandlerDefinitions.handler(null));
  }

  // ---- sizes -------------------------------------------------------------------------------

  private static final String MEGABYTE = "x".repeat(1024 * 1024);

  private static ApprovalRequest titled(String title, String requester) {
    ApprovalRequest r = standardRequest();
    return new ApprovalRequest(
        r.requestId(), title, requester, r.data(), r.timeout(), r.onTimeout(), r.steps(), r.timers());
  }

  @Test
  void titleAndRequesterHaveALengthLimit() {
    assertEquals(List.of(), problems(titled("t".repeat(RequestValidator.MAX_TITLE_LENGTH), "r".repeat(RequestValidator.MAX_USER_LENGTH))));
    assertOnlyProblem(titled("t".repeat(501), "carol"), "title", "too long (501 characters, at most 500)");
    assertOnlyProblem(titled("t", "r".repeat(201)), "requester", "too long (201 characters, at most 200)");
  }

  @Test
  void aMegabyteTitleIsTooLargeAndTooLongWithoutQuotingIt() {
    List<String> problems = problems(titled(MEGABYTE, "carol"));
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("the request is too large: 10"), problems.get(0));
    assertEquals("title: too long (1048576 characters, at most 500)", problems.get(1));
  }

  @Test
  void aHugeRequestIdIsQuotedShortly() {
    List<String> problems = problems(withId(MEGABYTE));
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(1).startsWith("requestId: required;"), problems.get(1));
    assertTrue(problems.get(1).endsWith("… (1048576 characters)'"), problems.get(1));
    assertTrue(problems.get(1).length() < 250, problems.get(1));
  }

  @Test
  void stepTitlesApproversAndTheirNumberHaveLimits() {
    List<String> many = IntStream.range(0, RequestValidator.MAX_APPROVERS + 1).mapToObj(i -> "u" + i).toList();
    assertOnlyProblem(withSteps(step("s", many, null, null)), "steps[0].approvers", "at most 100 approvers, got 101");
    assertEquals(List.of(), problems(withSteps(step("s", many.subList(0, 100), null, null))));
    assertOnlyProblem(
        withSteps(step("s", List.of("u".repeat(201)), null, null)), "steps[0].approvers", "is too long (at most 200 characters)");
    assertOnlyProblem(
        withSteps(new StepDefinition("s", "t".repeat(501), ALICE, null, null, null, null)), "steps[0].title", "too long (501 characters");
  }

  @Test
  void handlersRecipientsAndTemplatesHaveLimits() {
    HandlerDefinition[] tooMany = new HandlerDefinition[HandlerDefinitions.MAX_HANDLERS + 1];
    Arrays.fill(tooMany, warn());
    assertOnlyProblem(withTimers(timer("t", "PT1H", tooMany)), "timers[0].handlers", "at most 20 handlers, got 21");
    assertEquals(List.of(), problems(withTimers(timer("t", "PT1H", Arrays.copyOf(tooMany, 20)))));

    String[] recipients = IntStream.range(0, 101).mapToObj(i -> "r" + i).toArray(String[]::new);
    assertBadHandlerEverywhere(notifyTo("m", recipients), "notify 'to': at most 100 recipients (a group counts as one), got 101");
    assertEquals(List.of(), problems(withTimers(timer("t", "PT1H", notifyTo("m", Arrays.copyOf(recipients, 100))))));
    assertBadHandlerEverywhere(notifyTo("m", "r".repeat(321) + "@example.com"), "is too long (at most 320 characters)");

    assertBadHandlerEverywhere(notifyTo("m".repeat(10_001), "alice"), "notify 'message' is too long (10001 characters, at most 10000)");
    assertEquals(List.of(), problems(withTimers(timer("t", "PT1H", notifyTo("m".repeat(10_000), "alice")))));
    assertBadHandlerEverywhere(
        new HandlerDefinition("notify", List.of("alice"), null, null, "s".repeat(1_001)),
        "notify 'subject' is too long (1001 characters, at most 1000)");
  }

  @Test
  void dataHasASizeLimit() {
    ApprovalRequest r = standardRequest();
    ApprovalRequest big =
        new ApprovalRequest(r.requestId(), r.title(), r.requester(), Map.of("blob", "b".repeat(70_000)),
            r.timeout(), r.onTimeout(), r.steps(), r.timers());
    assertOnlyProblem(big, "data", "too large (70011 characters of JSON, at most 65536)");
  }

  @Test
  void theWholeRequestHasASizeLimit() {
    // Each field within its limit, together too large for a payload that continue-as-new carries.
    TimerDefinition[] timers =
        IntStream.range(0, 30)
            .mapToObj(i -> timer("t" + i, "PT1H", notifyTo("m".repeat(10_000), "alice")))
            .toArray(TimerDefinition[]::new);
    assertOnlyProblem(withTimers(timers), "the request is too large", "characters of JSON, at most 262144");
  }

  @Test
  void aHundredThousandTimersAreTwoProblems() {
    TimerDefinition[] timers =
        IntStream.range(0, 100_000).mapToObj(i -> timer("t" + i, "PT1H")).toArray(TimerDefinition[]::new);
    List<String> problems = problems(withTimers(timers));
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("the request is too large"), problems.get(0));
    assertEquals("timers: at most 100 timers, got 100000", problems.get(1));
  }

  @Test
  void moreThanTwentyProblemsAreCounted() {
    TimerDefinition[] timers =
        IntStream.range(0, 1_000).mapToObj(i -> timer("same", "PT1H")).toArray(TimerDefinition[]::new);
    List<String> problems = problems(withTimers(timers));
    assertEquals(RequestValidator.MAX_PROBLEMS_LISTED + 1, problems.size());
    assertEquals("timers: at most 100 timers, got 1000", problems.get(0));
    assertEquals("… and 980 more problems", problems.get(20));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"+10000-01-01T00:00:00Z", "P36526D", "3200000000", "P5300W"})
  void aLimitMoreThanAHundredYearsAheadIsAProblem(String limit) {
    assertOnlyProblem(withTimers(timer("t", limit)), "timers[0].limit", "is too far in the future (at most 100 years ahead)");
    assertOnlyProblem(request(limit, List.of(step("s", ALICE, null, null)), null), "timeout", "too far in the future");
  }

  @Test
  void aLimitUpToAHundredYearsAheadIsAccepted() {
    assertEquals(List.of(), problems(withTimers(timer("t", "P36525D"))));
    assertEquals(List.of(), problems(withTimers(timer("t", T0.plus(TimeLimit.MAX_AHEAD).toString()))));
  }

  @Test
  void aHugeLimitIsRefusedWithoutQuotingIt() {
    assertOnlyProblem(withTimers(timer("t", "9".repeat(100_000))), "timers[0].limit", "a time limit has at most 100 characters, got 100000");
  }

  // ---- all at once -------------------------------------------------------------------------

  @Test
  void everyProblemIsListedAtOnce() {
    ApprovalRequest bad =
        new ApprovalRequest(
            "bad id",
            "t",
            "carol",
            Map.of(),
            "P1M",
            List.of(new HandlerDefinition("shout", null, null, null, null)),
            List.of(
                step("a.b", ALICE, "0", null),
                step("ok", List.of(), null, "2026-11-25 17:00"),
                step("ok", ALICE, null, "2020-01-01T00:00:00Z")),
            List.of(timer("ok", "PT1H"), timer("x.y", null, decide("perhaps"))));
    List<String> problems = problems(bad);
    List<String> fields =
        List.of(
            "requestId:",
            "timeout:",
            "onTimeout[0]:",
            "steps[0].name:",
            "steps[0].offerTimeout:",
            "steps[1].approvers:",
            "steps[1].timeout:",
            "steps[2].name:",
            "steps[2].timeout:",
            "timers[0].name:",
            "timers[1].name:",
            "timers[1].limit:",
            "timers[1].handlers[0]:");
    List<String> missing = new ArrayList<>(fields);
    missing.removeIf(f -> problems.stream().anyMatch(p -> p.startsWith(f)));
    assertEquals(List.of(), missing, problems.toString());
    assertEquals(fields.size(), problems.size(), problems.toString());
  }

  @Test
  void startRefusesAnInvalidRequestNamingEveryProblem() {
    ApprovalRequest bad =
        new ApprovalRequest(
            null, null, null, null, "P1M", null, List.of(step("a.b", ALICE, null, null)), null);
    RuleViolation violation =
        assertThrows(RuleViolation.class, () -> ApprovalProcess.start(bad, T0));
    for (String problem : problems(bad)) {
      assertTrue(violation.reason().contains(problem), violation.reason());
    }
    assertTrue(violation.reason().startsWith("invalid approval request: "), violation.reason());
    assertEquals(3, problems(bad).size());
  }
}
