package dev.overdue.client;

import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.KeyFact;
import io.temporal.client.WorkflowExecutionMetadata;
import io.temporal.common.SearchAttributes;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A list of approvals from the visibility API, filtered by their search attributes: the work list
 * of tasks with warnings is {@code new WorkList().withWarnings()}.
 */
public final class WorkList {
  private final List<String> conditions = new ArrayList<>();
  private boolean includeClosed;

  public WorkList withWarnings() {
    return where(ApprovalSearchAttributes.HAS_WARNINGS.getName() + " = true");
  }

  /** Approvals with at least one expired timer. */
  public WorkList overdue() {
    return where(ApprovalSearchAttributes.ANY_TIMER_EXPIRED.getName() + " = true");
  }

  /**
   * Approvals whose current step's priority is from {@code highest} to {@code lowest} (0 to 10).
   */
  public WorkList withPriority(int highest, int lowest) {
    String name = ApprovalSearchAttributes.PRIORITY.getName();
    return where(name + " >= " + highest + " AND " + name + " <= " + lowest);
  }

  /**
   * Approvals whose current step's follow-up date (Camunda's followUpDate) has come by {@code now}:
   * those someone wanted to look at again.
   */
  public WorkList followUpDue(Instant now) {
    return where(ApprovalSearchAttributes.FOLLOW_UP_DATE.getName() + " <= '" + now + "'");
  }

  /** Approvals whose current step no one can act on: they wait for the requester to reassign it. */
  public WorkList unworkable() {
    return where(ApprovalSearchAttributes.UNWORKABLE.getName() + " = true");
  }

  public WorkList inState(String state) {
    return where(ApprovalSearchAttributes.APPROVAL_STATE.getName() + " = " + literal(state));
  }

  public WorkList ownedBy(String user) {
    return where(ApprovalSearchAttributes.CURRENT_OWNER.getName() + " = " + literal(user));
  }

  /** Approvals whose current step is offered to {@code user}: theirs to claim, not yet claimed. */
  public WorkList offeredTo(String user) {
    return where(ApprovalSearchAttributes.POTENTIAL_OWNERS.getName() + " = " + literal(user));
  }

  /**
   * Approvals whose current step {@code user} may claim now: READY, the approval ACTIVE, and
   * {@code user} a potential owner its four-eyes rules do not refuse (version shape-13; before it,
   * every potential owner). A step offered to more users than PotentialOwners holds lists only the
   * first of them: see {@link #potentialOwnersCut}.
   */
  public WorkList claimableBy(String user) {
    return offeredTo(user);
  }

  /**
   * {@link #claimableBy}, together with the approvals whose PotentialOwners was cut ({@link
   * #potentialOwnersCut}): those a reader confirms by the approval's {@code status}. A list of
   * what {@code user} may claim built from this one is complete.
   */
  public WorkList claimableByOrCut(String user) {
    return where(ApprovalSearchAttributes.POTENTIAL_OWNERS.getName() + " = " + literal(user) + " OR "
        + ApprovalSearchAttributes.POTENTIAL_OWNERS_CUT.getName() + " = " + literal(ApprovalSearchAttributes.CUT));
  }

  /** Approvals {@code user} requested. */
  public WorkList requestedBy(String user) {
    return where(ApprovalSearchAttributes.REQUESTER.getName() + " = " + literal(user));
  }

  /** Approvals whose current step is {@code step}. */
  public WorkList inStep(String step) {
    return where(ApprovalSearchAttributes.CURRENT_STEP.getName() + " = " + literal(step));
  }

  /**
   * Approvals whose current step is due before {@code instant}: its completion timer runs and
   * expires (or expired: it is overdue) before then.
   */
  public WorkList dueBefore(Instant instant) {
    return where(ApprovalSearchAttributes.DUE_DATE.getName() + " < " + literal(instant.toString()));
  }

  /** Approvals whose current step is due after {@code instant}. */
  public WorkList dueAfter(Instant instant) {
    return where(ApprovalSearchAttributes.DUE_DATE.getName() + " > " + literal(instant.toString()));
  }

  /** Approvals whose current step's task is in one of {@code states}: READY, RESERVED, IN_PROGRESS. */
  public WorkList inTaskState(String... states) {
    return where(ApprovalSearchAttributes.TASK_STATE.getName() + oneOf(List.of(states), "task state"));
  }

  /** Approvals whose current step has at least one of {@code groups} among its candidate groups. */
  public WorkList withCandidateGroupIn(List<String> groups) {
    return where(ApprovalSearchAttributes.CANDIDATE_GROUPS.getName() + oneOf(groups, "group"));
  }

  /**
   * Approvals whose PotentialOwners was cut to stay under Temporal's limit per value: a user it
   * does not list may still be able to claim; their {@code status} says who may.
   */
  public WorkList potentialOwnersCut() {
    return where(
        ApprovalSearchAttributes.POTENTIAL_OWNERS_CUT.getName() + " = " + literal(ApprovalSearchAttributes.CUT));
  }

  /** Any extra condition in Temporal's list-filter language. */
  public WorkList where(String condition) {
    conditions.add("(" + condition + ")");
    return this;
  }

