package dev.overdue.inbox.view;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.overdue.api.HistoryEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The audit trail in sentences, newest first: who did what, and what was refused and why. */
public final class Trail {
  /** One entry: when, who did what, and for a refusal the workflow's reason. */
  public record Entry(String when, String exact, String what, boolean refused, String reason) {}

  private Trail() {}

  public static List<Entry> of(List<HistoryEntry> history, Dates dates, Instant now) {
    List<Entry> entries = new ArrayList<>();
    for (HistoryEntry entry : TaskView.listed(history)) {
      Instant at = Instant.parse(entry.at());
      entries.add(0, new Entry(Dates.ago(at, now), dates.exact(at), sentence(entry), !entry.accepted(), entry.reason()));
    }
    return entries;
  }

  static String sentence(HistoryEntry entry) {
    String name = TaskView.or(entry.name(), "");
    String kind = TaskView.or(entry.kind(), "");
    // The command's input is free-form: its fields are read where a command has them.
    JsonNode input = entry.input() == null ? MissingNode.getInstance() : entry.input();
    String user = input.path("user").asText(null);
    String comment = input.path("comment").asText(null);
    String what = switch (kind) {
      case HistoryEntry.WARNING -> "Warning: " + input.path("message").asText(name);
      case HistoryEntry.CONTINUED_AS_NEW -> "The approval's history continued in a new run";
      default -> kind.toLowerCase(Locale.ROOT).contains("expir") || kind.toLowerCase(Locale.ROOT).contains("timer")
          ? "Timer " + name + " expired"
          : (user == null ? "" : user + ": ") + Words.label(name).toLowerCase(Locale.ROOT);
    };
    return comment == null || comment.isBlank() ? what : what + " — “" + comment + "”";
  }
}
