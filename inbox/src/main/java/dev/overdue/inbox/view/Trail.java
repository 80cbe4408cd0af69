package dev.overdue.inbox.view;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The audit trail in sentences, newest first: who did what, and what was refused and why. What
 * a person can neither act on nor follow (the directory looked up, a listener run, a new run of
 * the workflow) is left out; a command and the event that says what it changed are said once.
 */
public final class Trail {
  /**
   * One entry: how long ago, the day and time ("Mon 7 Dec, 10:10"), the exact time for a
   * tooltip, what happened, and for a refusal the workflow's reason (the page adds "— refused:").
   */
  public record Entry(String when, String brief, String exact, String what, boolean refused, String reason) {}

  private Trail() {}

  /** The entries; empty before anything happened (the page then says so rather than show an empty list). */
  public static List<Entry> of(List<HistoryEntry> history, Titles titles, Dates dates, Instant now) {
    Set<String> expired = expiries(history);
    List<Entry> entries = new ArrayList<>();
    for (HistoryEntry entry : TaskView.listed(history)) {
      String what = sentence(entry, titles, expired);
      if (what != null) {
        Instant at = Instant.parse(entry.at());
        entries.add(0, new Entry(Dates.ago(at, now), dates.brief(at), dates.exact(at), what, !entry.accepted(),
            titles.inWords(entry.reason())));
      }
    }
    return entries;
  }

  /** The sentence for one entry, or null for one left out. */
  static String sentence(HistoryEntry entry, Titles titles, Set<String> expired) {
    String name = TaskView.or(entry.name(), "");
    // The input is free-form: its fields are read where an entry has them.
    JsonNode input = entry.input() == null ? MissingNode.getInstance() : entry.input();
    if (!"event".equals(entry.kind())) {
      return Deeds.sentence(name, input, entry.accepted(), entry.subject(), titles);
    }
    String by = input.path("by").asText(null);
    String step = input.has("step") ? titles.quoted(input.path("step").asText()) : "it";
    return switch (name) {
      case "TimerExpired" -> titles.expired(input.path("timer").asText(null));
      case "Reassignment" -> input.path("applied").asBoolean(false) && input.has("potentialOwners")
          ? step + " went to " + Words.list(strings(input.path("potentialOwners"))) + " instead" : null;
      case "Released" -> step + " was taken back from " + input.path("owner").asText("its owner") + " and offered to everyone again";
      case "PriorityChanged" -> by != null
          ? by + " changed the priority from " + priority(input.path("old")) + " to " + priority(input.path("new"))
          : "the priority of " + step + " became " + priority(input.path("new"));
      case "StandIn" -> input.path("substitute").asText() + " stands in for " + input.path("user").asText() + ", who is away";
      case "DataChanged" -> Changes.sentence(input);
      case ApprovalCommand.Nudge.EVENT -> input.path("to").isEmpty() ? by + " sent a reminder" : by + " reminded " + Words.list(strings(input.path("to")));
      // A warning an expiry raised repeats what its expiry says.
      case HistoryEntry.WARNING -> expired.contains(entry.at() + " " + input.path("timer").asText())
          ? null : "a warning was noted: " + input.path("message").asText();
      // The workflow's own housekeeping: nothing a person acts on, or said by the command that caused it.
      case "OwnersLookedUp", "TaskListener", "Recalculated", HistoryEntry.CONTINUED_AS_NEW -> null;
      default -> Words.label(name);
    };
  }

  /** Each expiry as "at timer", for the warnings that repeat it. */
  private static Set<String> expiries(List<HistoryEntry> history) {
    Set<String> expired = new HashSet<>();
    for (HistoryEntry entry : TaskView.listed(history)) {
      if ("TimerExpired".equals(entry.name()) && entry.input() != null) {
        expired.add(entry.at() + " " + entry.input().path("timer").asText());
      }
    }
    return expired;
  }

  private static String priority(JsonNode priority) {
    return Words.priority(priority.asInt(5));
  }

  /** A list of names in the input; a single name as one. */
  static List<String> strings(JsonNode node) {
    List<String> names = new ArrayList<>();
    if (node.isArray()) {
      node.forEach(item -> names.add(item.asText()));
    } else if (!node.isMissingNode() && !node.isNull()) {
      names.add(node.asText());
    }
    return names;
  }
}
