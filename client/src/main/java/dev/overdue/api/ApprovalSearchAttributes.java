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
   * PotentialOwners = 'bob'} lists what waits for bob. Since version shape-13 exactly the users a
   * {@code claim} would be accepted from: without those the step's four-eyes rules refuse (the
   * requester under {@code notBy: [requester]}, an earlier step's decider under {@code
   * distinctFrom}). Cut to about 1.5 KB of names (Temporal's limit per value is 2 KB by default),
   * which PotentialOwnersCut then says; approvals started before version shape-12 leave it unset.
   */
  public static final SearchAttributeKey<List<String>> POTENTIAL_OWNERS =
      SearchAttributeKey.forKeywordList("PotentialOwners");

  /**
   * The approval's requester; unset when the request names none. Approvals started before version
   * shape-13 leave this and every attribute below unset.
   */
  public static final SearchAttributeKey<String> REQUESTER = SearchAttributeKey.forKeyword("Requester");

  // No Title: search attributes are stored unencrypted and shown to every reader of the namespace,
  // and with payload encryption a request's title is confidential. Lists read it from the memo
  // (Approvals.MEMO_TITLE), which the payload codec encrypts like every other payload.

  /**
   * The current step's task state: READY (offered), RESERVED (claimed) or IN_PROGRESS (started);
   * unset once the approval ended. It stays as it was while the approval is suspended
   * (ApprovalState says SUSPENDED).
   */
  public static final SearchAttributeKey<String> TASK_STATE = SearchAttributeKey.forKeyword("TaskState");

  /**
   * The current step's candidate groups as the request or the last reassignment named them, while
   * the step is open; unset when it has none and once the approval ended.
   */
  public static final SearchAttributeKey<List<String>> CANDIDATE_GROUPS =
      SearchAttributeKey.forKeywordList("CandidateGroups");

  /**
   * The current step's due date: the expiration date of its completion timer (the step's {@code
   * timeout}, {@code <step>.completion}) while that timer is RUNNING. It stays once the date passed,
   * so {@code DueDate < now} lists overdue tasks; unset when the step has no timeout, while the
   * timer is off or suspended (the approval is suspended: a suspended timer does not expire), and
   * once the step or the approval ended.
   */
  public static final SearchAttributeKey<OffsetDateTime> DUE_DATE = SearchAttributeKey.forOffsetDateTime("DueDate");

  /**
   * The current step's follow-up date (Camunda's followUpDate): from when its task should be looked
   * at again, set by the step's {@code followUp} or a {@code setFollowUp} command; nothing runs then,
   * the task shows in {@code FollowUpDate <= now} lists. Unset without one, and once the step or
   * the approval ended. The third and last custom Datetime a SQL visibility store has room for.
   */
  public static final SearchAttributeKey<OffsetDateTime> FOLLOW_UP_DATE =
      SearchAttributeKey.forOffsetDateTime("FollowUpDate");

  /**
   * {@code "true"} when PotentialOwners had to be cut to stay under Temporal's limit per value: a
   * user it does not list may still be able to claim, and only the {@code status} query says
   * (its step's {@code potentialOwners} less its {@code excludedOwners}). Unset otherwise.
   *
   * <p>A Keyword, not a Bool: a SQL visibility store (the dev server's SQLite, PostgreSQL, MySQL)
   * has room for 3 custom attributes of type Bool (and 3 each of Int, Double, Datetime, Text and
   * KeywordList, 10 of Keyword), and AnyTimerExpired, HasWarnings and Unworkable take the three;
   * {@code temporal server start-dev} refuses a fourth ("cannot have more than 3 search attributes
   * of type Bool"). Query it as {@code PotentialOwnersCut = 'true'}.
   */
  public static final SearchAttributeKey<String> POTENTIAL_OWNERS_CUT =
      SearchAttributeKey.forKeyword("PotentialOwnersCut");

  /** PotentialOwnersCut's one value. */
  public static final String CUT = "true";

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
    DEFINITIONS.put(REQUESTER.getName(), IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
    DEFINITIONS.put(TASK_STATE.getName(), IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
    DEFINITIONS.put(CANDIDATE_GROUPS.getName(), IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD_LIST);
    DEFINITIONS.put(DUE_DATE.getName(), IndexedValueType.INDEXED_VALUE_TYPE_DATETIME);
    DEFINITIONS.put(POTENTIAL_OWNERS_CUT.getName(), IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
    DEFINITIONS.put(FOLLOW_UP_DATE.getName(), IndexedValueType.INDEXED_VALUE_TYPE_DATETIME);
  }
}
