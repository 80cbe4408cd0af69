package dev.overdue.inbox.requests;

import dev.overdue.inbox.InboxSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The request types of {@code overdue.inbox.request-types}, read once at the start: a file that is
 * no request type stops the inbox with the file and the reason, rather than vanishing from the
 * page. What is in a request beyond its shape (steps, approvers, the data form's rules) the
 * workflow checks when one is started, and the page shows its refusal.
 */
@Component
public class RequestTypes {
  private static final ObjectMapper JSON = JsonMapper.builder().build();
  /** A type's name is part of an address; an id prefix, of every request id. */
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");
  private static final Pattern PREFIX = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,39}");

  private final List<RequestType> types;

  RequestTypes(InboxSettings settings) {
    this.types = settings.requestTypes() == null ? List.of() : read(settings.requestTypes());
  }

  public List<RequestType> all() {
    return types;
  }

  public Optional<RequestType> named(String name) {
    return types.stream().filter(type -> type.name().equals(name)).findFirst();
  }

  /** The request types of {@code directory}'s JSON files, in their names' order. */
  /** The type whose numbers {@code id} has, when the inbox numbered it. */
  public Optional<RequestType> numbering(String id) {
    return types.stream().filter(type -> type.madeIt(id)).findFirst();
  }

  public static List<RequestType> read(Path directory) {
    if (!Files.isDirectory(directory)) {
      throw new IllegalStateException("overdue.inbox.request-types (OVERDUE_INBOX_REQUEST_TYPES): "
          + directory.toAbsolutePath() + " is not a directory");
    }
    List<RequestType> types = new ArrayList<>();
    try (Stream<Path> files = Files.list(directory)) {
      for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
        types.add(type(file));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.copyOf(types);
  }

  private static RequestType type(Path file) {
    String fileName = file.getFileName().toString();
    String name = fileName.substring(0, fileName.length() - ".json".length());
    JsonNode json;
    try {
      json = JSON.readTree(file.toFile());
    } catch (JacksonException e) {
      throw wrong(file, "not JSON: " + e.getOriginalMessage());
    }
    if (!NAME.matcher(name).matches()) {
      throw wrong(file, "its name is no type name: letters, digits, _ and - (at most 64), then .json");
    }
    if (!(json instanceof ObjectNode template)) {
      throw wrong(file, "must be one JSON object, an Overdue request");
    }
    for (String given : List.of("requestId", "requester")) {
      if (template.has(given)) {
        throw wrong(file, given + " is given by the inbox for each request: leave it out");
      }
    }
    if (!template.path("title").isString() || template.path("title").asString().isBlank()) {
      throw wrong(file, "title: required, the request's title, which the requester may change");
    }
    JsonNode prefix = template.remove("idPrefix");
    String idPrefix = prefix == null ? defaultPrefix(name) : prefix.asString("");
    if (!PREFIX.matcher(idPrefix).matches()) {
      throw wrong(file, "idPrefix: letters, digits, _ and - (at most 40), got " + prefix);
    }
    return new RequestType(name, idPrefix, template);
  }

  /**
   * A type without {@code idPrefix}: the first three letters of its name's first word, in capitals
   * ({@code invoice-approval}: INV), so a number stays short enough to read out.
   */
  static String defaultPrefix(String name) {
    String word = java.util.Arrays.stream(name.split("[-_]+")).filter(w -> !w.isEmpty()).findFirst().orElse("REQ");
    return word.substring(0, Math.min(3, word.length())).toUpperCase(Locale.ROOT);
  }

  private static IllegalStateException wrong(Path file, String reason) {
    return new IllegalStateException("request type " + file.toAbsolutePath() + ": " + reason);
  }
}
