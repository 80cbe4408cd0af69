package dev.overdue.inbox.view;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/** The audit trail in sentences, newest first: who did what, and what was refused and why. */
public final class Trail {
  /** One entry: when, who did what, and for a refusal the workflow's reason. */
  public record Entry(String when, String exact, String what, boolean refused, String reason) {}

  private Trail() {}

  public static List<Entry> of(JsonNode history, Dates dates, Instant now) {
    List<Entry> entries = new ArrayList<>();
    if (history == null || !history.isArray()) {
      return entries;
    }
    for (JsonNode entry : history) {
      Instant at = Instant.parse(entry.path("at").asString());
      entries.add(0, new Entry(Dates.ago(at, now), dates.exact(at), sentence(entry),
          !entry.path("accepted").asBoolean(true), entry.path("reason").asString(null)));
    }
    return entries;
  }

  static String sentence(JsonNode entry) {
    String name = entry.path("name").asString("");
    String kind = entry.path("kind").asString("");
    JsonNode input = entry.path("input");
    String user = input.path("user").asString(null);
    String comment = input.path("comment").asString(null);
    String what = switch (kind) {
      case "Warning" -> "Warning: " + input.path("message").asString(name);
      case "ContinuedAsNew" -> "The approval's history continued in a new run";
      default -> kind.toLowerCase(Locale.ROOT).contains("expir") || kind.toLowerCase(Locale.ROOT).contains("timer")
          ? "Timer " + name + " expired"
          : (user == null ? "" : user + ": ") + Words.label(name).toLowerCase(Locale.ROOT);
    };
    return comment == null || comment.isBlank() ? what : what + " — “" + comment + "”";
  }
}
