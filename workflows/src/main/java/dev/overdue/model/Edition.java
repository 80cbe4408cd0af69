package dev.overdue.model;

/**
 * The way an approval runs: one edition per set of versioned changes a run can have recorded,
 * oldest first. An approval keeps the edition its run started under, so its recorded history
 * replays the way it was written, while a new approval (and every run an approval continues as
 * new) gets {@link #CURRENT}. The workflow reads which one from the run's version markers
 * ({@code dev.overdue.workflow.Versions}, which says what each change did); here each edition is
 * only what it can do, each capability read in one place below. Retiring an edition:
 * docs/design/editions.md.
 */
public enum Edition {
  /** Before any versioned change: no search attributes, a timer restarted on every change. */
  ORIGINAL,
  /** Change "inspectable": search attributes and named activities. */
  INSPECTABLE,
  /** Change "lazy-rearm": a timer firing earlier than a deadline moved later is kept. */
  LAZY_REARM,
  /** Change "continue-as-new": long histories continue as new. */
  CONTINUE_AS_NEW,
  /** Change "delivery": recipients resolved first, then one keyed delivery each. */
  DELIVERY,
  /** Change "start-at-run-start": limits count from the run's start. */
  START_AT_RUN_START,
  /** Change "deadlines": deadlines, escalations, listeners, outcomes, business calendars. */
  DEADLINES,
  /** Change "shape-7": all of the above in one marker; no blocking call while constructed. */
  SHAPE_7,
  /** Change "shape-8": human tasks. */
  SHAPE_8,
  /** Change "shape-9": bounded state, and timer counts as search attributes. */
  SHAPE_9,
  /** Change "shape-10": warnings raised in the workflow, a chain's head run at once. */
  SHAPE_10,
  /** Change "shape-11": signed commands. */
  SHAPE_11,
  /** Change "shape-12": lists show the approval's state; offers are told. */
  SHAPE_12,
  /** Change "shape-13": lists show what a task list needs; PotentialOwners is who may claim. */
  SHAPE_13,
  /** Change "shape-14": a decision's output is checked against its step's form. */
  SHAPE_14,
  /**
   * Change "shape-15": task operations (stop, delegate, resolve, forward, nominate, skip,
   * setPriority, comment) and business administrators.
   */
  SHAPE_15,
  /** Change "shape-16": an ISO 8601 cycle with an end counts back from it; misread cron refused. */
  SHAPE_16,
  /** Change "shape-17": a day is a calendar day in the approval's zone; the calendar always recorded. */
  SHAPE_17,
  /** Change "shape-18": NextDeadline keeps a passed deadline, so an expiry changes no list. */
  SHAPE_18;

  /** What a new approval runs by. */
  public static final Edition CURRENT = SHAPE_18;

  /** Publishes search attributes and names its activities for the Web UI. */
  public boolean inspectable() {
    return atLeast(INSPECTABLE);
  }

  /** Keeps a server timer that fires earlier than its deadline and re-arms, not restarts it. */
  public boolean rearmsLazily() {
    return atLeast(LAZY_REARM);
  }

  /** Continues as new before its history grows to the size Temporal suggests it. */
  public boolean continuesAsNew() {
    return atLeast(CONTINUE_AS_NEW);
  }

  /** Resolves a notification's recipients first, then delivers to each with a key of its own. */
  public boolean resolvesRecipients() {
    return atLeast(DELIVERY);
  }

  /** Counts its limits from the run's start, not from its first workflow task. */
  public boolean startsAtRunStart() {
    return atLeast(START_AT_RUN_START);
  }

  /** Knows deadlines, escalations, listeners, outcomes and business calendars. */
  public boolean knowsDeadlines() {
    return atLeast(DEADLINES);
  }

  /** Registers its command handlers before anything blocks: its constructor makes no blocking call. */
  public boolean registersHandlersFirst() {
    return atLeast(SHAPE_7);
  }

  /**
   * Knows human tasks. Before them: a reassignment to nobody empties the potential owners,
   * unnamed reassignments compare by their text name, a cycle in working time counts elapsed time,
   * limits have no schedules and no expressions.
   */
  public boolean knowsTasks() {
    return atLeast(SHAPE_8);
  }

  /**
   * Keeps its state bounded: the count of warnings and only the latest ones ({@link Warnings}),
   * each cut to a bounded length, and only the latest timer changes of all timers ({@link
   * ProcessSetup#MAX_CARRIED_CHANGES}), so continue-as-new never meets the payload limit.
   */
  public boolean boundedState() {
    return atLeast(SHAPE_9);
  }

