package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * What a command shows the user: tables and sentences or JSON on stdout ({@code -o}), errors,
 * hints and progress on stderr. A mixin of the root, which hands it to every command.
 */
final class Printer {
  /** Pretty-printed JSON for {@code -o json}. */
  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** Where the launcher (bin/overdue) says what it was run as. */
  static final String COMMAND_VARIABLE = "OVERDUE_COMMAND";

  /** The root: main and the tests give it the streams. */
  @Spec(Spec.Target.MIXEE)
  CommandSpec root;

  // INHERIT: before or after the subcommand's name; either way picocli sets the field here.
  @Option(
      names = {"-o", "--output"},
      scope = ScopeType.INHERIT,
      paramLabel = "FORMAT",
      defaultValue = "table",
      converter = Output.Converter.class,
      description = "table (default) or json: what every command prints on stdout.")
  Output output;

  private final String command;

  /** With {@code environment} for OVERDUE_COMMAND, the process's or a test's. */
  Printer(Map<String, String> environment) {
    this.command = command(environment.get(COMMAND_VARIABLE));
  }

  PrintWriter out() {
    return root.commandLine().getOut();
  }

  PrintWriter err() {
    return root.commandLine().getErr();
  }

  /** True when stdout gets JSON rather than tables and sentences ({@code -o json}). */
  boolean json() {
    return output == Output.JSON;
  }

  /**
   * Where a command that ends with a document says what it does meanwhile: stdout, or with {@code
   * -o json} stderr, as stdout is the document's.
   */
  PrintWriter sentences() {
    return json() ? err() : out();
  }

  /** {@code value} as indented JSON on stdout. */
  void printJson(Object value) throws JsonProcessingException {
    out().println(JSON.writeValueAsString(value));
  }

  /**
   * The CLI as the user runs it ({@code bin/overdue}, {@code overdue}), for the commands hints
   * suggest: what the launcher says, else {@code overdue}; quoted when a shell would split it.
   */
  String command() {
    return command;
  }

  private static String command(String launched) {
    if (launched == null || launched.isBlank()) {
      return "overdue";
    }
    return launched.matches("[\\w./~+-]+") ? launched : "'" + launched.replace("'", "'\\''") + "'";
  }

  /** A progress line on stderr from the start ({@link ProgressLine#start}). */
  ProgressLine progress(Supplier<String> status) {
    return ProgressLine.start(err(), status);
  }

  /** A progress line on stderr once the command is slow ({@link ProgressLine#whenSlow}). */
  ProgressLine progressWhenSlow(Supplier<String> status) {
    return ProgressLine.whenSlow(err(), status);
  }

  /**
   * A usage error as one line, a guess at what was meant and a pointer to {@code --help}, rather
   * than the whole usage; without any of {@code secrets}, the tokens the command line gave.
   */
  int usageError(CommandLine.ParameterException e, List<String> secrets) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    // "overdue approve" as the user runs it: "bin/overdue approve".
    String qualified = command.getCommandSpec().qualifiedName();
    String name = command() + qualified.substring(command.getCommandSpec().root().name().length());
    String unmatched =
        e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()
            ? u.getUnmatched().get(0)
            : null;
    boolean unknownCommand =
        unmatched != null && !unmatched.startsWith("-") && !command.getSubcommands().isEmpty();
    // picocli says "Unmatched arguments from index 0: 'aprove', 'PO-1'" for a mistyped command;
    // and quotes what it could not place: a mistyped --token's value, say.
    err.println(
        unknownCommand
            ? "Unknown command: '" + TokenOptions.redact(unmatched, secrets) + "'"
            : TokenOptions.redact(e.getMessage(), secrets));
    List<String> meant = List.of();
    if (unknownCommand) {
      meant =
          Typos.closest(unmatched, command.getSubcommands().keySet()).stream()
              .map(subcommand -> name + " " + subcommand)
              .toList();
    } else if (unmatched != null && unmatched.startsWith("--")) {
      List<String> options =
          command.getCommandSpec().options().stream()
              .map(CommandLine.Model.OptionSpec::longestName)
              .filter(option -> option.startsWith("--"))
              .toList();
      meant = Typos.closest(unmatched.split("=", 2)[0], options);
    }
    if (!meant.isEmpty()) {
      err.println("Did you mean: " + String.join(" or ", meant) + "?");
    }
    err.println("Try '" + name + " --help' for more information.");
    return ExitCodes.USAGE;
  }
}
