package dev.overdue.starter;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Where the options of {@code overdue} itself ({@code --task-queue}, {@code --answer-timeout}) show
 * in a subcommand: picocli copies them into every subcommand, so that they work after the command's
 * name too. In each help they get a section of their own after the command's options, and commands
 * that never call Temporal ({@code codec-server}, {@code help}) drop them. The connection flags and
 * the token's ({@code --token}, {@code --token-command}) are hidden there, each set named in one
 * line that points at {@code overdue --help}.
 */
final class CommonOptions {
  static final String HEADING = "%nFor every command, before or after its name:%n";
  static final String CONNECTION_HEADING =
      "%nConnection, for every command, as in the temporal CLI (a flag wins over its variable):%n";
  static final String CONNECTION_LINE =
      "  --address, -n/--namespace, --profile, --config-file, --api-key, --tls*,"
          + System.lineSeparator()
          + "  --grpc-meta: see 'overdue --help'";
  static final String SIGNING_HEADING = "%nSigned commands (a flag wins over its variable):%n";
  static final String SIGNING_LINE =
      "  --token, --token-command (OVERDUE_TOKEN, OVERDUE_TOKEN_COMMAND): who sends"
          + System.lineSeparator()
          + "  the command, for the worker to check: see 'overdue --help'";

  private CommonOptions() {}

  static void arrange(CommandLine root) {
    root.getHelpSectionMap()
        .put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, CommonOptions::renderRoot);
    for (CommandLine command : root.getSubcommands().values()) {
      List<ArgSpec> inherited =
          command.getCommandSpec().args().stream().filter(ArgSpec::inherited).toList();
      if (inherited.isEmpty()) {
        continue;
      }
      if (!(command.getCommandSpec().userObject() instanceof CliCommand)) {
        inherited.forEach(command.getCommandSpec()::remove);
        continue;
      }
      // Fifteen connection flags in every command's synopsis would bury its own options: they
      // stay usable there, hidden, and its help names them in one line; the token's the same.
      for (ArgSpec arg : inherited) {
        if (arg instanceof OptionSpec option && (connection(option) || signing(option))) {
          command.getCommandSpec().remove(option);
          command.getCommandSpec().addOption(option.toBuilder().hidden(true).build());
        }
      }
      command
          .getHelpSectionMap()
          .put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, CommonOptions::render);
    }
  }

  /**
   * picocli's option list (options in groups with a heading in their own sections), without the
   * inherited options, which follow under {@link #HEADING}.
   */
  private static String render(Help help) {
    List<OptionSpec> options = help.commandSpec().options();
    List<OptionSpec> own =
        options.stream()
            .filter(option -> !option.inherited() && !option.hidden() && !inHeadedGroup(option))
            .toList();
    List<OptionSpec> common =
        options.stream()
            .filter(
                option ->
                    option.inherited() && !option.hidden() && !connection(option) && !signing(option))
            .toList();
    // Only the steering commands send a token; the others take the flags and ignore them.
    boolean signed = help.commandSpec().userObject() instanceof SteeringCommand;
    return help.optionListExcludingGroups(own)
        + help.optionListGroupSections()
        + help.createHeading(HEADING)
        + help.optionListExcludingGroups(common)
        + (signed ? help.createHeading(SIGNING_HEADING) + SIGNING_LINE + System.lineSeparator() : "")
        + help.createHeading(CONNECTION_HEADING)
        + CONNECTION_LINE
        + System.lineSeparator();
  }

  /**
   * {@code overdue --help}: its own options, then the token's and the connection's, each under a
   * heading of their own.
   */
  private static String renderRoot(Help help) {
    List<OptionSpec> options = help.commandSpec().options();
    return help.optionListExcludingGroups(
            options.stream().filter(o -> !connection(o) && !signing(o)).toList())
        + help.createHeading(SIGNING_HEADING)
        + help.optionListExcludingGroups(options.stream().filter(CommonOptions::signing).toList())
        + help.createHeading(CONNECTION_HEADING)
        + help.optionListExcludingGroups(options.stream().filter(CommonOptions::connection).toList());
  }

  private static boolean connection(OptionSpec option) {
    return ConnectionOptions.NAMES.contains(option.longestName());
  }

  private static boolean signing(OptionSpec option) {
    return TokenOptions.NAMES.contains(option.longestName());
  }

  private static boolean inHeadedGroup(OptionSpec option) {
    for (ArgGroupSpec group = option.group(); group != null; group = group.parentGroup()) {
      if (group.heading() != null) {
        return true;
      }
    }
    return false;
  }
}