  /** Publishes its timers in each state (TimersRunning, TimersSuspended), released with bounded state. */
  public boolean countsTimers() {
    return atLeast(SHAPE_9);
  }

  /** Raises a warning in the workflow (its log, its metric), not by an activity. */
  public boolean warnsInWorkflow() {
    return atLeast(SHAPE_10);
  }

  /** Runs the warnings and decisions at the head of a handler chain at once, in the task that fired them. */
  public boolean runsChainHeadsAtOnce() {
    return atLeast(SHAPE_10);
  }

  /** Verifies a command's {@code token} under its auth policy, recorded at its start. */
  public boolean signsCommands() {
    return atLeast(SHAPE_11);
  }

  /** Publishes its state in lists: NextDeadline the earliest expiration date, PotentialOwners. */
  public boolean listsItsState() {
    return atLeast(SHAPE_12);
  }

  /**
   * Tells the potential owners of an offered task that it waits for them, unless the request says
   * {@code notifyOffered: false}.
   */
  public boolean tellsOffers() {
    return atLeast(SHAPE_12);
  }

  /**
   * Publishes what a task list needs (Requester, TaskState, CandidateGroups, DueDate,
   * PotentialOwnersCut), and PotentialOwners as exactly the users a claim would be accepted from
   * now: the potential owners the step's four-eyes rules do not refuse.
   */
  public boolean publishesTaskLists() {
    return atLeast(SHAPE_13);
  }

  /**
   * Tells an offer only to those who may claim it (its {@code claimants}): not to a potential owner
   * the step's four-eyes rules keep off, such as the requester under {@code notBy: [requester]}.
   */
  public boolean tellsOnlyClaimants() {
    return atLeast(SHAPE_13);
  }

  /**
   * Refuses a decision whose {@code output} does not fit its step's {@code form} ({@link StepForm}):
   * an approve, or a complete other than rejected, without a required field; any decision with a
   * field of the wrong type or one the form does not have.
   */
  public boolean validatesForms() {
    return atLeast(SHAPE_14);
  }

  /**
   * Knows the task operations beyond claim, start, release and decide — stop, delegate, resolve,
   * forward, nominate, skip, setPriority, comment — and business administrators, who may take
   * them. Before it, those commands were refused as unknown, and a business administrator who was
   * no potential owner could neither release nor reassign.
   */
  public boolean knowsTaskOperations() {
    return atLeast(SHAPE_15);
  }

  /**
   * Reads an ISO 8601 cycle with an end and no start ({@code R3/PT1H/2027-01-31T17:00}) as ISO 8601,
   * Camunda and Activiti do: its intervals end at the end, so it fires at 14:00, 15:00 and 16:00.
   * Before it, such a cycle counted forward from when its timer started and stopped at the end, as
   * {@code until} and {@code endDate} still do.
   */
  public boolean countsCyclesBackFromTheirEnd() {
    return atLeast(SHAPE_16);
  }

  /**
   * Refuses a new approval whose cron cycle cron-utils would read as other times than Quartz does
   * ({@link CronMisreadings}). Before it, such a cycle was accepted and fired on the days
   * cron-utils read.
   */
  public boolean refusesMisreadCron() {
    return atLeast(SHAPE_16);
  }

  /**
   * Counts the days and weeks of its durations and cycles as calendar days in its zone — the
   * business calendar's, or the one a cycle's start or end names — and hours, minutes and seconds
   * as time that passes ({@link IsoDuration}): a daily reminder at 17:00 stays at 17:00 across a
   * daylight-saving change. It records the worker's calendar at its start whatever its limits, so
   * every duration, and every later command's, counts in the same zone. Before it, a day was 24
   * hours wherever the approval ran.
   */
  public boolean countsDaysInTheirZone() {
    return atLeast(SHAPE_17);
  }

  /**
   * Publishes as NextDeadline the earliest date of a running timer, passed or not ({@link
   * ApprovalProcess#listedDeadline}), as DueDate keeps a passed due date: an expiry moves no
   * attribute but the first expiry's flags, so it upserts nothing more, and a list sorts an overdue
   * approval by how long it has been overdue. Before it, NextDeadline moved to the next coming date
   * at every expiry, one visibility write each.
   */
  public boolean listsPassedDeadlines() {
    return atLeast(SHAPE_18);
  }

  private boolean atLeast(Edition first) {
    return compareTo(first) >= 0;
  }
}
