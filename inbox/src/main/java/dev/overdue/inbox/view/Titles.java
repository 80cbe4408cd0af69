package dev.overdue.inbox.view;

import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the pages call an approval's steps and timers, looked up by the names the workflow gives
 * them: a step by its title, a timer by what it waits for. The trail and the plan name only ids.
 */
public final class Titles {
  private final Map<String, String> steps = new HashMap<>();
  private final Map<String, TimerInfo> timers = new HashMap<>();
  /** The steps a deadline decided, by the deciding timer's name. */
  private final Map<String, StepInfo> decided = new HashMap<>();

  /** How the workflow names a decision a deadline made: "timer:" and the timer's name. */
  static final String BY_TIMER = "timer:";

  private Titles() {}

  public static Titles of(StatusInfo status) {
    Titles titles = new Titles();
    if (status != null) {
      for (StepInfo step : TaskView.listed(status.steps())) {
        if (step.name() != null) {
          titles.steps.put(step.name(), Words.stepTitle(step.title(), step.name()));
        }
        if (step.outcome() != null && step.decidedBy() != null && step.decidedBy().startsWith(BY_TIMER)) {
          titles.decided.put(step.decidedBy().substring(BY_TIMER.length()), step);
        }
      }
      TaskView.listed(status.timers()).forEach(timer -> titles.timers.put(timer.name(), timer));
    }
    return titles;
  }

  /** The step's title; a readable one from its name when the approval has none for it. */
  public String step(String name) {
    return steps.getOrDefault(name, Words.stepTitle(null, name));
  }

  /** “Approve invoice (manager)”, quoted as a sentence names it. */
  public String quoted(String step) {
    return "“" + step(step) + "”";
  }

  /**
   * The workflow's own words (a refusal's reason) with each "step approve-manager" as the step's
   * title: "“Approve invoice (manager)” is claimed by alice".
   */
  public String inWords(String text) {
    if (text == null) {
      return null;
    }
    String said = text;
    for (Map.Entry<String, String> step : steps.entrySet()) {
      said = said.replaceAll("\\bstep " + Pattern.quote(step.getKey()) + "(?![\\w-]|\\.\\w)", Matcher.quoteReplacement("“" + step.getValue() + "”"));
    }
    return said;
  }

  /**
   * A timer as a sentence names it, by what it waits for: "the deadline to decide “Approve
   * invoice”", "the reminders about …"; one the status does not list by the shape of its name.
   */
  public String timer(String name) {
    TimerInfo timer = timers.get(name);
    return timer(kindOf(name), stepOf(name), name, timer != null && cycle(timer));
  }

  /**
   * A timer's expiry as the trail says it: "the deadline to decide “X” passed", with the decision
   * it made ("…: the request was rejected automatically"); "a reminder about “X” was due".
   */
  public String expired(String name) {
    TimerInfo timer = timers.get(name);
    if (timer != null && cycle(timer) && timer.step() != null) {
      return "a reminder about " + quoted(timer.step()) + " was due";
    }
    String passed = timer(name) + (List.of("USER", "").contains(kindOf(name)) ? " went off" : " passed");
    // The workflow records no entry of its own for the decision the expiry made.
    StepInfo step = decided.get(name);
    return step == null ? passed : passed + ": " + Words.decidedAutomatically(step.outcome(), quoted(step.name()), true);
  }

  private String stepOf(String name) {
    TimerInfo timer = timers.get(name);
    if (timer != null) {
      return timer.step();
    }
    return name != null && name.contains(".") ? name.substring(0, name.indexOf('.')) : null;
  }

  private String kindOf(String name) {
    TimerInfo timer = timers.get(name);
    return timer != null ? TaskView.or(timer.kind(), "") : kindByName(name, stepOf(name));
  }

  /** What a timer of {@code kind} waits for; a user timer by its own name. */
  private String timer(String kind, String step, String name, boolean cycle) {
    String of = step == null ? "" : quoted(step);
    return switch (kind == null ? "" : kind) {
      case "ACCEPTANCE" -> "the deadline to take " + of;
      case "COMPLETION" -> "the due date of " + of;
      case "START_DEADLINE" -> "the deadline to start work on " + of;
      case "COMPLETION_DEADLINE" -> cycle ? "the reminders about " + of : "the deadline to decide " + of;
      case "CLAIM_DEADLINE" -> "the deadline to decide " + of + " once someone takes it";
      case "PROCESS" -> "the deadline for the whole request";
      default -> "the timer “" + Words.label(deadline(name)) + "”";
    };
  }

  /** A deadline's own name without its step's: "escalate-manager" of "approve-manager.escalate-manager". */
  static String deadline(String name) {
    return name == null ? "" : name.substring(name.indexOf('.') + 1);
  }

  /** A repeating timer (a reminder): its limit is an ISO cycle ("R3/P1D"), or it has a catch-up policy. */
  static boolean cycle(TimerInfo timer) {
    return timer.limit() != null && timer.limit().matches("R\\d*/.*")
        || timer.derivation() != null && timer.derivation().catchUp() != null;
  }

  private static String kindByName(String name, String step) {
    if ("process".equals(name)) {
      return "PROCESS";
    }
    if (step == null) {
      return "USER";
    }
    return switch (deadline(name)) {
      case "acceptance" -> "ACCEPTANCE";
      case "completion" -> "COMPLETION";
      default -> "COMPLETION_DEADLINE";
    };
  }
}
