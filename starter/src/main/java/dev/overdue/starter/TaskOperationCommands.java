package dev.overdue.starter;

import static dev.overdue.starter.HumanTaskCommands.UNLESS_SIGNED;

import dev.overdue.api.ApprovalCommand;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The WS-HumanTask 1.1 task operations beyond claim, start, release and the decisions: stop,
 * delegate (and Flowable's resolve), forward, nominate, skip, set-priority and comment. Who may
 * take each is the workflow's to check; a refusal says who may.
 */
final class TaskOperationCommands {
  private TaskOperationCommands() {}

  /** Every one of them needs who asks (or a signed command's subject). */
  abstract static class UserCommand extends ApprovalCommands.SteeringCommand {
    @Option(names = "--user", paramLabel = "USER", description = "Who asks; " + UNLESS_SIGNED)
    String user;

    @Override
    boolean userRequired() {
      return true;
    }
  }

  @Command(
      name = "stop-task",
      mixinStandardHelpOptions = true,
      description = {
        "Stop working on the current step (WS-HumanTask stop): it goes from IN_PROGRESS back to"
            + " RESERVED, still owned by the same person.",
        "For its owner and the request's business administrators."
      })
  static final class StopTask extends UserCommand {
    @Option(
        names = "--step",
        paramLabel = "STEP",
        description = "The step meant; refused unless it is the current step.")
    String step;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Stop(step, user);
    }
  }

  @Command(
      name = "delegate",
      mixinStandardHelpOptions = true,
      description = {
        "Hand the current step to one person (WS-HumanTask delegate): they own it (RESERVED) and"
            + " become a potential owner; the four-eyes rules apply to them.",
        "For its owner and the request's business administrators. The delegate can give it back"
            + " with `resolve`."
      })
  static final class Delegate extends UserCommand {
    @Option(names = "--to", required = true, paramLabel = "USER", description = "Who takes it over.")
    String to;

    @Option(names = "--comment", paramLabel = "TEXT", description = "Why, in the history.")
    String comment;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Delegate(user, to, comment);
    }
  }

  @Command(
      name = "resolve",
      mixinStandardHelpOptions = true,
      description = {
        "Give a delegated step back to whoever delegated it, who owns it again (RESERVED).",
        "For the person it was delegated to (as Flowable's resolveTask)."
      })
  static final class Resolve extends UserCommand {
    @Option(names = "--comment", paramLabel = "TEXT", description = "What was done, in the history.")
    String comment;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Resolve(user, comment);
    }
  }

  @Command(
      name = "forward",
      mixinStandardHelpOptions = true,
      description = {
        "Pass the current step on (WS-HumanTask forward): USER leaves its potential owners, the"
            + " users, groups and roles named join (as for reassign), and it is offered again.",
        "For its potential owners, its owner and the request's business administrators."
      })
  static final class Forward extends UserCommand {
    @Option(
        names = "--to",
        required = true,
        split = ",",
        paramLabel = "NAME",
        description = "Who it goes to, comma-separated (bob,finance).")
    List<String> to;

    @Option(names = "--comment", paramLabel = "TEXT", description = "Why, in the history.")
    String comment;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Forward(user, to, comment);
    }
  }

  @Command(
      name = "nominate",
      mixinStandardHelpOptions = true,
      description = {
        "Add potential owners to the current step (WS-HumanTask nominate), typically to one no one"
            + " can act on; its state stays.",
        "For the request's business administrators only."
      })
  static final class Nominate extends UserCommand {
    @Option(
        names = "--to",
        required = true,
        split = ",",
        paramLabel = "NAME",
        description = "The users, groups and roles to add, comma-separated (dora,finance).")
    List<String> to;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Nominate(user, to);
    }
  }

  @Command(
      name = "skip",
      mixinStandardHelpOptions = true,
      description = {
        "Skip the current step (WS-HumanTask skip): it ends SKIPPED and the approval moves on as"
            + " if it had been approved. Only a step the request declares `skippable: true`.",
        "For its potential owners, the requester and the request's business administrators."
      })
  static final class Skip extends UserCommand {
    @Option(names = "--reason", required = true, paramLabel = "TEXT", description = "Why, in status and history.")
    String reason;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Skip(user, reason);
    }
  }

  @Command(
      name = "set-priority",
      mixinStandardHelpOptions = true,
      description = {
        "Set the current step's priority (WS-HumanTask setPriority): 0 is the highest, 10 the"
            + " lowest, 5 the default.",
        "For its owner and the request's business administrators."
      })
  static final class SetPriority extends UserCommand {
    @Option(names = "--priority", required = true, paramLabel = "N", description = "From 0 to 10.")
    Integer priority;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.SetPriority(user, priority);
    }
  }

  @Command(
      name = "set-follow-up",
      mixinStandardHelpOptions = true,
      description = {
        "Set the current step's follow-up date (Camunda's followUpDate): from then it shows in"
            + " `overdue list --follow-up-due`; nothing else happens.",
        "For its owner, its potential owners, the requester and the request's business administrators."
      })
  static final class SetFollowUp extends UserCommand {
    @Option(
        names = "--at",
        required = true,
        paramLabel = "WHEN",
        description = "A date-time (2026-12-01T09:00:00+01:00), a duration from now (P2D), or none to clear it.")
    String at;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.SetFollowUp(user, at);
    }
  }

  @Command(
      name = "comment",
      mixinStandardHelpOptions = true,
      description = {
        "Add a comment to the current step (WS-HumanTask addComment); `overdue status` shows the"
            + " latest.",
        "For its potential owners, its owner, the requester and the request's business"
            + " administrators; also while the approval is suspended."
      })
  static final class Comment extends UserCommand {
    @Option(names = "--text", required = true, paramLabel = "TEXT", description = "At most 2000 characters.")
    String text;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Comment(user, text);
    }
  }
}
