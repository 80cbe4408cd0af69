package dev.overdue.inbox.view;

import java.util.Locale;

/**
 * How an ended request ended, for "My requests": a badge (its {@code kind} styles it, its label
 * says it, so colour is never all there is) and who decided, in words.
 *
 * @param kind approved, rejected or stopped: the badge's class
 * @param label "Approved", "Rejected", "Stopped"
 * @param decided "Approved by carol", "Rejected automatically — a deadline passed"
 */
public record Outcome(String kind, String label, String decided) {
  /** The outcome of an approval in {@code state}; null while it runs. */
  public static Outcome of(String state, String decidedBy, String me) {
    if (state == null || state.equals("ACTIVE") || state.equals("SUSPENDED")) {
      return null;
    }
    return switch (state) {
      case "APPROVED" -> new Outcome("approved", "Approved", decided("Approved", decidedBy, me));
      case "REJECTED" -> new Outcome("rejected", "Rejected", decided("Rejected", decidedBy, me));
      case "ABORTED" -> new Outcome("stopped", "Stopped", "Stopped before anyone decided");
      default -> new Outcome("stopped", Words.label(state.toLowerCase(Locale.ROOT)), "Ended");
    };
  }

  /** Who decided: a person, or a timer's handler ({@code timer:<name>}); unknown before 1.1. */
  private static String decided(String verb, String decidedBy, String me) {
    if (decidedBy == null || decidedBy.isBlank()) {
      return verb + " — the request's page says by whom";
    }
    if (decidedBy.startsWith(Titles.BY_TIMER)) {
      return verb + " automatically — a deadline passed";
    }
    return verb + " by " + (decidedBy.equals(me) ? "you" : decidedBy);
  }
}
