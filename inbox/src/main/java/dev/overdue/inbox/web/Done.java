package dev.overdue.inbox.web;

import dev.overdue.inbox.view.Words;
import java.util.Map;

/** What a page says after an action was taken: in the person's words, not the API's. */
final class Done {
  private Done() {}

  static String said(String action, Map<String, String> fields) {
    return switch (action) {
      case "claim" -> "You took this task: it is yours to decide now.";
      case "start" -> "You started working on this task.";
      case "release" -> "You gave this task back: everyone it was offered to may take it again.";
      case "approve" -> "You approved it.";
      case "reject" -> "You rejected it.";
      case "complete" -> "You decided it: " + Words.label(fields.getOrDefault("outcome", "")).toLowerCase(java.util.Locale.ROOT) + ".";
      case "reassign" -> "You gave it to " + fields.getOrDefault("to", "") + ".";
      case "update-data" -> "You corrected " + Words.label(fields.getOrDefault("dataKey", "a detail")).toLowerCase(java.util.Locale.ROOT) + ".";
      case "stop" -> "You put this task aside; it is still yours.";
      case "delegate" -> "You handed it to " + fields.getOrDefault("to", "") + ".";
      case "resolve" -> "You handed it back.";
      case "forward" -> "You passed it on to " + fields.getOrDefault("to", "") + ".";
      case "nominate" -> "You added " + fields.getOrDefault("to", "") + ".";
      case "set-follow-up" -> "It is marked for a follow-up from " + fields.getOrDefault("at", "that day") + ".";
      case "skip" -> "You skipped this step.";
      case "set-priority" -> "You changed its priority to " + Words.priority(Integer.parseInt(fields.get("priority"))) + ".";
      case "comment" -> "Your comment was added.";
      case "nudge" -> "A reminder went to the people it waits for, saying that you asked.";
      default -> "Done.";
    };
  }
}
