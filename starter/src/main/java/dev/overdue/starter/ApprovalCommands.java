package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.CommandResult;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The commands that steer a running approval, one subcommand each. Every one becomes the contract's
 * {@link ApprovalCommand}, sent as an Update (the workflow checks it and answers, a refusal changes
 * nothing) or, with {@code --signal}, as a Signal (fire and forget; a refusal shows only in the
 * history). With {@code --query} instead of an ID, the command goes to every running approval a
 * list filter selects.
 */
final class ApprovalCommands {
  private ApprovalCommands() {}

  /**
   * The approval, the delivery and the command's JSON; subclasses add their fields. Every steering
   * command also takes {@code --query} instead of ID, for every running approval a list filter
   * selects ({@link Bulk}): its other positionals keep their places, see {@link
   * Bulk.QueryInsteadOfId}.
   */
  @Command(preprocessor = Bulk.QueryInsteadOfId.class)
  abstract static class SteeringCommand extends CliCommand {
    @Spec CommandSpec spec;

    @Parameters(
        index = "0",
        paramLabel = "ID",
        description =
            "The request id (PO-4711) or the workflow id (approval-PO-4711); or --query instead.")
    String id;

    @Option(
        names = "--signal",
        description =
            "Send without waiting for the approval's answer (a Temporal signal): returns at once;"
                + " whether it was accepted shows only in `overdue history`. With --query, one"
                + " Temporal batch job signals every approval.")
    boolean signal;

    @ArgGroup(validate = false, heading = "%nMany approvals at once:%n")
    Bulk.Options bulk = new Bulk.Options();

    /** The command the options describe. */
    abstract ApprovalCommand command();

    /**
     * True for the commands whose {@code --user} must be given unless the command is signed: a
     * signed command's user is the token's subject when {@code --user} is left out.
     */
    boolean userRequired() {
      return false;
    }

    /** Steers the approvals {@code --query} selects, not the one ID. */
    boolean many() {
      return bulk.query != null;
    }

    @Override
    String approvalId() {
      return many() ? null : id;
    }

    @Override
    boolean needsRunning() {
      return true;
    }

