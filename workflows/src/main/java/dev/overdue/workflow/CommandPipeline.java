package dev.overdue.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.auth.SignedCommands;
import dev.overdue.model.auth.TokenCheck;
import dev.overdue.model.process.ApprovalProcess;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.task.OwnerLookup;
import io.temporal.common.converter.EncodedValues;
import io.temporal.workflow.Workflow;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;

/**
 * The one way a command takes, whether it came as a Signal or as an Update: verify its signed token
 * → parse → read the worker's calendar → apply to the model → wait for the directory → record it in
 * the audit trail → wake the workflow's loop. The side effects happen in this order, and a replay
 * expects them in it: it exists here only. Signals and Updates are adapters: a Signal's refusal is
 * dropped (no one waits for it), an Update's becomes its failure, and an Update's validator runs
 * the steps that record nothing ({@link #check}).
 */
final class CommandPipeline {
  /**
   * The workflow's logger: "rejected signal approve: …" is the line operators know (the tutorial), under
   * the name they filter by.
   */
  private static final Logger log = Workflow.getLogger(ApprovalWorkflowImpl.class);

  /** How a command came: its name in the audit trail, the log and the refusals metric. */
  enum Via {
    SIGNAL("signal"),
    UPDATE("update");

    final String label;

    Via(String label) {
      this.label = label;
    }
  }

  private final BooleanSupplier starting;
  /** The process, or a refusal saying why there is none: the approval is starting or did not start. */
  private final Supplier<ApprovalProcess> started;
  /** Wakes the workflow's loop. */
  private final Runnable changed;

  CommandPipeline(BooleanSupplier starting, Supplier<ApprovalProcess> started, Runnable changed) {
    this.starting = starting;
    this.started = started;
    this.changed = changed;
  }

  /**
   * An Update's validator: the steps that record nothing, so a refusal never reaches the history.
   * The token is verified with the worker's keys as they are now: Temporal does not run validators
   * on replay. While the approval starts, a validator cannot wait: {@link #apply} checks it then.
   *
   * @throws RuleViolation the refusal, logged and counted
   */
  void check(String name, EncodedValues args) {
    if (starting.getAsBoolean()) {
      return;
    }
    try {
      ApprovalProcess process = started.get();
      Instant now = ApprovalWorkflowImpl.now();
      JsonNode input = opened(process, name, decode(args), now, true).orThrow().input();
      process.check(Commands.parse(name, input), now);
    } catch (RuntimeException refusal) {
      throw refused(name, Via.UPDATE, refusal);
    }
  }

  /**
   * Runs {@code name} once the approval has started, and records it, accepted or refused.
   *
   * @return what it came to
   * @throws RuleViolation the refusal, logged, counted and (once the approval has started) in the
   *     trail
   */
  String apply(String name, Via via, EncodedValues args) {
    Workflow.await(() -> !starting.getAsBoolean());
    ApprovalProcess process;
    try {
      process = started.get();
    } catch (RuleViolation notStarted) {
      throw refused(name, via, notStarted);
    }
    Instant now = ApprovalWorkflowImpl.now();
    JsonNode input = null;
    TokenCheck signer = null;
    String message = null;
    RuleViolation refusal = null;
    try {
      SignedCommands.Opened opened = opened(process, name, decode(args), now, false);
      input = opened.input();
      signer = opened.identity();
      opened.orThrow();
      ApprovalCommand command = Commands.parse(name, input);
      message = process.apply(command, now, workerCalendar(process, command, now));
      Optional<Integer> lookup = process.lookupOfLastCommand();
      // The loop runs what the command started: the directory's lookup, handlers, a new deadline.
      // (A Signal that asked nothing of the directory woke it only below: nothing runs between.)
      changed.run();
      if (lookup.isPresent()) {
        message = awaitLookup(process, lookup.get());
      }
    } catch (RuntimeException unexpectedOrRefused) {
      refusal = refused(name, via, unexpectedOrRefused);
    }
    // When it took effect: a lookup's answer comes later than the command.
    process.recordCommand(
        ApprovalWorkflowImpl.now(), via.label, name, input, Optional.ofNullable(refusal).map(RuleViolation::reason),
        signer);
    // Done, accepted or refused (a refusal too adds to the history): the loop looks again, also
    // whether to continue as new, which waits for every handler. (An Update that waited for the
    // directory did not wake it here before; the same commands follow either way: a handler's
    // thread runs before the workflow method's in each pass, so the loop, woken by the answer,
    // found the handler finished.)
    changed.run();
    if (refusal != null) {
      throw refusal;
    }
    return message;
  }

