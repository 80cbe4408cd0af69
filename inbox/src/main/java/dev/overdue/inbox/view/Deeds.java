package dev.overdue.inbox.view;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * A command of the trail as a sentence: "alice approved — “within budget”", "frank took the
 * task", refused: "bob tried to approve". Commands whose effect an event of the trail says
 * (changed details, a new priority, a reminder sent) are said there, once.
 */
final class Deeds {
  /** What was done, and what was tried when it was refused; null when said by an event, or by nobody. */
  private record Deed(String done, String tried) {}

  private Deeds() {}

  static String sentence(String name, JsonNode input, boolean accepted, String signer, Titles titles) {
    String user = input.path("user").asText(signer);
    String to = Words.list(Trail.strings(input.path("to")));
    String timer = titles.timer(input.path("timer").asText(null));
    Deed deed = switch (name) {
      case "claim" -> both("took the task", "take the task");
      case "start" -> both("started work on it", "start work on it");
      case "stop" -> both("stopped working on it", "stop working on it");
      case "release" -> both("gave the task back", "give the task back");
      case "approve" -> both("approved", "approve");
      case "reject" -> both("rejected", "reject");
      case "complete" -> decided(input.path("outcome").asText(""));
      case "delegate" -> both("handed it to " + to, "hand it to " + to);
      case "resolve" -> both("handed it back", "hand it back");
      case "forward" -> both("passed it on to " + to, "pass it on to " + to);
      case "reassign" -> both("gave it to " + to + " instead", "give it to " + to + " instead");
      case "nominate" -> both("let " + to + " take it too", "let " + to + " take it too");
      case "skip" -> both("skipped the step", "skip the step");
      case "comment" -> both("commented", "comment");
      case "setFollowUp" -> "none".equals(input.path("at").asText())
          ? both("cleared the follow-up date", "clear the follow-up date")
          : both("set a follow-up date", "set a follow-up date");
      case "refreshOwners" -> both("had who may take it looked up again", "have who may take it looked up again");
      case "recalculate" -> both("had the deadlines counted again with the working calendar", "have the deadlines counted again");
      case "extendDeadline" -> both("moved " + timer + " later", "move " + timer + " later");
      // Switched by the workflow itself when no one is named: nothing a person did.
      case "enableTimer" -> user == null ? null : both("switched on " + timer, "switch on " + timer);
      case "disableTimer" -> user == null ? null : both("switched off " + timer, "switch off " + timer);
      case "updateData" -> new Deed(null, "change the request's details");
      case "setPriority" -> new Deed(null, "change the priority");
      case "nudge" -> new Deed(null, "send a reminder");
      case "suspend", "resume", "abort" -> request(name);
      default -> both("sent “" + Words.label(name) + "”", "send “" + Words.label(name) + "”");
    };
    if (deed == null || accepted && deed.done() == null) {
      return null;
    }
    String who = user == null ? "someone" : user;
    if (!accepted) {
      return who + " tried to " + deed.tried();
    }
    String said = said(input);
    // The request's own changes have no "user" field: said in the passive.
    String what = deed.done().startsWith("the request") ? deed.done() : who + " " + deed.done();
    return said == null ? what : what + " — “" + said + "”";
  }

  private static Deed both(String done, String tried) {
    return new Deed(done, tried);
  }

  private static Deed decided(String outcome) {
    return switch (outcome.toUpperCase(Locale.ROOT)) {
      case "APPROVED" -> both("approved", "approve");
      case "REJECTED" -> both("rejected", "reject");
      default -> both("decided “" + Words.outcome(outcome) + "”", "decide “" + Words.outcome(outcome) + "”");
    };
  }

  private static Deed request(String name) {
    return switch (name) {
      case "suspend" -> both("the request was put on hold", "put the request on hold");
      case "resume" -> both("the request was taken off hold", "take the request off hold");
      default -> both("the request was withdrawn", "withdraw the request");
    };
  }

  /** What the person wrote with it: a comment, a comment's text, or a reason. */
  private static String said(JsonNode input) {
    for (String field : new String[] {"comment", "text", "reason"}) {
      String text = input.path(field).asText(null);
      if (text != null && !text.isBlank()) {
        return text;
      }
    }
    return null;
  }
}
