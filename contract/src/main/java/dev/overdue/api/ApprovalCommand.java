package dev.overdue.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The commands that steer a running approval, as the wire has them: each is sent as a Signal or an
 * Update named {@link #name} whose one argument is {@link #input}, a JSON object of exactly the
 * record's fields (those left null are left out). The workflow accepts these fields and no others.
 * Users are names as the approval's steps list them; {@code user} on a timer command is who asks,
 * for the timer's trail.
 */
public sealed interface ApprovalCommand {
  /** Every command by its Signal and Update name, in the order help lists them. */
  Map<String, Class<? extends ApprovalCommand>> ALL = all();

  /** Switches a user timer on. */
  record EnableTimer(String timer, String user) implements ApprovalCommand {}

  /** Switches a user timer off; its expiration date stays for when it runs again. */
  record DisableTimer(String timer, String user) implements ApprovalCommand {}

  /** Suspends the approval: its timers pause, task actions are refused. */
  record Suspend(String reason) implements ApprovalCommand {}

  /** Resumes it: a date that passed meanwhile expires now. */
  record Resume() implements ApprovalCommand {}

  /**
   * Gives a timer a new {@code limit} (a duration such as {@code P3D}, seconds, or a date-time), or
   * moves its date {@code by} a duration later: exactly one of the two.
   */
  record ExtendDeadline(String timer, String limit, String by, String user) implements ApprovalCommand {
    /** A new time limit. */
    public static ExtendDeadline to(String timer, String limit, String user) {
      return new ExtendDeadline(timer, limit, null, user);
    }

    /** The expiration date (a cycle's remaining occurrences) {@code by} later. */
    public static ExtendDeadline by(String timer, Duration by, String user) {
      return new ExtendDeadline(timer, null, by.toString(), user);
    }
  }

  /**
   * Re-reads the worker's business calendar (new holidays, hours, zone) and moves the dates of the
   * timers that count in it and have not expired: working-time limits, cycles in working time, cron
   * cycles. Camunda's recalculateJobDuedate, for the whole approval.
   */
  record Recalculate(String user) implements ApprovalCommand {}

  /** Takes the current step ({@code step}, when given, must name it): only its owner may decide it. */
  record Claim(String step, String user) implements ApprovalCommand {}

  /** WS-HumanTask start: the step is worked on (IN_PROGRESS); its start deadlines are met. */
  record Start(String step, String user) implements ApprovalCommand {}

  /** Gives a claimed step back to all its potential owners. */
  record Release(String step, String user) implements ApprovalCommand {}

  /**
   * Approves the current step: the approval moves on, or ends APPROVED. {@code output}, when given,
   * is merged into the approval's data first (JSON Merge Patch).
   */
  record Approve(String user, String comment, Map<String, Object> output) implements ApprovalCommand {
    public Approve(String user, String comment) {
      this(user, comment, null);
    }
  }

  /** Rejects the current step: the approval ends REJECTED; {@code output} as for approve. */
  record Reject(String user, String comment, Map<String, Object> output) implements ApprovalCommand {
    public Reject(String user, String comment) {
      this(user, comment, null);
    }
  }

  /**
   * Decides the current step with {@code outcome}: approved, rejected, or one the step names;
   * {@code output} as for approve.
   */
  record Complete(String user, String outcome, String comment, Map<String, Object> output)
      implements ApprovalCommand {
    public Complete(String user, String outcome, String comment) {
      this(user, outcome, comment, null);
    }
  }

  /**
   * Merges {@code data} into the approval's data (JSON Merge Patch, RFC 7396: a member set to null
   * is removed): by the requester or a potential owner of the current step.
   */
  record UpdateData(String user, Map<String, Object> data) implements ApprovalCommand {}

  /**
   * Gives the current step to new potential owners: {@code to} names users and groups (looked up
   * in the worker's directory) and the roles {@code potentialOwners}, {@code owner}, {@code
   * requester} and {@code manager}. The step is offered again; by the requester or a potential
   * owner. Names that stand for nobody leave the step with the owners it had.
   */
  record Reassign(String user, List<String> to) implements ApprovalCommand {}

  /**
   * Looks the current step's candidate groups up again in the worker's directory, after a change
   * there: their members become the potential owners beside the candidate users.
   */
  record RefreshOwners(String user) implements ApprovalCommand {}

  /** Ends the approval ABORTED. */
  record Abort(String reason) implements ApprovalCommand {}

  /**
   * WS-HumanTask stop: the owner (or a business administrator) stops working on the current step;
   * it goes from IN_PROGRESS back to RESERVED, still theirs.
   */
  record Stop(String step, String user) implements ApprovalCommand {}

  /**
   * WS-HumanTask delegate (Camunda's and Flowable's delegateTask): the owner, or a business
   * administrator, hands the current step to one person {@code to}, who becomes its owner (RESERVED)
   * and a potential owner; the delegator is remembered, for {@link Resolve}.
   */
  record Delegate(String user, String to, String comment) implements ApprovalCommand {}

  /**
   * Flowable's resolveTask: the person a step was delegated to hands it back to whoever delegated it,
   * who owns it again (RESERVED).
   */
  record Resolve(String user, String comment) implements ApprovalCommand {}

  /**
   * WS-HumanTask forward: a potential owner or the owner passes the current step on; they leave its
   * potential owners, {@code to} (users, groups and roles, as for reassign) join, and it is offered
   * again (READY).
   */
  record Forward(String user, List<String> to, String comment) implements ApprovalCommand {}

  /**
   * WS-HumanTask nominate: a business administrator adds {@code to} (users, groups and roles) to the
   * current step's potential owners, typically of a step no one can act on; its state stays.
   */
  record Nominate(String user, List<String> to) implements ApprovalCommand {}

  /**
   * WS-HumanTask skip: ends a step declared {@code skippable: true} with the outcome SKIPPED, and
   * the approval moves on as after an approval of it; by a potential owner, the requester or a
   * business administrator, with a {@code reason}.
   */
  record Skip(String user, String reason) implements ApprovalCommand {}

  /**
   * WS-HumanTask setPriority: the owner or a business administrator sets the current step's
   * priority, 0 (highest) to 10 (lowest).
   */
  record SetPriority(String user, Integer priority) implements ApprovalCommand {}

  /**
   * Camunda's followUpDate: from {@code at} (a date-time with an offset, or a duration from now such
   * as P2D; {@code none} clears it) the current step shows in follow-up lists; nothing runs then.
   * By the owner, a potential owner, the requester or a business administrator.
   */
  record SetFollowUp(String user, String at) implements ApprovalCommand {}

  /**
   * WS-HumanTask addComment: adds {@code text} to the current step's comments; by its potential
   * owners, its owner, the requester and business administrators.
   */
  record Comment(String user, String text) implements ApprovalCommand {}

  /** The Signal and Update name. */
  default String name() {
    return ALL.entrySet().stream()
        .filter(e -> e.getValue() == getClass())
        .map(Map.Entry::getKey)
        .findFirst()
        .orElseThrow();
  }

  /** The command's one argument: its fields that are set. */
  default ObjectNode input() {
    return CommandJson.MAPPER.valueToTree(this);
  }

  /** The fields command {@code name} takes: the names of its record's components. */
  static List<String> fields(String name) {
    Class<? extends ApprovalCommand> type = ALL.get(name);
    if (type == null) {
      throw new IllegalArgumentException("no command " + name);
    }
    return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
  }

  private static Map<String, Class<? extends ApprovalCommand>> all() {
    Map<String, Class<? extends ApprovalCommand>> all = new LinkedHashMap<>();
    all.put("enableTimer", EnableTimer.class);
    all.put("disableTimer", DisableTimer.class);
    all.put("suspend", Suspend.class);
    all.put("resume", Resume.class);
    all.put("extendDeadline", ExtendDeadline.class);
    all.put("recalculate", Recalculate.class);
    all.put("claim", Claim.class);
    all.put("start", Start.class);
    all.put("release", Release.class);
    all.put("approve", Approve.class);
    all.put("reject", Reject.class);
    all.put("complete", Complete.class);
    all.put("abort", Abort.class);
    all.put("updateData", UpdateData.class);
    all.put("reassign", Reassign.class);
    all.put("refreshOwners", RefreshOwners.class);
    all.put("stop", Stop.class);
    all.put("delegate", Delegate.class);
    all.put("resolve", Resolve.class);
    all.put("forward", Forward.class);
    all.put("nominate", Nominate.class);
    all.put("skip", Skip.class);
    all.put("setPriority", SetPriority.class);
    all.put("comment", Comment.class);
    all.put("setFollowUp", SetFollowUp.class);
    return Collections.unmodifiableMap(all);
  }
}