  public WorkList includingClosed() {
    includeClosed = true;
    return this;
  }

  public String query() {
    List<String> all = new ArrayList<>();
    all.add("WorkflowType = " + literal(ApprovalWorkflow.TYPE));
    // A run that continued as new is no approval of its own: the run it continued in carries on.
    all.add(includeClosed ? "ExecutionStatus != 'ContinuedAsNew'" : "ExecutionStatus = 'Running'");
    all.addAll(conditions);
    return String.join(" AND ", all);
  }

  /**
   * One approval in a list. Instants are ISO-8601 strings; null when unset, like the priority of an
   * approval started before human tasks. {@code requester}, {@code title}, {@code taskState},
   * {@code dueDate}, {@code candidateGroups} (empty when none) and {@code potentialOwnersCut} are
   * published by approvals started since version shape-13; older ones leave them null, empty and
   * false. {@code runId} and {@code startedAt} tell apart the runs of one workflow id: a request id
   * started again ({@code again}) lists one entry per run. {@code facts} are the request's key
   * fields (empty when it names none); {@code decidedBy} who decided it once it ended (a user, or
   * {@code timer:<name>}), from approvals started since edition 1.1.
   */
  public record Entry(
      String workflowId,
      String status,
      String approvalState,
      String currentStep,
      Integer priority,
      boolean unworkable,
      String currentOwner,
      String nextDeadline,
      boolean anyTimerExpired,
      boolean hasWarnings,
      String requester,
      String title,
      String taskState,
      String dueDate,
      List<String> candidateGroups,
      boolean potentialOwnersCut,
      String runId,
      String startedAt,
      List<KeyFact> facts,
      String decidedBy) {

    /** One approval of a list, as its search attributes (and the memo's title, key facts and who decided) have it. */
    public static Entry of(WorkflowExecutionMetadata execution) {
      SearchAttributes attributes = execution.getTypedSearchAttributes();
      OffsetDateTime next = attributes.get(ApprovalSearchAttributes.NEXT_DEADLINE);
      OffsetDateTime due = attributes.get(ApprovalSearchAttributes.DUE_DATE);
      List<String> groups = attributes.get(ApprovalSearchAttributes.CANDIDATE_GROUPS);
      return new Entry(
          execution.getExecution().getWorkflowId(),
          execution.getStatus().name().replace("WORKFLOW_EXECUTION_STATUS_", ""),
          attributes.get(ApprovalSearchAttributes.APPROVAL_STATE),
          attributes.get(ApprovalSearchAttributes.CURRENT_STEP),
          intValue(attributes.get(ApprovalSearchAttributes.PRIORITY)),
          Boolean.TRUE.equals(attributes.get(ApprovalSearchAttributes.UNWORKABLE)),
          attributes.get(ApprovalSearchAttributes.CURRENT_OWNER),
          next == null ? null : next.toInstant().toString(),
          Boolean.TRUE.equals(attributes.get(ApprovalSearchAttributes.ANY_TIMER_EXPIRED)),
          Boolean.TRUE.equals(attributes.get(ApprovalSearchAttributes.HAS_WARNINGS)),
          attributes.get(ApprovalSearchAttributes.REQUESTER),
          memoTitle(execution),
          attributes.get(ApprovalSearchAttributes.TASK_STATE),
          due == null ? null : due.toInstant().toString(),
          groups == null ? List.of() : List.copyOf(groups),
          ApprovalSearchAttributes.CUT.equals(attributes.get(ApprovalSearchAttributes.POTENTIAL_OWNERS_CUT)),
          execution.getExecution().getRunId(),
          execution.getStartTime() == null ? null : execution.getStartTime().toString(),
          memoFacts(execution),
          memoText(execution, Approvals.MEMO_DECIDED_BY));
    }
  }

  /**
   * The request's title, from the memo the start gave it ({@link Approvals#MEMO_TITLE}); null when
   * it has none, or was started without one (before version shape-13, or not by this library).
   */
  private static String memoTitle(WorkflowExecutionMetadata execution) {
    return memoText(execution, Approvals.MEMO_TITLE);
  }

  private static String memoText(WorkflowExecutionMetadata execution, String key) {
    Object text = execution.getMemo(key, String.class);
    return text instanceof String value ? value : null;
  }

  /** The request's key facts ({@link Approvals#MEMO_FACTS}); empty when it names none. */
  private static List<KeyFact> memoFacts(WorkflowExecutionMetadata execution) {
    Object facts = execution.getMemo(Approvals.MEMO_FACTS, KeyFact[].class);
    return facts instanceof KeyFact[] read ? List.of(read) : List.of();
  }

  /** Approvals started before human tasks have no priority. */
  private static Integer intValue(Long value) {
    return value == null ? null : value.intValue();
  }

  /** {@code " = 'a'"} for one value, {@code " IN ('a', 'b')"} for several. */
  private static String oneOf(List<String> values, String what) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no " + what + " given");
    }
    if (values.size() == 1) {
      return " = " + literal(values.get(0));
    }
    return " IN (" + values.stream().map(WorkList::literal).collect(Collectors.joining(", ")) + ")";
  }


  private static String literal(String value) {
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
