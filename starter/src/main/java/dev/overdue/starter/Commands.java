package dev.overdue.starter;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.Declarations;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The CLI's subcommands, in the order its help lists them, and which of them a command line
 * needs. picocli builds each command's model when it is added (by reflection, or from the
 * declaration of a steering command), some 150 ms for all of them: a command line that runs one
 * subcommand gets only that one, {@code --version} none; help, a mistyped command and no command
 * get all (they list them or suggest one).
 */
final class Commands {
  private Commands() {}

  /** A subcommand: its name, and the command picocli is given for it (a class, or a built one). */
  record Entry(String name, Supplier<Object> command) {
    static Entry of(Class<?> command) {
      return new Entry(command.getAnnotation(Command.class).name(), () -> command);
    }
  }

  static final List<Entry> ALL = all();

  private static List<Entry> all() {
    List<Entry> all = new ArrayList<>();
    Stream.of(StartCommand.class, ValidateCommand.class, ImportBpmnCommand.class).map(Entry::of).forEach(all::add);
    // The steering commands, one per command of the contract, as it declares them.
    ApprovalCommand.ALL.values().stream()
        .map(type -> new Entry(Declarations.of(type).cli(), () -> SteeringCommand.of(type)))
        .forEach(all::add);
    Stream.of(
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
            CommandLine.HelpCommand.class)
        .map(Entry::of)
        .forEach(all::add);
    return List.copyOf(all);
  }

  /** Commands that never talk to the Temporal server. */
  private static final List<String> OFFLINE =
      Stream.of(
              ValidateCommand.class, ImportBpmnCommand.class, CodecServerCommand.class,
              AutoComplete.GenerateCompletion.class,
              CommandLine.HelpCommand.class)
          .map(command -> Entry.of(command).name())
          .toList();

  /** Adds to {@code root} the subcommands {@code args} need; all of them when {@code args} is null. */
  static void add(CommandLine root, String[] args) {
    if (args != null && (List.of(args).equals(List.of("--version")) || List.of(args).equals(List.of("-V")))) {
      return; // the version needs none
    }
    String invoked = args == null ? null : invoked(root, args);
    if (COMPLETION.equals(invoked)) {
      invoked = null; // the completion script completes every command
    }
    for (Entry command : ALL) {
      if (invoked == null || invoked.equals(command.name())) {
        root.addSubcommand(command.name(), command.command().get());
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
      return ALL.stream().map(Entry::name).anyMatch(arg::equals) && !arg.equals("help") ? arg : null;
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
        .filter(word -> ALL.stream().anyMatch(command -> command.name().equals(word)))
        .filter(word -> !word.equals(HELP))
        .findFirst()
        .map(word -> !OFFLINE.contains(word))
        .orElse(false);
  }

  /** picocli's completion script generator: {@code source <(overdue generate-completion)}. */
  static final String COMPLETION = Entry.of(AutoComplete.GenerateCompletion.class).name();

  private static final String HELP = Entry.of(CommandLine.HelpCommand.class).name();
}
