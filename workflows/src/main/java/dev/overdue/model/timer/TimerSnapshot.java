package dev.overdue.model.timer;

import dev.overdue.api.ApprovalRequest.HandlerDefinition;
import dev.overdue.api.TimerChange;
import java.util.List;

/** One timer as a continue-as-new snapshot carries it ({@link BusinessTimer#snapshot}). */
public record TimerSnapshot(
    String name,
    String kind,
    String step,
    String limit,
    List<HandlerDefinition> handlers,
    String state,
    String expiresAt,
    boolean expired,
    boolean cleared,
    int firings,
    String catchUp,
    String base,
    Long occurrencesDone,
    List<TimerChange> changes,
    String limitCalendar,
    String evaluated,
    Long changeCount) {}
