package dev.overdue.api;

import java.util.List;

/**
 * How a timer's expiration date came about: the rule in words ({@code "2026-11-23T09:00:00Z + P3D
 * of working time"}), the base instant it counted from, the calendar that counted it (null for
 * elapsed time), a cycle's catch-up policy, and its latest changes; {@code changeCount} counts
 * every change of its life (null in answers of workers older than counts), each of which the audit
 * trail ({@code history}) has as the command or recalculation that made it.
 */
public record TimerDerivation(
    String rule,
    String base,
    String calendar,
    String catchUp,
    List<TimerChange> changes,
    Long changeCount) {}
