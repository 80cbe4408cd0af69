package dev.overdue.model.request;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalRequest.DeadlineDefinition;
import dev.overdue.api.ApprovalRequest.ListenerDefinition;
import dev.overdue.api.ApprovalRequest.OutcomeDefinition;
import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.api.ApprovalRequest.TimerDefinition;
import dev.overdue.api.JsonBuffers;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.schedule.BusinessCalendar;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.schedule.Cycle;
import dev.overdue.model.schedule.DateTimeText;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks an approval request before anything starts and turns its definitions into model values.
 * Reports every problem at once, each naming the field, so a user can fix a file in one go.
 */
public final class RequestValidator {
  private RequestValidator() {}

  /**
   * Request ids end up in workflow ids; keep them to characters safe in a shell and a URL. Public
   * for the request's JSON Schema (docs/schema), which states the same pattern.
   */
  public static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,99}");
  /** Step, timer and handler names: no dots, so {@code <step>.acceptance} stays unambiguous. */
  public static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  /** The process timer's name, which no step or timer may take. */
  public static final String PROCESS_TIMER = "process";
  public static final int MAX_STEPS = 50;
  /** Start and completion deadlines of one step, together. */
  public static final int MAX_DEADLINES = 20;
  public static final int MAX_LISTENERS = 20;
  public static final int MAX_OUTCOMES = 20;

  /** The calendar value that counts durations in working time. */
  public static final String BUSINESS = "business";
  /** The default: durations are elapsed time. */
  public static final String ELAPSED = "elapsed";
  public static final int MAX_TIMERS = 100;
  /** A request's key fields: columns of a list row beside its own, few so a row stays one line. */
  public static final int MAX_KEY_FIELDS = 3;

  // Sizes. A request travels as the workflow's input and, with the approval's state, as every
  // continued run's input: both must stay far below Temporal's 2 MB payload limit, and no field
  // may be large enough to bloat messages, queries or the Web UI.

  /** The whole request, as JSON text. */
  public static final int MAX_REQUEST_LENGTH = 256 * 1024;
  /** The request's title and each step's title. */
  public static final int MAX_TITLE_LENGTH = 500;
  /** A user name: the requester, an approver (commands' {@code user} has the same limit). */
  public static final int MAX_USER_LENGTH = 200;
  public static final int MAX_APPROVERS = 100;
  /** The request's {@code data}, as JSON text. */
  public static final int MAX_DATA_LENGTH = 64 * 1024;
  /** Problems listed at once: 100,000 bad timers need one line saying so, not 100,000. */
  public static final int MAX_PROBLEMS_LISTED = 20;

  /**
   * Why the request {@code json} may not start at {@code now}: it is not a request (the reason
   * names the field), or every problem it has, one a line. Empty when it may start. This is the
   * check a client runs before starting an approval ({@code dev.overdue.client.RequestCheck}).
   */
  public static Optional<String> refusal(JsonNode json, Instant now) {
    List<String> problems;
    try {
      problems = problems(RequestJson.parse(json), now);
    } catch (RuleViolation unreadable) {
      return Optional.of(unreadable.reason());
    }
    return problems.isEmpty()
        ? Optional.empty()
        : Optional.of("invalid approval request:\n  " + String.join("\n  ", problems));
  }

  /**
   * Every problem with {@code request}, at most {@link #MAX_PROBLEMS_LISTED} and then how many
   * more; empty when it may start at {@code now}.
   */
  public static List<String> problems(ApprovalRequest request, Instant now) {
    return problems(request, now, null);
  }

  /**
   * As {@link #problems(ApprovalRequest, Instant)}, counting working time and reading date-times
   * without offset in {@code calendar}. Without one (the starter does not know the worker's),
   * the syntax is checked against office hours in UTC, and whether a date-time without offset is
   * in the past is left to the workflow.
   */
  public static List<String> problems(ApprovalRequest request, Instant now, CalendarSettings calendar) {
    if (request == null) {
      return List.of("the request is empty: expected a JSON object with requestId and steps");
    }
    List<String> problems = allProblems(request, now, calendar);
    if (problems.size() <= MAX_PROBLEMS_LISTED) {
      return problems;
    }
    List<String> listed = new ArrayList<>(problems.subList(0, MAX_PROBLEMS_LISTED));
    listed.add("… and " + (problems.size() - MAX_PROBLEMS_LISTED) + " more problems");
    return listed;
  }

  private static List<String> allProblems(
      ApprovalRequest request, Instant now, CalendarSettings calendarSettings) {
    List<String> problems = new ArrayList<>();
    LimitReader limits =
        new LimitReader(
            new RequestLimits(
                request.calendar(),
                BusinessCalendar.of(calendarSettings != null ? calendarSettings : CalendarSettings.officeHours())),
            calendarSettings != null,
            now);
    calendarProblem("calendar", request.calendar(), problems::add);
    if (request.auth() != null) {
      try {
        AuthPolicy.parse(request.auth(), "auth");
      } catch (RuleViolation wrong) {
        problems.add(wrong.reason());
      }
    }
    int length = JsonBuffers.text(RequestJson.tree(request)).length();
    if (length > MAX_REQUEST_LENGTH) {
      problems.add(
          "the request is too large: " + length + " characters of JSON, at most "
              + MAX_REQUEST_LENGTH);
    }
    if (request.requestId() == null || !REQUEST_ID.matcher(request.requestId()).matches()) {
      problems.add(
          "requestId: required; letters, digits and . _ : - (at most 100), got "
              + Texts.quote(request.requestId()));
    }
    lengthProblem("title", request.title(), MAX_TITLE_LENGTH, problems::add);
    lengthProblem("requester", request.requester(), MAX_USER_LENGTH, problems::add);
    StepOwnerDefinitions.names("businessAdministrators", "business administrator", request.businessAdministrators(),
        problems::add);
    int dataLength = JsonBuffers.text(RequestJson.tree(request.data())).length();
    if (dataLength > MAX_DATA_LENGTH) {
      problems.add(
          "data: too large (" + dataLength + " characters of JSON, at most " + MAX_DATA_LENGTH
              + ")");
    }
    if (request.dataForm() != null) {
      StepForm.dataProblems(request.dataForm(), request.data(), problems::add);
    }
    KeyFields.problems(request, problems::add);
    limits.problem("timeout", request.timeout(), null, problems::add);
    Set<String> anyStepOutcomes = new HashSet<>();
    request.steps().stream()
        .filter(Objects::nonNull)
        .flatMap(step -> step.outcomes().stream())
        .filter(o -> o != null && o.name() != null)
        .forEach(o -> anyStepOutcomes.add(o.name().toLowerCase(Locale.ROOT)));
    HandlerDefinitions.problems("onTimeout", request.onTimeout(), HandlerDefinitions.Use.TIMER, anyStepOutcomes, problems::add);

    if (request.steps().isEmpty()) {
      problems.add("steps: at least one step is required");
    }
    if (request.steps().size() > MAX_STEPS) {
      problems.add("steps: at most " + MAX_STEPS + " steps, got " + request.steps().size());
    }
    Set<String> names = new HashSet<>();
    names.add(PROCESS_TIMER);
    for (int i = 0; i < request.steps().size(); i++) {
      StepDefinition step = request.steps().get(i);
      String at = "steps[" + i + "]";
      if (step == null) {
        problems.add(at + ": must be an object");
        continue;
      }
      nameProblem(at, step.name(), names, problems::add);
      lengthProblem(at + ".title", step.title(), MAX_TITLE_LENGTH, problems::add);
      StepOwnerDefinitions.problems(at, step, problems::add);
      DutyDefinitions.problems(at, step, i, request.steps(), request.requester(), problems::add);
      if (step.form() != null) {
        StepForm.problems(at + ".form", step.form(), problems::add);
      }
      limits.problem(at + ".offerTimeout", step.offerTimeout(), null, problems::add);
      limits.problem(at + ".timeout", step.timeout(), null, problems::add);
      followUpProblem(at + ".followUp", step.followUp(), limits, problems::add);
      Set<String> outcomes = outcomeProblems(at, step, i, request.steps(), problems::add);
      HandlerDefinitions.problems(at + ".onOfferTimeout", step.onOfferTimeout(), HandlerDefinitions.Use.TIMER, outcomes, problems::add);
      HandlerDefinitions.problems(at + ".onTimeout", step.onTimeout(), HandlerDefinitions.Use.TIMER, outcomes, problems::add);
      deadlineProblems(at, step, limits, outcomes, problems::add);
      listenerProblems(at, step.listeners(), problems::add);
    }
    if (request.timers().size() > MAX_TIMERS) {
      problems.add("timers: at most " + MAX_TIMERS + " timers, got " + request.timers().size());
    }
    for (int i = 0; i < request.timers().size(); i++) {
      TimerDefinition timer = request.timers().get(i);
      String at = "timers[" + i + "]";
      if (timer == null) {
        problems.add(at + ": must be an object");
        continue;
      }
      nameProblem(at, timer.name(), names, problems::add);
      if (timer.limit() == null && timer.cycle() == null) {
        problems.add(at + ".limit: required, or a cycle (only timers with a limit exist)");
      } else if (timer.limit() != null && timer.cycle() != null) {
        problems.add(at + ": give either 'limit' or 'cycle', not both");
      } else if (timer.limit() != null) {
        limits.problem(at + ".limit", timer.limit(), timer.calendar(), problems::add);
      } else {
        limits.cycleProblem(at, timer.cycle(), timer.endDate(), timer.calendar(), problems::add);
      }
      limits.endDateProblem(at, timer.cycle(), timer.endDate(), problems::add);
      calendarProblem(at + ".calendar", timer.calendar(), problems::add);
      catchUpProblem(at, timer.catchUp(), timer.cycle(), problems::add);
      HandlerDefinitions.problems(at + ".handlers", timer.handlers(), HandlerDefinitions.Use.TIMER, anyStepOutcomes, problems::add);
    }
    return problems;
  }

  /**
   * Whether {@code request} needs the worker's calendar: every approval that can start does, as its
   * zone is where a day counts ({@link IsoDuration#dayZone}).
   */
  public static boolean needsCalendar(ApprovalRequest request) {
    return request != null && request.steps() != null;
  }

  private static Stream<DeadlineDefinition> deadlines(ApprovalRequest request) {
    return request.steps().stream()
        .filter(Objects::nonNull)
        .flatMap(s -> Stream.concat(s.startDeadlines().stream(), s.completionDeadlines().stream()))
        .filter(Objects::nonNull);
  }

  /** Reads and checks limits the way the process will. */
  private record LimitReader(RequestLimits limits, boolean knowsZone, Instant now) {
    void problem(String at, String text, String ownCalendar, Consumer<String> problems) {
      if (text == null) {
        return;
      }
      String shown = Texts.abbreviate(text, Texts.QUOTED_LENGTH);
      try {
        TimeLimit limit = limits.of(text, ownCalendar);
        if (limit instanceof TimeLimit.FromData) {
          return;
        }
        if (limit instanceof TimeLimit.Repeating) {
          problems.accept(at + ": " + shown + " is a cycle; cycles go in 'cycle'");
          return;
        }
        if (!knowsZone && DateTimeText.isLocalDateTime(text)) {
          return;
        }
        if (limit instanceof TimeLimit.Absolute absolute && !absolute.at().toInstant().isAfter(now)) {
          problems.accept(at + ": " + shown + " is in the past");
        } else if (TimeLimit.tooFarAhead(limit.expirationFrom(now, limits.calendar()), now)) {
          problems.accept(at + ": " + shown + " is too far in the future (" + TimeLimit.MAX_AHEAD_TEXT + ")");
        }
      } catch (DateTimeException | ArithmeticException e) {
        problems.accept(at + ": " + shown + " is too far in the future (" + TimeLimit.MAX_AHEAD_TEXT + ")");
      } catch (RuleViolation e) {
        problems.accept(at + ": " + e.reason());
      }
    }

    /** {@code at} is the timer's or deadline's place; the problems name its {@code cycle} field. */
    void cycleProblem(
        String at, String text, String endDate, String ownCalendar, Consumer<String> problems) {
      Schedules.cycleProblem(limits, knowsZone, now, at, text, endDate, ownCalendar, problems);
    }

    void endDateProblem(String at, String cycle, String endDate, Consumer<String> problems) {
      Schedules.endDateProblem(at, cycle, endDate, problems);
    }
  }

  private static void calendarProblem(String at, String calendar, Consumer<String> problems) {
    if (calendar != null && !BUSINESS.equalsIgnoreCase(calendar) && !ELAPSED.equalsIgnoreCase(calendar)) {
      problems.accept(at + ": must be 'business' or 'elapsed', got " + Texts.quote(calendar));
    }
  }

  private static void catchUpProblem(String at, String catchUp, String cycle, Consumer<String> problems) {
    if (catchUp == null) {
      return;
    }
    if (cycle == null) {
      problems.accept(at + ".catchUp: only a cycle has a catch-up policy");
      return;
    }
    try {
      Cycle.CatchUp.parse(catchUp);
    } catch (RuleViolation e) {
      problems.accept(at + ".catchUp: " + e.reason());
    }
  }

  private static void deadlineProblems(
      String at, StepDefinition step, LimitReader limits, Set<String> outcomes, Consumer<String> problems) {
    int count = step.startDeadlines().size() + step.completionDeadlines().size();
    if (count > MAX_DEADLINES) {
      problems.accept(at + ": at most " + MAX_DEADLINES + " deadlines, got " + count);
      return;
    }
    // Deadline timers are <step>.<name>: unique within the step, not the system timers' names.
    Set<String> names = new HashSet<>(Set.of("acceptance", "completion"));
    for (String list : List.of("startDeadlines", "completionDeadlines")) {
      List<DeadlineDefinition> deadlines =
          list.equals("startDeadlines") ? step.startDeadlines() : step.completionDeadlines();
      for (int d = 0; d < deadlines.size(); d++) {
        DeadlineDefinition deadline = deadlines.get(d);
        String where = at + "." + list + "[" + d + "]";
        if (deadline == null) {
          problems.accept(where + ": must be an object");
          continue;
        }
        nameProblem(where, deadline.name(), names, problems);
        long given = Stream.of(deadline.forDuration(), deadline.until(), deadline.cycle())
            .filter(Objects::nonNull).count();
        if (given != 1) {
          problems.accept(where + ": give exactly one of 'for' (a duration), 'until' (a date-time) or 'cycle'");
        } else if (deadline.forDuration() != null) {
          if (DateTimeText.withOffset(deadline.forDuration()).isPresent()) {
            problems.accept(where + ".for: a duration such as P2D or PT4H; a date-time goes in 'until'");
          } else {
            limits.problem(where + ".for", deadline.forDuration(), deadline.calendar(), problems);
          }
        } else if (deadline.until() != null) {
          if (deadline.until().trim().toUpperCase(Locale.ROOT).startsWith("P")) {
            problems.accept(where + ".until: a date-time; a duration goes in 'for'");
          } else {
            limits.problem(where + ".until", deadline.until(), deadline.calendar(), problems);
          }
        } else {
          limits.cycleProblem(
              where, deadline.cycle(), deadline.endDate(), deadline.calendar(), problems);
        }
        limits.endDateProblem(where, deadline.cycle(), deadline.endDate(), problems);
        calendarProblem(where + ".calendar", deadline.calendar(), problems);
        String from = DeadlineFrom.problem(deadline.from(), list.equals("completionDeadlines"));
        if (from != null) {
          problems.accept(where + "." + from);
        } else if (DeadlineFrom.CLAIM.equals(deadline.from()) && deadline.until() != null) {
          problems.accept(where + ".from: claim counts 'for' or a 'cycle' from the claim; an 'until' date is the"
              + " same whoever claims");
        }
        catchUpProblem(where, deadline.catchUp(), deadline.cycle(), problems);
        HandlerDefinitions.problems(where + ".escalations", deadline.escalations(), HandlerDefinitions.Use.TIMER, outcomes, problems);
      }
    }
  }

  /** A step's follow-up: a limit like the others, and an elapsed duration or a date-time ({@link FollowUps}). */
  private static void followUpProblem(String at, String text, LimitReader limits, Consumer<String> problems) {
    List<String> found = new ArrayList<>();
    limits.problem(at, text, null, found::add);
    if (found.isEmpty() && text != null) {
      try {
        FollowUps.check(limits.limits().of(text, null), at);
      } catch (RuleViolation wrong) {
        found.add(wrong.reason());
      }
    }
    found.forEach(problems);
  }

  private static void listenerProblems(
      String at, List<ListenerDefinition> listeners, Consumer<String> problems) {
    if (listeners.size() > MAX_LISTENERS) {
      problems.accept(at + ".listeners: at most " + MAX_LISTENERS + ", got " + listeners.size());
      return;
    }
    for (int l = 0; l < listeners.size(); l++) {
      ListenerDefinition listener = listeners.get(l);
      String where = at + ".listeners[" + l + "]";
      if (listener == null) {
        problems.accept(where + ": must be an object");
        continue;
      }
      try {
        TaskListenerEvent.parse(listener.event());
      } catch (RuleViolation e) {
        problems.accept(where + ".event: " + e.reason());
      }
      if (listener.actions().isEmpty()) {
        problems.accept(where + ".actions: at least one action (notify or warn)");
      }
      HandlerDefinitions.problems(where + ".actions", listener.actions(), HandlerDefinitions.Use.LISTENER, Set.of(), problems);
    }
  }

  /** The index of the step named {@code name} (the last, if a name is used twice); -1 when none is. */
  static int stepIndex(List<StepDefinition> steps, String name) {
    int found = -1;
    for (int s = 0; s < steps.size(); s++) {
      if (steps.get(s) != null && name != null && name.equals(steps.get(s).name())) {
        found = s;
      }
    }
    return found;
  }

  /**
   * The step's named outcomes, lower-cased; each needs a unique name other than approved and
   * rejected, and exactly one of {@code next} (a later step: an approval always moves forward, so
   * it always ends) and {@code end} (APPROVED or REJECTED).
   */
  private static Set<String> outcomeProblems(
      String at, StepDefinition step, int index, List<StepDefinition> steps, Consumer<String> problems) {
    Set<String> names = new HashSet<>();
    if (step.outcomes().size() > MAX_OUTCOMES) {
      problems.accept(at + ".outcomes: at most " + MAX_OUTCOMES + ", got " + step.outcomes().size());
      return names;
    }
    for (int o = 0; o < step.outcomes().size(); o++) {
      OutcomeDefinition outcome = step.outcomes().get(o);
      String where = at + ".outcomes[" + o + "]";
      if (outcome == null) {
        problems.accept(where + ": must be an object");
        continue;
      }
      if (outcome.name() == null || !NAME.matcher(outcome.name()).matches()) {
        problems.accept(where + ".name: required; letters, digits, _ and -, got " + Texts.quote(outcome.name()));
      } else if (outcome.name().equalsIgnoreCase("approved") || outcome.name().equalsIgnoreCase("rejected")
          || !names.add(outcome.name().toLowerCase(Locale.ROOT))) {
        problems.accept(where + ".name: '" + outcome.name() + "' is used twice (or is approved/rejected)");
      }
      if ((outcome.next() == null) == (outcome.end() == null)) {
        problems.accept(where + ": give exactly one of 'next' (a later step) and 'end' (APPROVED or REJECTED)");
      } else if (outcome.end() != null) {
        String end = outcome.end().trim().toUpperCase(Locale.ROOT);
        if (!end.equals("APPROVED") && !end.equals("REJECTED")) {
          problems.accept(where + ".end: APPROVED or REJECTED, got " + Texts.quote(outcome.end()));
        }
      } else {
        int next = stepIndex(steps, outcome.next());
        if (next <= index) {
          problems.accept(
              where + ".next: " + Texts.quote(outcome.next())
                  + (next < 0 ? " is not a step" : " is not after this step (outcomes only lead forward)"));
        }
      }
    }
    return names;
  }

  private static void nameProblem(
      String at, String name, Set<String> taken, Consumer<String> problems) {
    if (name == null || !NAME.matcher(name).matches()) {
      problems.accept(
          at + ".name: required; letters, digits, _ and - (no dots), got " + Texts.quote(name));
    } else if (!taken.add(name)) {
      problems.accept(at + ".name: '" + name + "' is used twice (or is reserved)");
    }
  }

  private static void lengthProblem(String at, String text, int max, Consumer<String> problems) {
    if (text != null && text.length() > max) {
      problems.accept(
          at + ": too long (" + text.length() + " characters, at most " + max + ")");
    }
  }


}
