package dev.overdue.inbox.web;

import dev.overdue.inbox.view.Words;
import java.util.Map;

/** What a page says after an action was taken: in the person's words, not the API's. */
final class Done {
  private Done() {}

  static String said(String action, Map<String, String> fields) {
    return switch (action) {
      case "claim" -> "You claimed this task: it is yours to decide now.";
      case "start" -> "You started working on this task.";
      case "release" -> "You released this task: it is open to everyone it was offered to again.";
      case "approve" -> "You approved it.";
      case "reject" -> "You rejected it.";
      case "complete" -> "You decided it: " + fields.getOrDefault("outcome", "") + ".";
      case "reassign" -> "You reassigned it to " + fields.getOrDefault("to", "") + ".";
      case "update-data" -> "You changed " + fields.getOrDefault("dataKey", "a detail") + ".";
      case "stop" -> "You stopped working on this task; it is still yours.";
      case "delegate" -> "You handed it to " + fields.getOrDefault("delegateTo", "") + ".";
      case "resolve" -> "You handed it back.";
      case "forward" -> "You passed it on to " + fields.getOrDefault("forwardTo", "") + ".";
      case "nominate" -> "You added " + fields.getOrDefault("nominateTo", "") + ".";
      case "skip" -> "You skipped this step.";
      case "set-priority" -> "You changed its priority to " + Words.priority(Integer.parseInt(fields.get("priority"))) + ".";
      case "comment" -> "Your comment was added.";
      default -> "Done.";
    };
  }
}
