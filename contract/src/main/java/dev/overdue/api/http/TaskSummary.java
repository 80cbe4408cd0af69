package dev.overdue.api.http;

import dev.overdue.api.KeyFact;
import java.util.List;

/**
 * One row of a task list, from the approval's search attributes: enough to show it and sort it;
 * {@code GET /api/v1/approvals/{id}} has the rest. Dates are ISO-8601 (UTC); null when unset.
 *
 * @param id the approval's request id
 * @param state the approval's state: ACTIVE, SUSPENDED, APPROVED, REJECTED, ABORTED
 * @param step the current step; null once the approval ended
 * @param taskState READY (offered), RESERVED (claimed) or IN_PROGRESS
 * @param owner who claimed the step
 * @param dueDate the step's completion deadline
 * @param overdue the due date has passed
 * @param nextDeadline the approval's earliest running timer date, passed or not (a past one: overdue since)
 * @param startedAt when this run started
 * @param runId this run of the workflow id: a request id started again ({@code again=true}) has
 *     several runs, each a row of its own; {@code GET /api/v1/approvals/{id}?run=} reads one
 * @param facts the request's key fields ({@code keyFields}) in its order, each with the data form's
 *     title as its label (or null) and its value now; empty when the request names none
 * @param decidedBy who decided the ended approval: a user, or {@code timer:<name>} when a timer's
 *     handler decided it; null while it runs, when it was aborted, or for approvals started before
 *     edition 1.1
 */
public record TaskSummary(
    String id,
    String workflowId,
    String title,
    String requester,
    String state,
    String step,
    String taskState,
    String owner,
    Integer priority,
    String dueDate,
    boolean overdue,
    String nextDeadline,
    boolean hasWarnings,
    List<String> candidateGroups,
    String startedAt,
    String runId,
    List<KeyFact> facts,
    String decidedBy) {}
