package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.client.PlainSyntaxErrors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;

/** The JSON objects {@code --data} and {@code --task-output} take, inline or {@code @FILE}. */
final class JsonObjectOption {
  private JsonObjectOption() {}

  private static final TypeReference<Map<String, Object>> OBJECT = new TypeReference<>() {};

  /**
   * The JSON object {@code text} holds ({@code @FILE}: the file's), or null for none.
   *
   * @throws CommandLine.ParameterException naming {@code option} when it is not a JSON object
   */
  static Map<String, Object> read(String text, String option, CommandLine commandLine) {
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
