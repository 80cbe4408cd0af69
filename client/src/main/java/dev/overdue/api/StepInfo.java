package dev.overdue.api;

import java.util.List;

/**
 * One step's user task as the {@code status} query shows it. {@code approvers} are its potential
 * owners (a reassignment replaces them); {@code outcomes} the named outcomes it offers beyond
 * approve and reject.
 */
public record StepInfo(
    String name,
    String title,
    String state,
    String owner,
    List<String> approvers,
    String outcome,
    String decidedBy,
    String comment,
    String completedAt,
    List<String> outcomes) {}
