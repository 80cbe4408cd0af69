package dev.overdue.api;

import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.common.SearchAttributeKey;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The search attributes an approval keeps current, for list queries in the Temporal CLI and Web
 * UI (e.g. the work list of tasks with warnings is {@code HasWarnings = true}). They must
 * be registered on the namespace: bin/dev-server does it, and so does the worker at start.
 */
public final class ApprovalSearchAttributes {
  private ApprovalSearchAttributes() {}

  /** ACTIVE, SUSPENDED, APPROVED, REJECTED or ABORTED. */
  public static final SearchAttributeKey<String> APPROVAL_STATE =
      SearchAttributeKey.forKeyword("ApprovalState");

  public static final SearchAttributeKey<String> CURRENT_STEP =
      SearchAttributeKey.forKeyword("CurrentStep");

  /** The user who claimed the current step; unset while it is offered to all its approvers. */
  public static final SearchAttributeKey<String> CURRENT_OWNER =
      SearchAttributeKey.forKeyword("CurrentOwner");

  /**
   * The earliest expiration date among running timers; unset when none runs. (Approvals started
   * before version shape-12 publish their next wake-up, which may name a cleared timer's date.)
   */
  public static final SearchAttributeKey<OffsetDateTime> NEXT_DEADLINE =
      SearchAttributeKey.forOffsetDateTime("NextDeadline");

  public static final SearchAttributeKey<Boolean> ANY_TIMER_EXPIRED =
      SearchAttributeKey.forBoolean("AnyTimerExpired");

  public static final SearchAttributeKey<Boolean> HAS_WARNINGS =
      SearchAttributeKey.forBoolean("HasWarnings");

  /** The current step's priority: 0 (highest) to 10, 5 unless the step or an escalation says. */
  public static final SearchAttributeKey<Long> PRIORITY = SearchAttributeKey.forLong("Priority");

  /**
   * The current step is open and no one can act on it (its groups stand for nobody): it waits for
   * the requester to reassign it.
   */
  public static final SearchAttributeKey<Boolean> UNWORKABLE = SearchAttributeKey.forBoolean("Unworkable");

  /**
   * The approval's timers in state RUNNING (0 when none; approvals started before version shape-9
   * leave it unset). The worker's {@code overdue_timers_running} gauge is their sum over the open
   * approvals.
   */
  public static final SearchAttributeKey<Long> TIMERS_RUNNING = SearchAttributeKey.forLong("TimersRunning");

  /** The approval's timers in state SUSPENDED, likewise. */
  public static final SearchAttributeKey<Long> TIMERS_SUSPENDED = SearchAttributeKey.forLong("TimersSuspended");

  /**
   * The users the current step is offered to while nobody has claimed it (READY) and the approval
   * is ACTIVE: its potential owners, the groups' members as the directory gave them; unset once it
   * is claimed, while the approval is suspended, and once it ended. {@code
   * PotentialOwners = 'bob'} lists what waits for bob. Cut to about 1.5 KB of names (Temporal's
   * limit per value is 2 KB by default); approvals started before version shape-12 leave it unset.
   */
  public static final SearchAttributeKey<List<String>> POTENTIAL_OWNERS =
      SearchAttributeKey.forKeywordList("PotentialOwners");

  /** Name and type of each, as the operator API and {@code temporal server start-dev} take them. */
  public static final Map<String, IndexedValueType> DEFINITIONS = new LinkedHashMap<>();

  static {
    DEFINITIONS.put(APPROVAL_STATE.getName(), IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
    DEFINITIONS.put(CURRENT_STEP.getName(), IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
    DEFINITIONS.put(CURRENT_OWNER.getName(), IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
    DEFINITIONS.put(NEXT_DEADLINE.getName(), IndexedValueType.INDEXED_VALUE_TYPE_DATETIME);
    DEFINITIONS.put(ANY_TIMER_EXPIRED.getName(), IndexedValueType.INDEXED_VALUE_TYPE_BOOL);
    DEFINITIONS.put(HAS_WARNINGS.getName(), IndexedValueType.INDEXED_VALUE_TYPE_BOOL);
    DEFINITIONS.put(PRIORITY.getName(), IndexedValueType.INDEXED_VALUE_TYPE_INT);
    DEFINITIONS.put(UNWORKABLE.getName(), IndexedValueType.INDEXED_VALUE_TYPE_BOOL);
    DEFINITIONS.put(TIMERS_RUNNING.getName(), IndexedValueType.INDEXED_VALUE_TYPE_INT);
    DEFINITIONS.put(TIMERS_SUSPENDED.getName(), IndexedValueType.INDEXED_VALUE_TYPE_INT);
    DEFINITIONS.put(POTENTIAL_OWNERS.getName(), IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD_LIST);
  }
}
