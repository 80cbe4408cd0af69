package dev.overdue.workflow;

import dev.overdue.model.Edition;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.common.SearchAttributeKey;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.workflow.Workflow;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The workflow's versioned changes ({@code Workflow.getVersion}), each with what it changed, and
 * the one place that reads their markers and yields the run's {@link Edition}. An approval started
 * before a change keeps replaying its history the old way; one started after it records the
 * change's marker and runs the new way. Each is read once per run, at the moment it was first read
 * — {@link #atInit} when the workflow is constructed, {@link #atRun} when it starts running — and
 * in the same order, since a recorded history has each marker there: a new change is read first.
 *
 * <p>Before "shape-7" a run learns its edition in two reads: the constructor learns what it needs
 * (how to start, which commands exist: {@link Edition#ORIGINAL}, {@link Edition#START_AT_RUN_START}
 * or {@link Edition#DEADLINES}), and the workflow method the four late changes ("inspectable",
 * "lazy-rearm", "continue-as-new", "delivery"), which only it and what it runs ask about. Every run
 * recorded them as one release of the workflow did, so the two reads make one edition; markers
 * that make none fail the workflow task rather than run a way no release ran.
 */
public final class Versions {
  /**
   * 1: publishes search attributes and names its activities (both add to commands, so histories
   * recorded before it replay without them).
   */
  static final String INSPECTABLE = "inspectable";

  /**
   * 1: keeps a server timer that fires earlier than a deadline moved later, and re-arms when it
   * fires, instead of cancelling and restarting it on every change.
   */
  static final String LAZY_REARM = "lazy-rearm";

  /**
   * 1: continues as new before the history reaches the size where Temporal suggests it, carrying a
   * {@link dev.overdue.model.ProcessSnapshot} as {@code {"continuation": ...}}.
   */
  static final String CONTINUE_AS_NEW = "continue-as-new";

  /**
   * 1: resolves a notification's recipients in an activity first, then delivers each (recipient,
   * channel) with a key derived here from the workflow id, its first run, the timer, the firing, the
   * recipient and the channel; messages are templates. Before it, one activity per name resolved
   * and sent in one go.
   */
  static final String DELIVERY = "delivery";

  /**
   * 1: starts a new process at the run's start time, not at its first workflow task: a request
   * validated and started before its absolute deadline must not fail as "in the past" because no
   * worker ran it in time, and relative limits count from the start. Deadlines that passed meanwhile
   * expire at once, late.
   */
  static final String START_AT_RUN_START = "start-at-run-start";

  /**
   * 1: knows deadlines, escalations, cycles, listeners, outcomes and business calendars: the {@code
   * start} and {@code complete} commands and the {@code user} field of timer commands are accepted,
   * listener runs and reassignment notices are started, the handler chains of one timer run one
   * after the other, and an approval that counts working time records the worker's calendar as a
   * side effect at its start. Before it, those commands and fields were refused as unknown.
   */
  static final String DEADLINES = "deadlines";

  /**
   * 1: every change above at once, read first: a new approval records this one marker instead of
   * six (the Web UI's timeline shows each as a row). It also starts without a blocking call in the
   * constructor: the command handlers are registered first, and an approval that counts working
   * time records the worker's calendar when its workflow method starts, not in the constructor,
   * where the SDK warns that a blocking call delays the instance and may get Updates rejected.
   * Approvals started before it replay by the six, as recorded.
   */
  static final String SHAPE_7 = "shape-7";

  /**
   * 1: human tasks: candidate groups resolved by an activity, assignee, priority, limits and
   * assignees from expressions, task data, schedules (cycles with a start or an end, cron), the
   * commands reassign, refreshOwners, updateData and recalculate, and three fixes of escalation
   * rules (a reassignment to nobody keeps the owners; unnamed reassignments in document order; a
   * cycle in working time counts it). Read before shape-7, whose changes it includes: a new
   * approval still records one marker.
   */
  static final String SHAPE_8 = "shape-8";

  /**
   * 1: bounded state and fleet-wide timer counts, released together. Bounded state ({@link
   * Edition#boundedState}): the approval keeps the count of its warnings and only the latest ones, each cut
   * to a bounded length, and a continue-as-new carries those and the latest timer changes of all
   * timers, each timer's with its count, instead of everything: its input no longer grows with the
   * number of expiries or changes (the rest is in the runs' audit trails). Timer counts: it
   * publishes the search attributes TimersRunning and TimersSuspended, its timers in each state,
   * which the worker's open-timer gauges add up from visibility (more upserts, so histories
   * recorded before it replay without them). Read before shape-8, whose changes it includes: a new
   * approval still records one marker.
   */
  static final String SHAPE_9 = "shape-9";

  /**
   * 1: an expiry as cheap as a bare timer. The {@code warn} handler raises its warning in the
   * workflow — on the approval, as a line of the worker's log from the workflow's replay-safe
   * logger, and in the warnings metric — instead of by the RaiseWarning activity, whose scheduling,
   * task and completion cost an Action and a second workflow task per expiry; and the warn and
   * decide handlers at the head of a chain run at once, in the workflow task that fired them, so
   * that task publishes the approval's search attributes once. Read before shape-9, whose changes
   * it includes: a new approval still records one marker.
   */
  static final String SHAPE_10 = "shape-10";

  /**
   * 1: signed commands. The approval starts in its workflow method, having recorded the worker's
   * default {@link dev.overdue.model.AuthPolicy} (a side effect); a command may carry a {@code
   * token}, taken out of its input, verified under the approval's policy, and what verifying it came
   * to recorded as a side effect, so a replay after the keys rotated answers the same. Before it, a
   * {@code token} field was refused as unknown. Read before shape-10, whose changes it includes: a
   * new approval still records one marker.
   */
  static final String SHAPE_11 = "shape-11";

  /**
   * 1: what a list shows is the approval's state. NextDeadline is the earliest running expiration
   * date, not the next wake-up (a kept server timer of a cleared or moved timer made it name a date
   * nothing expires at); PotentialOwners names the users the current step is offered to; and an
   * offered task tells its potential owners it waits for them ({@link Edition#tellsOffers}). Read before
   * shape-11, whose changes it includes: a new approval still records one marker.
   */
  static final String SHAPE_12 = "shape-12";

  /**
   * 1: what a task list needs, from the visibility store alone. It also publishes Requester,
   * TaskState, CandidateGroups, DueDate (the current step's completion date while its timer runs)
   * and PotentialOwnersCut; PotentialOwners names exactly the users a claim would be accepted from
   * (the step's four-eyes rules applied), not every potential owner (more upserts, so histories
   * recorded before it replay without them). Read before shape-12, whose changes it includes: a new
   * approval still records one marker.
   */
  static final String SHAPE_13 = "shape-13";

  /**
   * 1: forms. A step may declare a {@code form}, the output it asks for; an approve, or a complete
   * other than rejected, whose {@code output} lacks a required field, and any decision whose output
   * has a field of the wrong type or one the form does not have, is refused naming the field. Before
   * it, a {@code form} field was refused as unknown. Read before shape-13, whose changes it
   * includes: a new approval still records one marker.
   */
  static final String SHAPE_14 = "shape-14";

  /**
   * 1: task operations. The commands stop, delegate, resolve, forward, nominate, skip, setPriority
   * and comment, a step's {@code skippable}, and the request's {@code businessAdministrators}, who
   * may also release and reassign any step. Before it, those commands were refused as unknown
   * (a Signal of one is in such a history as refused, and must stay refused on replay). Read
   * before shape-14, whose changes it includes: a new approval still records one marker.
   */
  static final String SHAPE_15 = "shape-15";

  /**
   * 1: published semantics. An ISO 8601 cycle with an end and no start ({@code R3/PT1H/<end>})
   * counts back from its end, as ISO 8601 reads it and Camunda 7's DurationHelperTest expects; before it, it counted
   * forward from when its timer started (as {@code until} and {@code endDate} still do). A new
   * approval whose cron cycle cron-utils would misread is refused at its start. Read
   * before shape-15, whose changes it includes: a new approval still records one marker.
   */
  static final String SHAPE_16 = "shape-16";

  /**
   * 1: a day is a calendar day. The days and weeks of a duration or a cycle's interval count as
   * calendar days in the approval's zone (the worker's business calendar's, or one a cycle's start
   * or end names in brackets), hours and minutes as time that passes, as ISO 8601, Camunda 7 and
   * Flowable read them: a daily reminder at 17:00 stays at 17:00 across a daylight-saving change.
   * The approval records the worker's calendar at its start whatever its limits. Before it, a day
   * was 24 hours. Read before shape-16, whose changes it includes: a new approval still records one
   * marker.
   */
  static final String SHAPE_17 = "shape-17";

  /**
   * 1: NextDeadline keeps a passed deadline. It is the earliest date of a running timer, an expired
   * one's included, as DueDate keeps a passed due date; before it, it was the earliest date still
   * to come, which every expiry moved (one more upsert per expiry, a visibility write the server
   * makes for each). Read before shape-17, whose changes it includes: a new approval still records
   * one marker.
   */
  static final String SHAPE_18 = "shape-18";

  /**
   * Temporal's search attribute of the version markers a run recorded, one "change-id-version"
   * each, which the SDK upserts for a worker registered with {@link ApprovalWorkflowImpl#OPTIONS}.
   */
  public static final SearchAttributeKey<List<String>> CHANGE_VERSION =
      SearchAttributeKey.forKeywordList("TemporalChangeVersion");

  /** The SDK's name of a version marker (a {@code MarkerRecorded} event). */
  private static final String MARKER = "Version";

  /** The changes the constructor reads first, newest first; each stands for every older one. */
  private static final Map<String, Edition> SHAPES = new LinkedHashMap<>();

  static {
    SHAPES.put(SHAPE_18, Edition.SHAPE_18);
    SHAPES.put(SHAPE_17, Edition.SHAPE_17);
    SHAPES.put(SHAPE_16, Edition.SHAPE_16);
    SHAPES.put(SHAPE_15, Edition.SHAPE_15);
    SHAPES.put(SHAPE_14, Edition.SHAPE_14);
    SHAPES.put(SHAPE_13, Edition.SHAPE_13);
    SHAPES.put(SHAPE_12, Edition.SHAPE_12);
    SHAPES.put(SHAPE_11, Edition.SHAPE_11);
    SHAPES.put(SHAPE_10, Edition.SHAPE_10);
    SHAPES.put(SHAPE_9, Edition.SHAPE_9);
    SHAPES.put(SHAPE_8, Edition.SHAPE_8);
    SHAPES.put(SHAPE_7, Edition.SHAPE_7);
  }

  private Edition edition;

  private Versions(Edition edition) {
    this.edition = edition;
  }

  /**
   * The edition the approval runs by; before {@link #atRun} one before "shape-7" may still be
   * missing its late changes (none of which the constructor asks about).
   */
  Edition edition() {
    return edition;
  }

  /** The changes the constructor needs: how to start, which commands exist. */
  static Versions atInit() {
    return new Versions(atInit(Versions::isOn));
  }

  /** The rest, when the workflow method starts (not for a request that could not start). */
  void atRun() {
    edition = atRun(edition, Versions::isOn);
  }

  /**
   * The edition of a run that recorded the markers {@code changeIds} (as a history or {@code
   * TemporalChangeVersion} lists them, without the "-1"), read as the workflow reads them.
   */
  public static Edition recordedBy(Collection<String> changeIds) {
    return atRun(atInit(changeIds::contains), changeIds::contains);
  }

  /**
   * The edition of the run whose history begins with {@code events}: the change ids of its version
   * markers, all recorded in its first workflow task.
   */
  public static Edition recordedIn(List<HistoryEvent> events) {
    return recordedBy(
        events.stream()
            .filter(e -> e.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED)
            .map(HistoryEvent::getMarkerRecordedEventAttributes)
            .filter(marker -> marker.getMarkerName().equals(MARKER))
            .map(marker -> changeId(marker.getDetailsOrThrow("changeId")))
            .collect(Collectors.toSet()));
  }

  private static String changeId(Payloads payloads) {
    return DefaultDataConverter.STANDARD_INSTANCE.fromPayloads(0, Optional.of(payloads), String.class, String.class);
  }

  private static Edition atInit(Predicate<String> recorded) {
    for (Map.Entry<String, Edition> shape : SHAPES.entrySet()) {
      if (recorded.test(shape.getKey())) {
        return shape.getValue();
      }
    }
    boolean startsAtRunStart = recorded.test(START_AT_RUN_START);
    boolean knowsDeadlines = recorded.test(DEADLINES);
    // The oldest with these two: the late changes are read when the workflow method starts.
    return oldest(
        e -> !e.registersHandlersFirst() && e.startsAtRunStart() == startsAtRunStart
            && e.knowsDeadlines() == knowsDeadlines);
  }

  private static Edition atRun(Edition atInit, Predicate<String> recorded) {
    if (atInit.registersHandlersFirst()) {
      return atInit;
    }
    // All four are read, in this order, whatever the first ones say: a history has each marker.
    boolean inspectable = recorded.test(INSPECTABLE);
    boolean rearmsLazily = recorded.test(LAZY_REARM);
    boolean continuesAsNew = recorded.test(CONTINUE_AS_NEW);
    boolean resolvesRecipients = recorded.test(DELIVERY);
    return oldest(
        e -> !e.registersHandlersFirst() && e.startsAtRunStart() == atInit.startsAtRunStart()
            && e.knowsDeadlines() == atInit.knowsDeadlines() && e.inspectable() == inspectable
            && e.rearmsLazily() == rearmsLazily && e.continuesAsNew() == continuesAsNew
            && e.resolvesRecipients() == resolvesRecipients);
  }

  private static Edition oldest(Predicate<Edition> matches) {
    return Arrays.stream(Edition.values())
        .filter(matches)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("the run's version markers make no edition"));
  }

  private static boolean isOn(String change) {
    return Workflow.getVersion(change, Workflow.DEFAULT_VERSION, 1) >= 1;
  }
}
