package dev.overdue.model.expression;

import dev.cel.bundle.Cel;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelIssue;
import dev.cel.common.CelOptions;
import dev.cel.common.CelSourceLocation;
import dev.cel.common.CelValidationException;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.navigation.CelNavigableAst;
import dev.cel.common.navigation.CelNavigableExpr;
import dev.cel.common.types.CelType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelEvaluationListener;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.ConcatenatedListView;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Google's Common Expression Language (CEL) as requests use it: an escalation's {@link Condition}
 * (true or false) and a {@link DataExpression} (a value: a time limit, an assignee), both over the
 * request's {@code data}, the {@code step} and the {@code process}.
 *
 * <p>CEL is side-effect free and, as configured here, deterministic: its standard library has no
 * clock ({@code now}), no randomness, no environment and no I/O, and every evaluation is bounded
 * (comprehension iterations and an evaluation budget), so the same inputs always give the same
 * answer in a replayed workflow. {@link #compile} checks syntax, variables and the result type
 * when an approval starts; {@link #evaluate} turns every evaluation error into a {@link
 * RuleViolation} naming what went wrong.
 *
 * <p>Numbers: JSON integers are CEL {@code int}s (Java Long), JSON decimals CEL {@code double}s.
 * Comparisons ({@code < <= > >= == !=}) across the two work ({@code data.amount >= 10000} is true
 * for 12000 and for 12000.5); arithmetic does not mix them ({@code data.amount + 1} fails when
 * amount is a decimal): write {@code double(data.amount) * 1.1} to be safe.
 *
 * <p>Runtime: CEL's classic interpreter ({@code CelFactory.legacyCelBuilder}). The newer program
 * planner of cel-java 0.14.0 converts the whole {@code data} tree again at every variable access,
 * which made {@code data.items.all(i, i < data.limit)} over 9,000 items take 21 s instead of 0.1
 * s. The classic interpreter takes values as they are, so {@link #evaluate} brings Jackson's
 * Integer to Long itself (the interpreter finds no {@code >=} for an Integer).
 */
public final class CelProgram {
  /** Longest expression accepted, in characters. */
  static final int MAX_LENGTH = 2_000;

  /**
   * Comprehension iterations ({@code all}, {@code exists}, {@code map}, {@code filter}...) one
   * evaluation may run, counting nested ones together.
   */
  static final int MAX_ITERATIONS = 10_000;

  /**
   * The evaluation budget: one unit for every node evaluated, plus, for every function or operator,
   * the sizes of the values it reads and builds (see {@link CostMeter}). Stops an expression that
   * copies or scans large values over and over (e.g. {@code data.items.map(i, data.items +
   * data.items)}) long before it exhausts memory or holds up a workflow task.
   */
  static final long MAX_COST = 1_000_000;

  /** The fields of the {@code step} variable; a missing one is null, any other key is ignored. */
  public static final List<String> STEP_FIELDS=
      List.of("name", "title", "state", "owner", "approvers", "candidateGroups", "potentialOwners",
          "assignee", "priority");

  /** The fields of the {@code process} variable; a missing one is null, any other is ignored. */
  static final List<String> PROCESS_FIELDS = List.of("requestId", "title", "requester", "state");

  private static final int CACHE_SIZE = 512;
  private static final int MAX_MESSAGE = 300;

  /** What an expression gives: a condition true or false, an expression any value. */
  enum Kind {
    CONDITION("condition", SimpleType.BOOL),
    EXPRESSION("expression", SimpleType.DYN);

    final String word;
    final Cel cel;

    Kind(String word, CelType result) {
      this.word = word;
      this.cel = environment(result);
    }
  }

  private static Cel environment(CelType result) {
    return CelFactory.legacyCelBuilder()
        .setOptions(
            CelOptions.current()
                .enableHeterogeneousNumericComparisons(true)
                .maxExpressionCodePointSize(MAX_LENGTH)
                .maxParseRecursionDepth(100)
                .comprehensionMaxIterations(MAX_ITERATIONS)
                .maxRegexProgramSize(1_000)
                .build())
        .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
        // data is whatever JSON the requester sent: any key, checked only when evaluated.
        .addVar("data", MapType.create(SimpleType.STRING, SimpleType.DYN))
        .addVar("step", MapType.create(SimpleType.STRING, SimpleType.DYN))
        .addVar("process", MapType.create(SimpleType.STRING, SimpleType.DYN))
        .setResultType(result)
        .build();
  }

  /** Compiled programs by kind and text: the workflow re-evaluates on every expiry. */
  private static final Map<String, CelProgram> CACHE =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CelProgram> eldest) {
          return size() > CACHE_SIZE;
        }
      };

  private final Kind kind;
  private final String expression;
  private final CelRuntime.Program program;
  /** The result type the checker found: an expression's is checked by its user. */
  private final CelType resultType;

  private CelProgram(Kind kind, String expression, CelRuntime.Program program, CelType resultType) {
    this.kind = kind;
    this.expression = expression;
    this.program = program;
    this.resultType = resultType;
  }

  /**
   * Parses and type-checks {@code expression}.
   *
   * @throws RuleViolation naming the problem: blank, too long, a syntax error (with its
   *     position), an unknown variable or field, or (a condition) a result that is not true or false
   */
  static CelProgram compile(Kind kind, String expression) {
    if (expression == null || expression.isBlank()) {
      throw new RuleViolation("empty " + kind.word);
    }
    if (expression.length() > MAX_LENGTH) {
      throw new RuleViolation(
          kind.word + " too long (" + expression.length() + " characters, at most " + MAX_LENGTH + ")");
    }
    String key = kind.name() + ":" + expression;
    synchronized (CACHE) {
      CelProgram cached = CACHE.get(key);
      if (cached != null) {
        return cached;
      }
    }
    CelAbstractSyntaxTree ast;
    try {
      ast = kind.cel.compile(expression).getAst();
    } catch (CelValidationException e) {
      throw new RuleViolation(describe(kind, e, expression));
    }
    checkFields(ast, "step", STEP_FIELDS);
    checkFields(ast, "process", PROCESS_FIELDS);
    CelProgram compiled;
    try {
      compiled = new CelProgram(kind, expression, kind.cel.createProgram(ast), ast.getResultType());
    } catch (CelEvaluationException | RuntimeException e) {
      throw new RuleViolation("invalid " + kind.word + ": " + Texts.abbreviate(e.getMessage(), MAX_MESSAGE));
    }
    synchronized (CACHE) {
      CACHE.putIfAbsent(key, compiled);
    }
    return compiled;
  }

  String expression() {
    return expression;
  }

  CelType resultType() {
    return resultType;
  }

  /**
   * Evaluates the program. {@code data} is the request's JSON data as Jackson reads it (numbers,
   * strings, booleans, lists, maps, null); {@code step} holds {@code stepFields} and {@code
   * process} {@link #PROCESS_FIELDS}.
   *
   * @throws RuleViolation if the evaluation fails (a missing key such as {@code data.nope}, a type
   *     error, the evaluation budget exceeded); the message says what went wrong
   */
  Object evaluate(
      Map<String, Object> data, Map<String, Object> step, List<String> stepFields, Map<String, Object> process) {
    Map<String, Object> variables =
        Map.of(
            "data", ConditionValues.adaptMap(data == null ? Map.of() : data, "data"),
            "step", ConditionValues.withFields(step, stepFields, "step"),
            "process", ConditionValues.withFields(process, PROCESS_FIELDS, "process"));
    CostMeter meter = new CostMeter();
    Object result;
    try {
      result = program.trace(variables, meter);
    } catch (CelEvaluationException | RuntimeException e) {
      if (meter.exceeded()) {
        throw meter.violation(kind);
      }
      throw new RuleViolation(kind.word + " failed: " + evaluationMessage(e));
    }
    // CEL's || and && absorb an error when the other side decides; the budget is no such error.
    if (meter.exceeded()) {
      throw meter.violation(kind);
    }
    return result;
  }

  // --- compile-time checks -------------------------------------------------------------------

  private static String describe(Kind kind, CelValidationException e, String expression) {
    List<CelIssue> issues = e.getErrors();
    if (issues.isEmpty()) {
      return "invalid " + kind.word + ": " + Texts.abbreviate(e.getMessage(), MAX_MESSAGE);
    }
    CelIssue first = issues.get(0);
    String message = first.getMessage().replace(" (in container '')", "");
    int candidates = message.indexOf(" (candidates:");
    if (candidates > 0) {
      message = message.substring(0, candidates);
    }
    if (message.startsWith("expected type 'bool' but found")) {
      message =
          "the condition must give true or false, but gives "
              + message.substring("expected type 'bool' but found ".length());
    }
    StringBuilder text = new StringBuilder(message);
    CelSourceLocation where = first.getSourceLocation();
    if (where != null && where.getLine() > 0) {
      text.append(" at ");
      if (expression.lines().count() > 1) {
        text.append("line ").append(where.getLine()).append(", ");
      }
      text.append("column ").append(where.getColumn() + 1);
    }
    if (issues.size() > 1) {
      text.append(" (and ").append(issues.size() - 1).append(" more)");
    }
    return Texts.abbreviate(text.toString(), MAX_MESSAGE);
  }

  /**
   * step and process are maps to CEL, so it would accept {@code step.nmae}; their fields are
   * fixed, so a typo is caught here instead of failing at every expiry.
   */
  private static void checkFields(CelAbstractSyntaxTree ast, String variable, List<String> fields) {
    CelNavigableAst.fromAst(ast)
        .getRoot()
        .allNodes()
        .forEach(
            node -> {
              Optional<String> field = fieldOf(node.expr(), variable);
              if (field.isPresent()
                  && !fields.contains(field.get())
                  && !shadowed(node, variable)) {
                throw new RuleViolation(
                    variable
                        + " has no field '"
                        + field.get()
                        + "' (it has "
                        + String.join(", ", fields)
                        + ")");
              }
            });
  }

  /** The field named by {@code variable.field} or {@code variable['field']}. */
  private static Optional<String> fieldOf(CelExpr expr, String variable) {
    switch (expr.exprKind().getKind()) {
      case SELECT:
        return isIdent(expr.select().operand(), variable)
            ? Optional.of(expr.select().field())
            : Optional.empty();
      case CALL:
        if (expr.call().function().equals("_[_]")
            && expr.call().args().size() == 2
            && isIdent(expr.call().args().get(0), variable)
            && expr.call().args().get(1).exprKind().getKind() == CelExpr.ExprKind.Kind.CONSTANT
            && expr.call().args().get(1).constant().getKind()
                == dev.cel.common.ast.CelConstant.Kind.STRING_VALUE) {
          return Optional.of(expr.call().args().get(1).constant().stringValue());
        }
        return Optional.empty();
      default:
        return Optional.empty();
    }
  }

  private static boolean isIdent(CelExpr expr, String name) {
    return expr.exprKind().getKind() == CelExpr.ExprKind.Kind.IDENT
        && expr.ident().name().equals(name);
  }

  /** Inside {@code list.exists(step, ...)} the name means the loop variable. */
  private static boolean shadowed(CelNavigableExpr node, String variable) {
    for (Optional<CelNavigableExpr> up = node.parent(); up.isPresent(); up = up.get().parent()) {
      CelExpr expr = up.get().expr();
      if (expr.exprKind().getKind() == CelExpr.ExprKind.Kind.COMPREHENSION
          && (expr.comprehension().iterVar().equals(variable)
              || expr.comprehension().iterVar2().equals(variable))) {
        return true;
      }
    }
    return false;
  }

  // --- evaluation errors and the budget -------------------------------------------------------

  private static String evaluationMessage(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof dev.cel.common.exceptions.CelIterationLimitExceededException
          || String.valueOf(t.getMessage()).contains("Iteration budget exceeded")) {
        return "more than " + MAX_ITERATIONS + " loop iterations";
      }
    }
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    // "evaluation error at <input>:5: key 'nope' is not present in map." -> the part after it
    message = message.replaceFirst("^evaluation error at <input>:\\d+: ", "");
    message = message.replaceFirst("^evaluation error: ", "");
    if (message.contains("is not present in map")) {
      message += " (has(data.key) tells whether a key is there)";
    } else if (message.startsWith("No matching overload")) {
      int candidates = message.indexOf(". Overload candidates");
      message = candidates > 0 ? message.substring(0, candidates) : message;
      message +=
          " (the values are not of the types this operation takes; CEL does not mix int and double"
              + " in arithmetic: double(data.x) converts)";
    }
    return Texts.abbreviate(message, MAX_MESSAGE);
  }

  /**
   * Counts the cost of one evaluation and aborts it once over {@link #MAX_COST}: one unit for every
   * node evaluated, and for a function or operator the size of what it reads and what it builds,
   * since comparing, searching, matching or concatenating takes time in proportion to them. A
   * value's size is its deep size: a string's length, a list's or map's entries with everything
   * in them. CEL calls back after each node with its value, and evaluates a call's arguments just
   * before the call, so their sizes are at hand.
   */
  private static final class CostMeter implements CelEvaluationListener {
    /** Calls that take constant time whatever the size of their arguments. */
    private static final Set<String> CONSTANT_TIME =
        Set.of("_[_]", "_&&_", "_||_", "_?_:_", "!_", "@not_strictly_false");

    /** The size of the last value of each node (by expression id), when it has one. */
    private final Map<Long, Long> sizes = new HashMap<>();

    /** The nodes whose last value was a map. */
    private final Set<Long> mapIds = new HashSet<>();

    /** Deep sizes already counted, by identity: the request data is walked once, not per use. */
    private final Map<Object, Long> known = new IdentityHashMap<>();

    private long cost;

    @Override
    public void callback(CelExpr expr, Object result) {
      long size = sizeOf(result);
      if (size > 0) {
        sizes.put(expr.id(), size);
      } else {
        sizes.remove(expr.id());
      }
      if (result instanceof Map) {
        mapIds.add(expr.id());
      } else {
        mapIds.remove(expr.id());
      }
      cost += 1;
      if (expr.exprKind().getKind() == CelExpr.ExprKind.Kind.CALL) {
        cost += size;
        if (!CONSTANT_TIME.contains(expr.call().function()) && !isMapLookup(expr)) {
          for (CelExpr argument : expr.call().args()) {
            cost += sizes.getOrDefault(argument.id(), 0L);
          }
          if (expr.call().target().isPresent()) {
            cost += sizes.getOrDefault(expr.call().target().get().id(), 0L);
          }
        }
      }
      if (cost > MAX_COST) {
        throw new BudgetExceeded();
      }
    }

    /** {@code key in someMap}: a hash lookup. */
    private boolean isMapLookup(CelExpr expr) {
      return expr.call().function().equals("@in")
          && expr.call().args().size() == 2
          && mapIds.contains(expr.call().args().get(1).id());
    }

    boolean exceeded() {
      return cost > MAX_COST;
    }

    RuleViolation violation(Kind kind) {
      return new RuleViolation(
          kind.word + " too costly to evaluate (over the budget of " + MAX_COST + " steps)");
    }

    private long sizeOf(Object value) {
      if (value instanceof String) {
        return ((String) value).length();
      }
      // A comprehension's accumulator grows in place (an O(1) append) and changes under its
      // identity: counting it at every iteration would make an honest map() quadratic.
      if (value instanceof ConcatenatedListView) {
        return 0;
      }
      if (!(value instanceof Collection) && !(value instanceof Map)) {
        return 0;
      }
      Long size = known.get(value);
      if (size == null) {
        // Every entry counts one, plus whatever strings and containers it holds.
        long total = 1;
        if (value instanceof Collection) {
          for (Object item : (Collection<?>) value) {
            total += 1 + sizeOf(item);
          }
        } else {
          for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
            total += 1 + sizeOf(entry.getKey()) + sizeOf(entry.getValue());
          }
        }
        size = total;
        known.put(value, size);
      }
      return size;
    }
  }

  /** Thrown inside CEL to stop an evaluation over budget; never leaves this class. */
  private static final class BudgetExceeded extends RuntimeException {
    BudgetExceeded() {
      super("evaluation budget exceeded", null, false, false);
    }
  }
}