  /**
   * Logs and counts a refusal once, by the step that refused it, whether it came by Signal or by
   * Update: an Update's validator counts what it refuses (its handler never runs), a handler what
   * it refuses, an approval that did not start too. An unexpected exception is refused too, for
   * either: a Signal or an accepted Update is in the history, so failing the workflow task would
   * fail every retry, and the approval would stand still until a new worker; the error is logged
   * with its stack trace instead.
   */
  private static RuleViolation refused(String name, Via via, RuntimeException thrown) {
    RuleViolation refusal;
    if (thrown instanceof RuleViolation violation) {
      refusal = violation;
    } else {
      log.error(via.label + " " + name + " failed unexpectedly; refused", thrown);
      refusal = new RuleViolation("internal error: " + thrown);
    }
    log.warn("rejected {} {}: {}", via.label, name, refusal.reason());
    Workflow.getMetricsScope()
        .tagged(Map.of("command", name, "via", via.label))
        .counter(OverdueMetrics.COMMANDS_REJECTED)
        .inc(1);
    return refusal;
  }

  /**
   * A reassignment or refresh is done once the directory has answered, and so is its command: what
   * it came to is the Update's answer, and the command's entry in the trail (when the task keeps
   * its owners, a refusal that changed nothing).
   *
   * @throws RuleViolation when the answer did not apply
   */
  private static String awaitLookup(ApprovalProcess process, int lookup) {
    Workflow.await(() -> !process.lookupPending(lookup));
    OwnerLookup.Outcome outcome = process.lookupOutcome(lookup).orElseThrow();
    if (!outcome.applied()) {
      throw new RuleViolation(outcome.text());
    }
    return outcome.text();
  }

  /**
   * {@code input} under the approval's policy for signed commands. A handler records what verifying came to, so its replay answers the same after the
   * keys rotated; a validator ({@code live}) records nothing.
   */
  private SignedCommands.Opened opened(
      ApprovalProcess process, String name, JsonNode input, Instant now, boolean live) {
    return SignedCommands.open(
        process.authPolicy(), input, Commands.takesUser(name),
        token -> live
            ? WorkerAuthentication.verify(token, now)
            : Workflow.sideEffect(TokenCheck.class, () -> WorkerAuthentication.verify(token, now)));
  }

  /**
   * {@code recalculate} counts in the worker's calendar as it is now: read as a side effect, so a
   * replay reads what the first run read, and only once the command is known to be accepted, so a
   * refused one records nothing. (A validator could not record it.)
   */
  private static CalendarSettings workerCalendar(ApprovalProcess process, ApprovalCommand command, Instant now) {
    if (!(command instanceof ApprovalCommand.Recalculate)) {
      return null;
    }
    process.check(command, now);
    return ApprovalWorkflowImpl.recordedCalendar();
  }

  /** A command's single JSON argument; none means an empty object. */
  private static JsonNode decode(EncodedValues args) {
    if (args == null || args.getSize() == 0) {
      return null;
    }
    try {
      return args.get(0, JsonNode.class);
    } catch (RuntimeException notJson) {
      throw new RuleViolation("the input is not JSON: " + notJson.getMessage());
    }
  }
}