    @Override
    void execute() throws InterruptedException, JsonProcessingException {
      String misuse =
          Bulk.misuse(
              bulk, signal, spec.commandLine().getParseResult().hasMatchedOption(Bulk.CONCURRENCY));
      if (misuse != null) {
        throw new CommandLine.ParameterException(spec.commandLine(), misuse);
      }
      OptionSpec user = spec.findOption("--user");
      if (userRequired() && user.getValue() == null && !session().signs()) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "Missing required option: '--user=USER' (or sign the command with --token: its"
                + " subject is the user)");
      }
      ApprovalCommand command = command();
      if (!(many() && bulk.dryRun)) {
        session().steering(); // the token, read before anything is listed or sent
      }
      if (many()) {
        exitCode = new Bulk(session(), printer(), spec.name(), bulk).run(command, signal);
        return;
      }
      Approvals approvals = session().steering();
      if (signal) {
        approvals.signal(id, command);
        if (json()) {
          printJson(new Sent(command.name(), Approvals.workflowId(id), "signal"));
          return;
        }
        out()
            .println(
                "sent "
                    + command.name()
                    + " to "
                    + Approvals.workflowId(id)
                    + " as a signal; the workflow"
                    + " checks it on arrival: see `"
                    + printer().command()
                    + " history "
                    + id
                    + "`");
      } else {
        try {
          CommandResult result = session().answer(id, true, () -> approvals.update(id, command));
          if (json()) {
            printJson(result);
          } else {
            out().println(result.message());
          }
        } catch (RefusedException refused) {
          throw new CliError(ExitCodes.REFUSED, "rejected: " + refusal(refused.reason()));
        }
      }
    }

    /** The workflow's reason for refusing the command, as this command says it. */
    String refusal(String reason) {
      return reason;
    }
  }

  /** What {@code -o json} prints for a command sent as a Signal: nothing is known of its fate. */
  record Sent(String command, String workflowId, String sentAs) {}

  /** Commands on one timer: who asks, for the timer's derivation trail. */
  abstract static class TimerCommand extends SteeringCommand {
    @Option(
        names = "--user",
        paramLabel = "USER",
        description =
            "Who asks: in the history, and in the timer's changes when its date changes"
                + " (`overdue timers ID --explain`)." + HumanTaskCommands.SIGNED_USER)
    String user;
  }

  @Command(
      name = "enable-timer",
      mixinStandardHelpOptions = true,
      description = "Switch a user timer on: it starts running toward its time limit.")
  static final class EnableTimer extends TimerCommand {
    @Parameters(index = "1", paramLabel = "TIMER", description = "A user timer of the request.")
    String timer;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.EnableTimer(timer, user);
    }
  }

  @Command(
      name = "disable-timer",
      mixinStandardHelpOptions = true,
      description =
          "Switch a user timer off; its expiration date stays fixed for when it is enabled again.")
  static final class DisableTimer extends TimerCommand {
    @Parameters(index = "1", paramLabel = "TIMER", description = "A user timer of the request.")
    String timer;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.DisableTimer(timer, user);
    }
  }

  @Command(
      name = "suspend",
      mixinStandardHelpOptions = true,
      description = "Suspend the process: running timers pause, task actions are refused.")
  static final class Suspend extends SteeringCommand {
    @Option(names = "--reason", paramLabel = "TEXT", description = "Why, shown in status.")
    String reason;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Suspend(reason);
    }
  }

  @Command(
      name = "resume",
      mixinStandardHelpOptions = true,
      description =
          "Resume a suspended process: paused timers run on; one whose deadline passed meanwhile"
              + " expires now.")
  static final class Resume extends SteeringCommand {
    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Resume();
    }
  }

  @Command(
      name = "extend-deadline",
      mixinStandardHelpOptions = true,
      description = "Give a timer a new time limit, or move its expiration date later.")
  static final class ExtendDeadline extends TimerCommand {
    @Parameters(
        index = "1",
        paramLabel = "TIMER",
        description =
            "Any timer: process, <step>.acceptance, <step>.completion, a deadline <step>.<name>"
                + " or a user timer.")
    String timer;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Change change;

    static final class Change {
      @Option(
          names = "--limit",
          paramLabel = "LIMIT",
          description = "New time limit: a duration (P3D), seconds, or a date-time with offset.")
      String limit;

      @Option(
          names = "--by",
          paramLabel = "DURATION",
          description = "Move the current expiration date later by an ISO-8601 duration (P1D).")
      String by;
    }

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.ExtendDeadline(timer, change.limit, change.by, user);
    }
  }

  @Command(
      name = "recalculate",
      mixinStandardHelpOptions = true,
      description = {
        "Count the approval's dates again in the worker's calendar as it is now.",
        "Working-time limits, cycles in working time and cron cycles that have not expired move"
            + " (a holiday announced after the start, new hours); fixed dates and elapsed durations"
            + " do not. The answer and `overdue timers ID --explain` show each old and new date."
      })
  static final class Recalculate extends SteeringCommand {
    @Option(
        names = "--user",
        paramLabel = "USER",
        description = "Who asks: in the timers' changes." + HumanTaskCommands.SIGNED_USER)
    String user;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Recalculate(user);
    }
  }

  /** claim, release and start-task: a user and, to be explicit, the step. */
  abstract static class TaskCommand extends SteeringCommand {
    @Option(names = "--user", paramLabel = "USER", description = OWNER)
    String user;

    @Override
    boolean userRequired() {
      return true;
    }

    @Option(
        names = "--step",
        paramLabel = "STEP",
        description = "The step meant; refused unless it is the current step.")
    String step;
  }

  @Command(
      name = "claim",
      mixinStandardHelpOptions = true,
      description = "Take the current step: only its owner may then decide it.")
  static final class Claim extends TaskCommand {
    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Claim(step, user);
    }
  }

  @Command(
      name = "release",
      mixinStandardHelpOptions = true,
      description = "Give a claimed step back to all its potential owners.")
  static final class Release extends TaskCommand {
    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Release(step, user);
    }
  }

  @Command(
      name = "start-task",
      mixinStandardHelpOptions = true,
      description = {
        "Start working on the current step: it goes IN_PROGRESS, owned by USER.",
        "Starting meets the step's start deadlines. A step claimed by someone else only they"
            + " can start."
      })
  static final class StartTask extends TaskCommand {
    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Start(step, user);
    }
  }

  @Command(
      name = "complete",
      mixinStandardHelpOptions = true,
      description = {
        "Complete the current step with an outcome: approved, rejected, or one the step names.",
        "A named outcome (the step's `outcomes`, in the OUTCOMES column of `overdue status`)"
            + " leads to a later step or ends the approval."
      })
  static final class Complete extends SteeringCommand {
    @Option(names = "--user", paramLabel = "USER", description = OWNER)
    String user;

    @Override
    boolean userRequired() {
      return true;
    }

    @Option(
        names = "--outcome",
        required = true,
        paramLabel = "OUTCOME",
        description = "approved, rejected, or an outcome of the step such as needs-legal.")
    String outcome;

    @Option(names = "--comment", paramLabel = "TEXT")
    String comment;

    @Option(names = "--task-output", paramLabel = "JSON", description = OUTPUT)
    String output;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Complete(
          user, outcome, comment, HumanTaskCommands.object(output, "--task-output", spec.commandLine()));
    }

    @Override
    String refusal(String reason) {
      return TaskOutputHint.added(reason, output != null);
    }
  }

  /** {@code --user} of the task commands. */
  static final String OWNER = "A potential owner of the step; required unless signed (--token),"
      + " whose subject it is when left out.";

  static final String OUTPUT =
      "The task's output, a JSON object (or @FILE) merged into the approval's data first.";

  /** approve and reject: the deciding user, a comment and the task's output. */
  abstract static class DecisionCommand extends SteeringCommand {
    @Option(names = "--user", paramLabel = "USER", description = OWNER)
    String user;

    @Override
    boolean userRequired() {
      return true;
    }

    @Option(names = "--comment", paramLabel = "TEXT")
    String comment;

    @Option(names = "--task-output", paramLabel = "JSON", description = OUTPUT)
    String output;

    Map<String, Object> output() {
      return HumanTaskCommands.object(output, "--task-output", spec.commandLine());
    }

    @Override
    String refusal(String reason) {
      return TaskOutputHint.added(reason, output != null);
    }
  }

  @Command(
      name = "approve",
      mixinStandardHelpOptions = true,
      description =
          "Approve the current step; the approval moves to the next step or ends APPROVED.")
  static final class Approve extends DecisionCommand {
    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Approve(user, comment, output());
    }
  }

  @Command(
      name = "reject",
      mixinStandardHelpOptions = true,
      description = "Reject the current step; the approval ends REJECTED.")
  static final class Reject extends DecisionCommand {
    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Reject(user, comment, output());
    }
  }

  @Command(
      name = "abort",
      mixinStandardHelpOptions = true,
      description = "End the approval ABORTED; every timer is cleared.")
  static final class Abort extends SteeringCommand {
    @Option(names = "--reason", required = true, paramLabel = "TEXT")
    String reason;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Abort(reason);
    }
  }
}
