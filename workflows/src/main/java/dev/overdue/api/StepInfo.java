package dev.overdue.api;

import java.util.List;

/** One step's user task as the {@code status} query shows it. */
public record StepInfo(
    String name,
    String title,
    String state,
    String owner,
    List<String> approvers,
    String outcome,
    String decidedBy,
    String comment,
    String completedAt) {}
