package dev.overdue.inbox.view;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/** Small wordings shared by the pages: names in a sentence, keys as labels, task states. */
public final class Words {
  private Words() {}

  /** "alice", "alice and bob", "alice, bob and carol". */
  public static String list(List<String> names) {
    if (names == null || names.isEmpty()) {
      return "";
    }
    if (names.size() == 1) {
      return names.get(0);
    }
    return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
  }

  /** A data key as a label: "costCentre" and "cost_centre" read "Cost centre". */
  public static String label(String key) {
    String spaced = key.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('_', ' ').replace('-', ' ').strip();
    if (spaced.isEmpty()) {
      return key;
    }
    String lower = spaced.toLowerCase(Locale.ROOT);
    return Character.toUpperCase(lower.charAt(0)) + lower.substring(1);
  }

  /** What a task's state means to the person looking at it. */
  public static String taskState(String state, String owner, String me) {
    if (state == null) {
      return "";
    }
    boolean mine = owner != null && owner.equals(me);
    return switch (state) {
      case "READY" -> "waiting to be claimed";
      case "RESERVED" -> mine ? "claimed by you" : "claimed by " + owner;
      case "IN_PROGRESS" -> mine ? "you are working on it" : owner + " is working on it";
      case "COMPLETED" -> "decided";
      default -> state.toLowerCase(Locale.ROOT).replace('_', ' ');
    };
  }

  /**
   * A timer as a person names it: what it waits for, by its kind ("decision due"), the step's or
   * deadline's name after it; a timer of the request's own keeps its name.
   */
  public static String timer(String kind, String name, String step) {
    String deadline = name.contains(".") ? name.substring(name.indexOf('.') + 1) : name;
    String of = step == null ? "" : " (" + step + ")";
    return switch (kind == null ? "" : kind) {
      case "ACCEPTANCE" -> "Claim due" + of;
      case "COMPLETION" -> "Decision due" + of;
      case "START_DEADLINE" -> "Start deadline “" + deadline + "”" + of;
      case "COMPLETION_DEADLINE" -> "Decision deadline “" + deadline + "”" + of;
      case "CLAIM_DEADLINE" -> "Deadline once claimed “" + deadline + "”" + of;
      case "PROCESS" -> "Whole approval due";
      default -> name;
    };
  }

  /** A step's outcome as the steps list says it: "approved", "(skipped)". */
  public static String outcome(String outcome) {
    return outcome.equals("SKIPPED") ? "(skipped)" : outcome.toLowerCase(Locale.ROOT);
  }

  /** A priority in words, 0 (highest) to 10 (lowest). */
  public static String priority(int priority) {
    String words = switch (priority) {
      case 0 -> "highest";
      case 1, 2 -> "very high";
      case 3, 4 -> "high";
      case 5 -> "normal";
      case 6, 7 -> "low";
      case 8, 9 -> "very low";
      default -> "lowest";
    };
    return priority + " – " + words;
  }

  /** The choices of a priority select, 0 to 10, {@code current} selected. */
  public static List<Map<String, Object>> priorities(int current) {
    return IntStream.rangeClosed(0, 10)
        .mapToObj(p -> Map.<String, Object>of("value", p, "label", priority(p), "selected", p == current))
        .toList();
  }

  /** An approval's state as a sentence's end: "approved", "waiting for Manager approval". */
  public static String approvalState(String state, String stepTitle) {
    if (state == null) {
      return "";
    }
    return switch (state) {
      case "ACTIVE" -> stepTitle == null ? "open" : "waiting for " + stepTitle;
      case "SUSPENDED" -> "on hold";
      default -> state.toLowerCase(Locale.ROOT);
    };
  }
}
