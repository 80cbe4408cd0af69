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

  /** A step's title, or a readable one from its name when it has none: "approve-manager" reads "Approve manager". */
  public static String stepTitle(String title, String name) {
    if (title != null && !title.isBlank()) {
      return title;
    }
    return name == null ? "" : label(name);
  }

  /** What a task's state means to the person looking at it, when who holds it is unknown. */
  public static String taskState(String state, String owner, String me) {
    return taskState(state, owner, null, me);
  }

  /**
   * What a task's state means to the person looking at it: a RESERVED task whose owner is its
   * {@code assignee} was given to them, not claimed ("assigned to frank").
   */
  public static String taskState(String state, String owner, String assignee, String me) {
    if (state == null) {
      return "";
    }
    String who = owner == null ? "someone" : owner.equals(me) ? "you" : owner;
    return switch (state) {
      case "READY" -> "waiting for someone to take it";
      case "RESERVED" -> (owner != null && owner.equals(assignee) ? "assigned to " : "claimed by ") + who;
      case "IN_PROGRESS" -> who.equals("you") ? "you are working on it" : who + " is working on it";
      case "COMPLETED" -> "decided";
      default -> state.toLowerCase(Locale.ROOT).replace('_', ' ');
    };
  }

  /** A step's outcome as the steps list says it: "Approved", "Skipped", a named one as a label. */
  public static String outcome(String outcome) {
    return label(outcome);
  }

  /**
   * A deadline's decision, as the plan says it ({@code done} false) or the trail: a rejection ends
   * the request; an approval moves it on from {@code step} (quoted).
   */
  public static String decidedAutomatically(String outcome, String step, boolean done) {
    String is = done ? " was " : " is ";
    return switch (outcome.toUpperCase(Locale.ROOT)) {
      case "REJECTED" -> "the request" + is + "rejected automatically";
      case "APPROVED" -> step + is + "approved automatically";
      default -> step + is + "decided automatically as “" + outcome(outcome) + "”";
    };
  }

  /** A priority as a word, 0 (highest) to 10 (lowest): "high", "normal". */
  public static String priority(int priority) {
    return switch (priority) {
      case 0 -> "highest";
      case 1, 2 -> "very high";
      case 3, 4 -> "high";
      case 5 -> "normal";
      case 6, 7 -> "low";
      case 8, 9 -> "very low";
      default -> "lowest";
    };
  }

  /** A priority's number on its scale, for a tooltip beside the word. */
  public static String priorityScale(int priority) {
    return "Priority " + priority + " on a scale from 0 (highest) to 10 (lowest)";
  }

  /** The choices of a priority select, 0 to 10, {@code current} selected; the labels keep the number to choose by. */
  public static List<Map<String, Object>> priorities(int current) {
    return IntStream.rangeClosed(0, 10)
        .mapToObj(p -> Map.<String, Object>of("value", p, "label", p + " – " + priority(p), "selected", p == current))
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
