package dev.overdue.model.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConditionTest {
  static final String ISSUE_EXAMPLE = "data.amount >= 10000 && data.priority <= 2";

  static final Map<String, Object> STEP =
      step("review", "Finance review", "ACTIVE", null, List.of("frank", "gina"));
  static final Map<String, Object> PROCESS =
      Map.of("requestId", "R-42", "title", "New laptop", "requester", "carol", "state", "RUNNING");

  static Map<String, Object> step(
      String name, String title, String state, String owner, List<String> approvers) {
    Map<String, Object> step = new HashMap<>();
    step.put("name", name);
    step.put("title", title);
    step.put("state", state);
    step.put("owner", owner);
    step.put("approvers", approvers);
    return step;
  }

  /** The request data exactly as the workflow gets it: Jackson's reading of JSON text. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> json(String text) {
    try {
      return new ObjectMapper().readValue(text, Map.class);
    } catch (Exception e) {
      throw new IllegalArgumentException(text, e);
    }
  }

  static boolean eval(String expression, Map<String, Object> data) {
    return Condition.compile(expression).evaluate(data, STEP, PROCESS);
  }

  static RuleViolation compileFails(String expression) {
    return assertThrows(RuleViolation.class, () -> Condition.compile(expression));
  }

  static RuleViolation evalFails(String expression, Map<String, Object> data) {
    Condition condition = Condition.compile(expression);
    return assertThrows(RuleViolation.class, () -> condition.evaluate(data, STEP, PROCESS));
  }

  // --- the issue's example and the variables ---------------------------------------------------

  @Test
  void theIssueExampleIsTrueOnlyForLargeUrgentRequests() {
    assertTrue(eval(ISSUE_EXAMPLE, json("{\"amount\": 12000, \"priority\": 2}")));
    assertTrue(eval(ISSUE_EXAMPLE, json("{\"amount\": 10000, \"priority\": 1}")));
    assertFalse(eval(ISSUE_EXAMPLE, json("{\"amount\": 9999, \"priority\": 1}")));
    assertFalse(eval(ISSUE_EXAMPLE, json("{\"amount\": 12000, \"priority\": 3}")));
  }

  @Test
  void stepAndProcessAreThere() {
    assertTrue(eval("step.owner == null", Map.of()));
    assertTrue(eval("'frank' in step.approvers", Map.of()));
    assertFalse(eval("'zoe' in step.approvers", Map.of()));
    assertTrue(eval("step.name == 'review' && step.state == 'ACTIVE'", Map.of()));
    assertTrue(eval("size(step.approvers) == 2 && step.title.startsWith('Finance')", Map.of()));
    assertTrue(eval("process.requester == 'carol'", Map.of()));
    assertTrue(eval("process.requestId == 'R-42' && process.state == 'RUNNING'", Map.of()));
    assertFalse(eval("process.title == 'Old laptop'", Map.of()));

    Map<String, Object> owned = step("review", "Finance review", "ACTIVE", "frank", List.of("frank"));
    Condition unowned = Condition.compile("step.owner == null");
    assertFalse(unowned.evaluate(Map.of(), owned, PROCESS));
    assertTrue(Condition.compile("step.owner == 'frank'").evaluate(Map.of(), owned, PROCESS));
  }

  @Test
  void aStepOrProcessFieldTheCallerLeftOutIsNull() {
    Condition condition = Condition.compile("step.owner == null && process.title == null");
    assertTrue(condition.evaluate(Map.of(), Map.of("name", "review"), Map.of("requestId", "R-1")));
    assertTrue(condition.evaluate(null, null, null));
  }

  // --- numbers ---------------------------------------------------------------------------------

  /** JSON's 12000, 12000.0 and 12000.5 against an int and a double literal, every way round. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "data.amount >= 10000",
        "data.amount >= 10000.0",
        "10000 <= data.amount",
        "10000.0 < data.amount",
        "data.amount > 9999 && data.amount < 13000",
        "!(data.amount < 10000.0)"
      })
  void comparisonsWorkWhateverKindOfNumberTheJsonHad(String expression) {
    for (String amount : List.of("12000", "12000.0", "12000.5", "12000e0")) {
      assertTrue(eval(expression, json("{\"amount\": " + amount + "}")), amount);
    }
    assertFalse(eval(expression, json("{\"amount\": 500}")));
    assertFalse(eval(expression, json("{\"amount\": 500.5}")));
  }

  @Test
  void everyJavaNumberJacksonCanProduceIsANumberToCel() {
    for (Object amount :
        List.of(
            12000,
            12000L,
            12000.5,
            12000.5f,
            (short) 12000,
            new BigInteger("12000"),
            new BigDecimal("12000.5"))) {
      Map<String, Object> data = Map.of("amount", amount);
      assertTrue(eval("data.amount >= 10000", data), amount.getClass().getSimpleName());
      assertTrue(eval("data.amount >= 10000.0", data), amount.getClass().getSimpleName());
      assertFalse(eval("data.amount < 10000", data), amount.getClass().getSimpleName());
    }
    // Too large for a long: a double, still comparable.
    assertTrue(eval("data.huge > 1", Map.of("huge", new BigInteger("123456789012345678901234567890"))));
    // Jackson reads a large JSON integer as Long, a larger one as BigInteger.
    assertTrue(eval("data.big == 9007199254740993", json("{\"big\": 9007199254740993}")));
  }

  @Test
  void equalityComparesNumbersByValue() {
    assertTrue(eval("data.amount == 12000", json("{\"amount\": 12000.0}")));
    assertTrue(eval("data.amount == 12000.0", json("{\"amount\": 12000}")));
    assertTrue(eval("12000 in data.amounts", json("{\"amounts\": [1, 12000.0]}")));
  }

  @Test
  void arithmeticDoesNotMixIntAndDoubleButDoubleConverts() {
    assertTrue(eval("data.amount + 1 == 12001", json("{\"amount\": 12000}")));
    RuleViolation mixed = evalFails("data.amount + 1 > 0", json("{\"amount\": 12000.5}"));
    assertTrue(mixed.getMessage().contains("double("), mixed.getMessage());
    assertTrue(eval("double(data.amount) * 1.5 >= 18000.0", json("{\"amount\": 12000}")));
    assertTrue(eval("double(data.amount) * 1.5 > 18000.0", json("{\"amount\": 12000.5}")));
  }

  // --- other values ----------------------------------------------------------------------------

  @Test
  void stringsBooleansListsMapsAndNulls() {
    Map<String, Object> data =
        json(
            "{\"dept\": \"finance\", \"title\": \"URGENT: server\", \"code\": \"ABC-123\","
                + " \"express\": true, \"tags\": [\"hw\", \"it\"], \"note\": null,"
                + " \"customer\": {\"tier\": \"gold\", \"since\": 2019},"
                + " \"lines\": [{\"amount\": 100}, {\"amount\": 7000.5}]}");
    assertTrue(eval("data.dept == 'finance'", data));
    assertTrue(eval("data.title.contains('URGENT') && data.title.startsWith('URG')", data));
    assertTrue(eval("data.code.matches('^[A-Z]{3}-[0-9]+$')", data));
    assertTrue(eval("data.express", data));
    assertTrue(eval("'it' in data.tags && size(data.tags) == 2", data));
    assertTrue(eval("data.note == null", data));
    assertTrue(eval("data.customer.tier == 'gold' && data.customer.since < 2020", data));
    assertTrue(eval("data.lines.exists(l, l.amount > 5000)", data));
    assertFalse(eval("data.lines.all(l, l.amount > 5000)", data));
    assertTrue(eval("data.lines.map(l, double(l.amount)).exists(a, a == 100.0)", data));
    assertTrue(eval("data.dept in ['finance', 'legal'] ? true : false", data));
  }

  @Test
  void hasTellsWhetherAKeyIsThere() {
    Map<String, Object> data = json("{\"amount\": 5, \"nested\": {\"x\": 1}}");
    assertFalse(eval("has(data.x)", data));
    assertTrue(eval("has(data.amount)", data));
    assertTrue(eval("has(data.nested.x)", data));
    assertFalse(eval("has(data.x) && data.x > 1", data));
    assertTrue(eval("!has(data.x) || data.x > 1", data));
  }

  @Test
  void timestampsAndDurationsFromLiteralsAreFine() {
    assertTrue(
        eval(
            "timestamp(data.due) - timestamp('2026-11-01T00:00:00Z') > duration('72h')",
            json("{\"due\": \"2026-11-23T09:00:00Z\"}")));
  }

  // --- compile-time errors ---------------------------------------------------------------------

  @Test
  void aSyntaxErrorSaysWhere() {
    RuleViolation incomplete = compileFails("data.amount >=");
    assertTrue(incomplete.getMessage().contains("at column 15"), incomplete.getMessage());
    RuleViolation stray = compileFails("data.amount >= 10000 &&& data.priority");
    assertTrue(stray.getMessage().contains("column"), stray.getMessage());
    RuleViolation secondLine = compileFails("data.amount >= 10000 &&\n  data.priority <=");
    assertTrue(secondLine.getMessage().contains("line 2, column"), secondLine.getMessage());
    RuleViolation quote = compileFails("data.dept == 'finance");
    assertTrue(quote.getMessage().contains("column"), quote.getMessage());
  }

  @Test
  void anUnknownVariableIsNamed() {
    RuleViolation typo = compileFails("dta.amount >= 10000");
    assertTrue(typo.getMessage().contains("undeclared reference to 'dta'"), typo.getMessage());
    assertTrue(typo.getMessage().contains("column 1"), typo.getMessage());
    RuleViolation bare = compileFails("amount >= 10000");
    assertTrue(bare.getMessage().contains("'amount'"), bare.getMessage());
  }

  @Test
  void anUnknownStepOrProcessFieldIsNamedButDataTakesAnyKey() {
    RuleViolation step = compileFails("step.nmae == 'review'");
    assertEquals(
        "step has no field 'nmae' (it has name, title, state, owner, approvers, candidateGroups, potentialOwners, assignee, priority)",
        step.getMessage());
    RuleViolation indexed = compileFails("step['ownr'] == null");
    assertTrue(indexed.getMessage().contains("'ownr'"), indexed.getMessage());
    RuleViolation process = compileFails("process.requestor == 'carol'");
    assertTrue(process.getMessage().contains("process has no field 'requestor'"));
    Condition.compile("data.anything.at.all == 1");
    // Inside a comprehension a loop variable may be called step; it is not the step.
    Condition.compile("data.steps.exists(step, step.weight > 2)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"data.amount + 1", "'yes'", "[true]", "1 == 1 ? 'a' : 'b'", "data"})
  void aResultThatIsNotTrueOrFalseIsRefused(String expression) {
    RuleViolation refused = compileFails(expression);
    assertTrue(refused.getMessage().contains("must give true or false"), refused.getMessage());
  }

  @Test
  void aDynamicResultIsCheckedWhenEvaluated() {
    assertTrue(eval("data.flag", json("{\"flag\": true}")));
    RuleViolation notBool = evalFails("data.flag", json("{\"flag\": 12000}"));
    assertEquals("condition gave 12000, not true or false", notBool.getMessage());
  }

  @Test
  void aTypeErrorBetweenLiteralsIsCaughtAtCompileTime() {
    RuleViolation refused = compileFails("'a' > 1");
    assertTrue(refused.getMessage().contains("no matching overload"), refused.getMessage());
    assertTrue(refused.getMessage().length() < 120, refused.getMessage());
  }

  @Test
  void tooLongBlankAndNullAreRefused() {
    String longest = "true" + " ".repeat(Condition.MAX_LENGTH - 4);
    assertTrue(Condition.compile(longest).evaluate(Map.of(), STEP, PROCESS));
    RuleViolation tooLong = compileFails(longest + " ");
    assertEquals("condition too long (2001 characters, at most 2000)", tooLong.getMessage());
    compileFails("");
    compileFails("   ");
    compileFails(null);
  }

  @Test
  void deepNestingIsRefused() {
    RuleViolation deep = compileFails("(".repeat(300) + "true" + ")".repeat(300));
    assertTrue(deep.getMessage().contains("recursion limit"), deep.getMessage());
  }

  // --- run-time errors -------------------------------------------------------------------------

  @Test
  void aMissingKeyIsARuleViolationNotACrash() {
    RuleViolation missing = evalFails("data.nope > 1", json("{\"amount\": 1}"));
    assertTrue(missing.getMessage().startsWith("condition failed: "), missing.getMessage());
    assertTrue(missing.getMessage().contains("'nope'"), missing.getMessage());
    assertTrue(missing.getMessage().contains("has("), missing.getMessage());
  }

  @Test
  void typeErrorsAndArithmeticErrorsAreRuleViolations() {
    Map<String, Object> data = json("{\"name\": \"x\", \"amount\": 3, \"list\": [1]}");
    evalFails("data.name > 1", data);
    evalFails("data.amount / 0 == 1", data);
    evalFails("data.amount * 9223372036854775807 > 0", data);
    evalFails("data.list[5] == 1", data);
    evalFails("data.name.nested == 1", data);
    evalFails("int('twelve') == 12", data);
    evalFails("timestamp(data.name) > timestamp('2020-01-01T00:00:00Z')", data);
  }

  @Test
  void dataCelCannotReadIsNamed() {
    RuleViolation refused =
        evalFails("data.when.x == 1", Map.of("when", Map.of("x", Instant.EPOCH)));
    assertEquals("data.when.x is a Instant, which a condition cannot read", refused.getMessage());
  }

  // --- sandbox and cost ------------------------------------------------------------------------

  @ParameterizedTest
  @ValueSource(
      strings = {
        "now() > timestamp('2020-01-01T00:00:00Z')",
        "timestamp.now() > 1",
        "random() > 0.5",
        "env('HOME') == '/root'",
        "getenv('HOME') == '/root'",
        "readFile('/etc/passwd') == ''",
        "time() > 0"
      })
  void nothingReadsTheClockRandomnessTheEnvironmentOrFiles(String expression) {
    RuleViolation refused = compileFails(expression);
    assertTrue(refused.getMessage().contains("undeclared reference"), refused.getMessage());
  }

  @Test
  void aHugeNestedComprehensionIsStoppedByTheIterationLimit() {
    String ten = "[0,1,2,3,4,5,6,7,8,9]";
    // 10^6 iterations asked for; the limit is 10^4 for the whole evaluation.
    String nested =
        ten + ".all(a, " + ten + ".all(b, " + ten + ".all(c, " + ten + ".all(d, " + ten
            + ".all(e, " + ten + ".all(f, a + b + c + d + e + f >= 0))))))";
    RuleViolation refused = timed(nested, Map.of());
    assertTrue(refused.getMessage().contains("loop iterations"), refused.getMessage());
  }

  @Test
  void copyingLargeValuesOverAndOverIsStoppedByTheBudget() {
    Map<String, Object> data = new LinkedHashMap<>();
    List<Object> items = new ArrayList<>();
    for (long i = 0; i < 9_000; i++) {
      items.add(i);
    }
    data.put("items", items);
    data.put("text", "x".repeat(60_000));
    String plus = String.join(" + ", java.util.Collections.nCopies(60, "data.text"));
    for (String hostile :
        List.of(
            "data.items.map(i, data.items + data.items).size() > 0",
            "data.items.map(i, data.text + data.text).size() > 0",
            "data.items.all(i, i in data.items)",
            "data.items.all(i, data.text.contains('y') == false)",
            "size(" + plus + ") > 0",
            // || would absorb an ordinary error; the budget is no ordinary error.
            "data.items.map(i, data.text + data.text).size() > 0 || true")) {
      RuleViolation refused = timed(hostile, data);
      assertTrue(refused.getMessage().contains("too costly"), hostile + ": " + refused.getMessage());
    }
  }

  @Test
  void honestWorkOnLargeDataStaysWithinTheBudget() {
    Map<String, Object> data = new LinkedHashMap<>();
    List<Object> lines = new ArrayList<>();
    Map<String, Object> codes = new LinkedHashMap<>();
    for (int i = 0; i < 5_000; i++) {
      lines.add(Map.of("amount", i, "code", "c" + i));
      codes.put("c" + i, i);
    }
    data.put("lines", lines);
    data.put("codes", codes);
    data.put("limit", 10_000);
    for (String honest :
        List.of(
            "data.lines.all(l, l.amount < data.limit)",
            "data.lines.all(l, l.code in data.codes)",
            "data.lines.filter(l, l.amount > 2500).size() == 2499",
            "data.lines.map(l, l.amount).exists(a, a == 4999)")) {
      long start = System.nanoTime();
      assertTrue(eval(honest, data), honest);
      System.out.printf("%s: %d ms%n", honest, (System.nanoTime() - start) / 1_000_000);
    }
  }

  /** Evaluates an expression that must be refused; prints how long the refusal took. */
  static RuleViolation timed(String expression, Map<String, Object> data) {
    Condition condition = Condition.compile(expression);
    long start = System.nanoTime();
    RuleViolation refused =
        assertThrows(RuleViolation.class, () -> condition.evaluate(data, STEP, PROCESS));
    System.out.printf(
        "refused in %d ms: %s -> %s%n",
        (System.nanoTime() - start) / 1_000_000,
        Texts.abbreviate(expression, 80),
        refused.getMessage());
    return refused;
  }

  // --- determinism, caching, threads -----------------------------------------------------------

  @Test
  void theSameInputsGiveTheSameAnswerEveryTimeAndTheInputsAreLeftAlone() {
    Map<String, Object> data =
        json("{\"amount\": 12000, \"priority\": 2, \"lines\": [{\"a\": 1}, {\"a\": 2.5}]}");
    String before = data.toString();
    String expression = ISSUE_EXAMPLE + " && data.lines.exists(l, l.a > 2)";
    for (int i = 0; i < 1_000; i++) {
      assertTrue(eval(expression, data));
      assertFalse(eval(expression, json("{\"amount\": 12000, \"priority\": 3, \"lines\": []}")));
    }
    assertEquals(before, data.toString());
  }

  @Test
  void aMapIsIteratedInKeyOrderWhateverMapTheCallerBuilt() {
    Map<String, Object> insertion = new LinkedHashMap<>();
    insertion.put("c", 3);
    insertion.put("a", 1);
    insertion.put("b", 2);
    String expression = "data.m.map(k, k) == ['a', 'b', 'c']";
    assertTrue(eval(expression, Map.of("m", insertion)));
    assertTrue(eval(expression, Map.of("m", Map.of("b", 2, "c", 3, "a", 1))));
    assertTrue(eval(expression, json("{\"m\": {\"c\": 3, \"b\": 2, \"a\": 1}}")));
  }

  @Test
  void compiledConditionsAreCached() {
    assertSame(Condition.compile(ISSUE_EXAMPLE).program(), Condition.compile(ISSUE_EXAMPLE).program());
    assertEquals(ISSUE_EXAMPLE, Condition.compile(ISSUE_EXAMPLE).expression());
  }

  @Test
  void manyThreadsCompileAndEvaluateAtOnce() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        results.add(
            pool.submit(
                () -> {
                  int checked = 0;
                  for (int i = 0; i < 400; i++) {
                    long amount = (thread * 400L + i) * 7;
                    // A few hundred distinct expressions churn the cache while others hit it.
                    String mine = "data.amount >= " + (i % 300) + " && data.priority <= 2";
                    Map<String, Object> data = Map.of("amount", amount, "priority", i % 4);
                    boolean expected = amount >= 10000 && i % 4 <= 2;
                    assertEquals(expected, eval(ISSUE_EXAMPLE, data));
                    assertEquals(amount >= i % 300 && i % 4 <= 2, eval(mine, data));
                    checked += 2;
                  }
                  return checked;
                }));
      }
      int total = 0;
      for (Future<Integer> result : results) {
        total += result.get(60, TimeUnit.SECONDS);
      }
      assertEquals(8 * 400 * 2, total);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void listsInTheDataAreNotSharedWithCel() {
    List<Object> tags = new ArrayList<>(Arrays.asList("a", "b"));
    Map<String, Object> data = new HashMap<>(Map.of("tags", tags));
    assertTrue(eval("'a' in data.tags", data));
    assertEquals(List.of("a", "b"), tags);
  }
}
