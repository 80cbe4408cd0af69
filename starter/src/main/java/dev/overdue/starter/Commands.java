package dev.overdue.starter;

import java.util.Arrays;
import java.util.List;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The CLI's subcommands, in the order its help lists them, and which of them a command line
 * needs. picocli builds each command's model by reflection when it is added, some 150 ms for all
 * of them: a command line that runs one subcommand gets only that one, {@code --version} none;
 * help, a mistyped command and no command get all (they list them or suggest one).
 */
final class Commands {
  private Commands() {}

  static final List<Class<?>> ALL =
      List.of(
          StartCommand.class,
          ValidateCommand.class,
          ImportBpmnCommand.class,
          ApprovalCommands.EnableTimer.class,
          ApprovalCommands.DisableTimer.class,
          ApprovalCommands.Suspend.class,
          ApprovalCommands.Resume.class,
          ApprovalCommands.ExtendDeadline.class,
          ApprovalCommands.Recalculate.class,
          ApprovalCommands.Claim.class,
          ApprovalCommands.Release.class,
          ApprovalCommands.StartTask.class,
          ApprovalCommands.Approve.class,
          ApprovalCommands.Reject.class,
          ApprovalCommands.Complete.class,
          HumanTaskCommands.Reassign.class,
          HumanTaskCommands.RefreshOwners.class,
          HumanTaskCommands.UpdateData.class,
          TaskOperationCommands.StopTask.class,
          TaskOperationCommands.Delegate.class,
          TaskOperationCommands.Resolve.class,
          TaskOperationCommands.Forward.class,
          TaskOperationCommands.Nominate.class,
          TaskOperationCommands.Skip.class,
          TaskOperationCommands.SetPriority.class,
          TaskOperationCommands.Comment.class,
          TaskOperationCommands.SetFollowUp.class,
          ApprovalCommands.Abort.class,
          Queries.Status.class,
          Queries.Timers.class,
          Queries.Plan.class,
          Queries.History.class,
          Queries.Result.class,
          ListCommand.class,
          EditionsCommand.class,
          CodecServerCommand.class,
          WarmUp.class,
          AutoComplete.GenerateCompletion.class,
          CommandLine.HelpCommand.class);

  /** Commands that never talk to the Temporal server. */
  private static final List<Class<?>> OFFLINE =
      List.of(
          ValidateCommand.class, ImportBpmnCommand.class, CodecServerCommand.class,
          AutoComplete.GenerateCompletion.class,
          CommandLine.HelpCommand.class);

  /** Adds to {@code root} the subcommands {@code args} need; all of them when {@code args} is null. */
  static void add(CommandLine root, String[] args) {
    if (args != null && (List.of(args).equals(List.of("--version")) || List.of(args).equals(List.of("-V")))) {
      return; // the version needs none
    }
    String invoked = args == null ? null : invoked(root, args);
    if (COMPLETION.equals(invoked)) {
      invoked = null; // the completion script completes every command
    }
    for (Class<?> command : ALL) {
      if (invoked == null || invoked.equals(name(command))) {
        root.addSubcommand(command);
      }
    }
  }

  /**
   * The subcommand {@code args} run: their first word that is not a root option or its value,
   * when it names one other than help; else null.
   */
  static String invoked(CommandLine root, String[] args) {
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--")) {
        return null;
      }
      if (arg.startsWith("-")) {
        OptionSpec option = root.getCommandSpec().findOption(arg.split("=", 2)[0]);
        if (option != null && !arg.contains("=") && option.arity().max() > 0) {
          i++; // its value, which may look like a command name
        }
        continue;
      }
      return ALL.stream().map(Commands::name).anyMatch(arg::equals) && !arg.equals("help") ? arg : null;
    }
    return null;
  }

  /**
   * Whether {@code args} likely run a command that talks to the Temporal server: their first word
   * that names a command, other than help, names one that does. A guess made before picocli has
   * read them (a value that happens to be such a name costs only a connection made and closed
   * unused), so that the connection is made meanwhile.
   */
  static boolean connects(String[] args) {
    return Arrays.stream(args)
        .flatMap(word -> ALL.stream().filter(command -> name(command).equals(word)))
        .filter(command -> command != CommandLine.HelpCommand.class)
        .findFirst()
        .map(command -> !OFFLINE.contains(command))
        .orElse(false);
  }

  /** picocli's completion script generator: {@code source <(overdue generate-completion)}. */
  static final String COMPLETION = name(AutoComplete.GenerateCompletion.class);

  private static String name(Class<?> command) {
    return command.getAnnotation(Command.class).name();
  }
}
