package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.client.PlainSyntaxErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The commands of human tasks beyond deciding them: who a step is for ({@code reassign}, {@code
 * refresh-owners}) and the approval's data ({@code update-data}); {@link #object} reads the JSON
 * objects they and {@code --task-output} take.
 */
final class HumanTaskCommands {
  private HumanTaskCommands() {}

  /** The end of the description of a {@code --user} a signed command may leave out. */
  static final String UNLESS_SIGNED =
      "required unless signed (--token), whose subject it is when left out.";

  /** The same of a {@code --user} that may always be left out. */
  static final String SIGNED_USER = " Signed (--token): its subject when left out.";

  @Command(
      name = "reassign",
      mixinStandardHelpOptions = true,
      description = {
        "Give the current step to others: users and groups (looked up in the worker's directory) or"
            + " the roles potentialOwners, owner, requester and manager.",
        "The step is offered to them again. Names that stand for nobody leave it with the owners it"
            + " had, and the command is refused saying why. For the requester and the step's"
            + " potential owners."
      })
  static final class Reassign extends ApprovalCommands.SteeringCommand {
    @Option(names = "--user", paramLabel = "USER", description = "Who asks; " + UNLESS_SIGNED)
    String user;

    @Override
    boolean userRequired() {
      return true;
    }

    @Option(
        names = "--to",
        required = true,
        split = ",",
        paramLabel = "NAME",
        description = "The new potential owners, comma-separated (bob,finance).")
    List<String> to;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.Reassign(user, to);
    }
  }

  @Command(
      name = "refresh-owners",
      mixinStandardHelpOptions = true,
      description = {
        "Look the current step's candidate groups up again in the worker's directory, after a"
            + " change there (the worker reads its directory when it starts).",
        "The members found become its potential owners beside its candidate users; whoever"
            + " claimed the step keeps it."
      })
  static final class RefreshOwners extends ApprovalCommands.SteeringCommand {
    @Option(names = "--user", paramLabel = "USER", description = "Who asks: in the history." + SIGNED_USER)
    String user;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.RefreshOwners(user);
    }
  }

  @Command(
      name = "update-data",
      mixinStandardHelpOptions = true,
      description = {
        "Merge a JSON object into the approval's data (JSON Merge Patch, RFC 7396: a field set to"
            + " null is removed), for the requester and the current step's potential owners.",
        "Later conditions, expressions and messages see the new data; `overdue history` shows each"
            + " field's old and new value."
      })
  static final class UpdateData extends ApprovalCommands.SteeringCommand {
    @Option(names = "--user", paramLabel = "USER", description = "Who changes it; " + UNLESS_SIGNED)
    String user;

    @Override
    boolean userRequired() {
      return true;
    }

    @Option(
        names = "--data",
        required = true,
        paramLabel = "JSON",
        description = "A JSON object, or @FILE to read it from a file.")
    String data;

    @Override
    ApprovalCommand command() {
      return new ApprovalCommand.UpdateData(user, object(data, "--data", spec.commandLine()));
    }
  }

  private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};

  /**
   * The JSON object {@code text} holds ({@code @FILE}: the file's), or null for none.
   *
   * @throws CommandLine.ParameterException naming {@code option} when it is not a JSON object
   */
  static Map<String, Object> object(String text, String option, CommandLine commandLine) {
    if (text == null) {
      return null;
    }
    String json = text;
    String source = option;
    if (text.startsWith("@")) {
      source = option + " " + text;
      try {
        json = Files.readString(Path.of(text.substring(1)));
      } catch (IOException e) {
        throw new CommandLine.ParameterException(
            commandLine, option + ": cannot read " + text.substring(1));
      }
    }
    JsonNode tree;
    try (JsonParser parser = Printer.JSON.createParser(json)) {
      tree = Printer.JSON.readTree(parser);
      if (tree != null && parser.nextToken() != null) {
        throw new CommandLine.ParameterException(
            commandLine,
            source + " holds more than one JSON value (from line " + parser.currentLocation().getLineNr()
                + ", column " + parser.currentLocation().getColumnNr() + "): it must be one object");
      }
    } catch (JsonProcessingException e) {
      throw new CommandLine.ParameterException(
          commandLine, source + " is not valid JSON: " + PlainSyntaxErrors.describe(e, json));
    } catch (IOException e) {
      throw new CommandLine.ParameterException(commandLine, option + ": cannot read it: " + e.getMessage());
    }
    if (tree == null || !tree.isObject()) {
      throw new CommandLine.ParameterException(
          commandLine,
          option + " must be a JSON object such as {\"costCentre\": \"4711\"}, got "
              + (tree == null || tree.isMissingNode() ? "nothing" : tree.getNodeType().name().toLowerCase(Locale.ROOT)));
    }
    return Printer.JSON.convertValue(tree, OBJECT);
  }
}
