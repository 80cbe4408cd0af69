package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.overdue.client.PlainSyntaxErrors;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads a request file into the one JSON tree the workflow takes. YAML is only another spelling of
 * that tree: it is turned into JSON here and then validated exactly as a JSON file is, so an unknown
 * field is refused naming it whichever the file was written in.
 *
 * <p>A top-level {@code $schema} key, which editors read, is dropped.
 *
 * <p>Both readers are stricter than Jackson's defaults about what a typo in a hand-written file
 * looks like: a key given twice (the first silently lost) and anything after the request (a second
 * YAML document, a stray JSON value) are refused rather than ignored.
 */
final class RequestFiles {
  private RequestFiles() {}

  enum Format {
    JSON("JSON", "a JSON value"),
    YAML("YAML", "a YAML document");

    final String label;
    final String oneValue;

    Format(String label, String oneValue) {
      this.label = label;
      this.oneValue = oneValue;
    }
  }

  /** The key that names a file's JSON Schema for editors. */
  static final String SCHEMA_KEY = "$schema";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());

  private static final ObjectMapper YAML =
      new ObjectMapper(
          YAMLFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());

  /** The format a file's name says: {@code .yaml} and {@code .yml} are YAML, anything else JSON. */
  static Format formatOf(String file) {
    String name = file.toLowerCase(Locale.ROOT);
    return name.endsWith(".yaml") || name.endsWith(".yml") ? Format.YAML : Format.JSON;
  }

  /**
   * The request in {@code file} ({@code -}: standard input, JSON or YAML), as a JSON tree.
   *
   * @throws CliError (refused) naming the file and what is wrong with it
   */
  static JsonNode read(String file, InputStream stdin) {
    boolean standardInput = "-".equals(file);
    String source = standardInput ? "standard input" : file;
    String text;
    try {
      text =
          standardInput
              ? new String(stdin.readAllBytes(), StandardCharsets.UTF_8)
              : Files.readString(Path.of(file));
    } catch (NoSuchFileException e) {
      throw new CliError(ExitCodes.REFUSED, "cannot read " + file + ": no such file");
    } catch (IOException e) {
      throw new CliError(ExitCodes.REFUSED, "cannot read " + file + ": " + e.getMessage());
    }
    JsonNode tree = standardInput ? parseEither(text, source) : parse(text, source, formatOf(file));
    if (tree instanceof ObjectNode object) {
      // Editors find a JSON file's schema by its "$schema" key (docs/schema); it is not part of
      // the request, which refuses unknown fields.
      object.remove(SCHEMA_KEY);
    }
    return tree;
  }

  /**
   * JSON first, then YAML (which reads most JSON too, but says less helpful things about broken
   * JSON): when neither reads it, the error of the format the text looks like.
   */
  static JsonNode parseEither(String text, String source) {
    try {
      return parse(text, source, Format.JSON);
    } catch (CliError notJson) {
      try {
        return parse(text, source, Format.YAML);
      } catch (CliError notYaml) {
        String start = text.stripLeading();
        throw start.startsWith("{") || start.startsWith("[") ? notJson : notYaml;
      }
    }
  }

  static JsonNode parse(String text, String source, Format format) {
    ObjectMapper mapper = format == Format.YAML ? YAML : JSON;
    try (JsonParser parser = mapper.createParser(text)) {
      JsonNode tree = mapper.readTree(parser);
      if (tree == null || tree.isMissingNode() || tree.isNull()) {
        throw new CliError(ExitCodes.REFUSED, source + " holds no request: it is empty");
      }
      JsonToken more = parser.nextToken();
      if (more != null) {
        throw new CliError(
            ExitCodes.REFUSED,
            source
                + " holds more than one request"
                + where(parser.currentLocation())
                + ": it must be exactly "
                + format.oneValue
                + ", one object");
      }
      return tree;
    } catch (JsonProcessingException e) {
      throw new CliError(
          ExitCodes.REFUSED,
          source + " is not valid " + format.label + ": " + PlainSyntaxErrors.describe(e, text));
    } catch (IOException e) {
      throw new CliError(ExitCodes.REFUSED, "cannot read " + source + ": " + e.getMessage());
    }
  }

  private static String where(JsonLocation location) {
    return location == null || location.getLineNr() < 1
        ? ""
        : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
  }
}
