package dev.overdue.api;

import java.util.List;

/**
 * One step's user task as the {@code status} query shows it. {@code approvers} are its candidate
 * users and {@code candidateGroups} its candidate groups (a reassignment replaces both); {@code
 * potentialOwners} are the people who may act: the candidate users, the groups' members as the
 * worker's directory gave them when the task was created (or last refreshed), and the {@code
 * assignee}. {@code priority} runs from 0 (highest) to 10; {@code outcomes} are the named outcomes
 * the step offers beyond approve and reject.
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
    List<String> outcomes,
    List<String> candidateGroups,
    List<String> potentialOwners,
    String assignee,
    int priority) {}
