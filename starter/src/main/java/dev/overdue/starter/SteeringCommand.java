package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.CommandResult;
import dev.overdue.api.Declarations;
import dev.overdue.api.Declared;
import dev.overdue.api.Input;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A command that steers a running approval, one subcommand per {@link ApprovalCommand}, built from
 * its {@link Declared} declaration with picocli's programmatic API: its name, help, and an option
 * (or positional) per field. It becomes the contract's record, sent as an Update (the workflow
 * checks it and answers, a refusal changes nothing) or, with {@code --signal}, as a Signal (fire
 * and forget; a refusal shows only in the history). With {@code --query} instead of an ID, the
 * command goes to every running approval a list filter selects ({@link Bulk}): its other
 * positionals keep their places, see {@link Bulk.QueryInsteadOfId}.
 */
@Command(preprocessor = Bulk.QueryInsteadOfId.class, mixinStandardHelpOptions = true)
final class SteeringCommand extends CliCommand {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "ID",
      description = "The request id (PO-4711) or the workflow id (approval-PO-4711); or --query instead.")
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

  /** The command this subcommand sends. */
  private final Class<? extends ApprovalCommand> type;

  /** The option or positional of each of its fields, by the field's name. */
  private final Map<String, ArgSpec> fields = new HashMap<>();

  private SteeringCommand(Class<? extends ApprovalCommand> type) {
    this.type = type;
  }

  /** The subcommand for command {@code type}, as its declaration describes it. */
  static CommandLine of(Class<? extends ApprovalCommand> type) {
    Declared declared = Declarations.of(type);
    SteeringCommand command = new SteeringCommand(type);
    CommandSpec spec = CommandSpec.forAnnotatedObject(command).name(declared.cli());
    spec.usageMessage().description(declared.summary());
    List<String> oneOf = List.of(declared.oneOf());
    ArgGroupSpec.Builder exactlyOne = ArgGroupSpec.builder().exclusive(true).multiplicity("1");
    int positional = 1; // after the ID
    for (RecordComponent field : Declarations.fields(type)) {
      Input input = Declarations.input(field);
      if (input.positional()) {
        PositionalParamSpec arg =
            PositionalParamSpec.builder()
                .index(String.valueOf(positional++))
                .paramLabel(input.label())
                .description(input.help())
                .type(field.getType())
                .build();
        spec.addPositional(arg);
        command.fields.put(field.getName(), arg);
        continue;
      }
      OptionSpec.Builder option =
          OptionSpec.builder(option(field))
              .paramLabel(input.label())
              .description(input.help().isEmpty() ? new String[0] : new String[] {input.help()})
              // a signed command's subject is its user: checked when it runs, not by picocli
              .required(input.required() && !Declarations.isSender(field))
              .type(field.getType());
      if (field.getType() == List.class) {
        option.auxiliaryTypes(String.class).splitRegex(",");
      } else if (field.getType() == Map.class) {
        option.type(String.class); // JSON, or @FILE: read when the command runs
      }
      OptionSpec arg = option.build();
      if (oneOf.contains(field.getName())) {
        exactlyOne.addArg(arg);
      } else {
        spec.addOption(arg);
      }
      command.fields.put(field.getName(), arg);
    }
    if (!oneOf.isEmpty()) {
      spec.addArgGroup(exactlyOne.build());
    }
    return new CommandLine(spec);
  }

  /** The option of {@code field}: {@code --} and its name in kebab case, unless declared otherwise. */
  static String option(RecordComponent field) {
    String declared = Declarations.input(field).option();
    return declared.isEmpty()
        ? "--" + field.getName().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT)
        : declared;
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

  /** The command the options describe. */
  ApprovalCommand command() {
    return Declarations.bind(type, field -> value(field, fields.get(field.getName())));
  }

  private Object value(RecordComponent field, ArgSpec arg) {
    if (field.getType() == Map.class) {
      return JsonObjectOption.read(arg.getValue(), ((OptionSpec) arg).longestName(), spec.commandLine());
    }
    return arg.getValue();
  }

  /** The command's {@code user}, required unless the command is signed (the token's subject). */
  private boolean userRequired() {
    return Declarations.fields(type).stream()
        .anyMatch(field -> Declarations.isSender(field) && Declarations.input(field).required());
  }

  @Override
  void execute() throws InterruptedException, JsonProcessingException {
    String misuse =
        Bulk.misuse(bulk, signal, spec.commandLine().getParseResult().hasMatchedOption(Bulk.CONCURRENCY));
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
              "sent " + command.name() + " to " + Approvals.workflowId(id) + " as a signal; the workflow"
                  + " checks it on arrival: see `" + printer().command() + " history " + id + "`");
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

  /**
   * The workflow's reason for refusing the command, as the command line says it: how to give a
   * decision's missing form fields with {@code --task-output}.
   */
  private String refusal(String reason) {
    OptionSpec output = spec.findOption("--task-output");
    return output == null ? reason : TaskOutputHint.added(reason, output.getValue() != null);
  }

  /** What {@code -o json} prints for a command sent as a Signal: nothing is known of its fate. */
  record Sent(String command, String workflowId, String sentAs) {}
}
