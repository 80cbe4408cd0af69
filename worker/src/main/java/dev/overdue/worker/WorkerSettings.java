package dev.overdue.worker;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.PropertyBindingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.activities.settings.TemplateSettings;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.workflow.activities.NotificationEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The worker's own configuration file (YAML or JSON): {@code notifications}, {@code directory}
 * (inline, or the path of a YAML/JSON file of its own), {@code calendar} (the business calendar
 * working time is counted in; null when the file has none), {@code logging} (the log lines'
 * format and levels per logger) and {@code auth} (signed commands: {@link AuthSettings}; a JWKS
 * file's path is read from the settings file's directory). Any string may be {@code ${ENV_VAR}} or
 * {@code ${ENV_VAR:-default}} (the default also when the variable is empty, as in the shell), so
 * secrets can stay in the environment. Everything is checked at load: a typo fails the worker's
 * start with the path of the bad value, never a delivery later.
 */
public record WorkerSettings(
    NotificationSettings notifications,
    Directory directory,
    CalendarSettings calendar,
    LoggingSettings logging,
    AuthSettings auth) {
  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?}");

  public WorkerSettings {
    notifications = notifications == null ? NotificationSettings.defaults() : notifications;
    directory = directory == null ? Directory.EMPTY : directory;
    logging = logging == null ? LoggingSettings.defaults() : logging;
    auth = auth == null ? AuthSettings.none() : auth;
  }

  /** Settings without an auth section. */
  public WorkerSettings(
      NotificationSettings notifications, Directory directory, CalendarSettings calendar, LoggingSettings logging) {
    this(notifications, directory, calendar, logging, null);
  }

  /** Settings without a logging section. */
  public WorkerSettings(NotificationSettings notifications, Directory directory, CalendarSettings calendar) {
    this(notifications, directory, calendar, null);
  }

  /** Settings without a calendar section. */
  public WorkerSettings(NotificationSettings notifications, Directory directory) {
    this(notifications, directory, null);
  }

  public static WorkerSettings defaults() {
    return new WorkerSettings(null, null, null, null, null);
  }

  /** The calendar section, or {@link CalendarSettings#officeHours()} when there is none. */
  public CalendarSettings calendarOrDefault() {
    return calendar == null ? CalendarSettings.officeHours() : calendar;
  }

  /** The same settings with other notification settings, keeping the directory and calendar. */
  public WorkerSettings withNotifications(NotificationSettings newNotifications) {
    return new WorkerSettings(newNotifications, directory, calendar, logging, auth);
  }

  /** Thrown with every problem of a settings file, each with where it is. */
  public static final class InvalidSettings extends RuntimeException {
    public InvalidSettings(String message) {
      super(message);
    }
  }

  public static WorkerSettings load(Path file) {
    return load(file, System::getenv);
  }

  public static WorkerSettings load(Path file, Function<String, String> environment) {
    JsonNode root = read(file, environment);
    // Files the settings name are read from the settings file's directory.
    Path beside = file.toAbsolutePath().getParent();
    if (root.isObject() && root.path("directory").isTextual()) {
      Path directoryFile = beside.resolve(root.get("directory").asText());
      ((ObjectNode) root).set("directory", read(directoryFile, environment));
    }
    for (JsonNode issuer : root.path("auth").path("issuers")) {
      JsonNode jwks = issuer.path("jwks");
      if (issuer.isObject() && jwks.isTextual() && !jwks.asText().contains(":")) {
        ((ObjectNode) issuer).put("jwks", beside.resolve(jwks.asText()).toString());
      }
    }
    WorkerSettings settings;
    try {
      settings = YAML.treeToValue(root, WorkerSettings.class);
    } catch (JsonProcessingException e) {
      throw new InvalidSettings(file + ": " + describe(e));
    }
    List<String> problems = settings.problems();
    if (!problems.isEmpty()) {
      throw new InvalidSettings(file + ":\n  " + String.join("\n  ", problems));
    }
    return settings;
  }

  /** The directory file {@code settingsFile} names, when its directory is a file of its own rather than inline. */
  public static Optional<Path> directoryFile(Path settingsFile, Function<String, String> environment) {
    JsonNode root = read(settingsFile, environment);
    return root.path("directory").isTextual()
        ? Optional.of(settingsFile.toAbsolutePath().getParent().resolve(root.get("directory").asText()))
        : Optional.empty();
  }

  /** A directory file read and checked as {@link #load} reads it, against the webhook endpoints that exist. */
  public static Directory readDirectory(Path file, Set<String> webhooks, Function<String, String> environment) {
    Directory directory;
    try {
      directory = YAML.treeToValue(read(file, environment), Directory.class);
    } catch (JsonProcessingException e) {
      throw new InvalidSettings(file + ": " + describe(e));
    }
    List<String> problems = directory == null ? List.of() : directory.problems(webhooks);
    if (!problems.isEmpty()) {
      throw new InvalidSettings(file + ":\n  " + String.join("\n  ", problems));
    }
    return directory == null ? Directory.EMPTY : directory;
  }

  /** Cross-checks that no single record can make: directory against endpoints, template names. */
  public List<String> problems() {
    List<String> problems = new ArrayList<>(directory.problems(notifications.webhooks().keySet()));
    List<String> events = Arrays.stream(NotificationEvent.values()).map(NotificationEvent::key).toList();
    for (Map.Entry<String, TemplateSettings> template : notifications.templates().entrySet()) {
      if (!events.contains(template.getKey())) {
        problems.add("notifications.templates." + template.getKey() + ": not an event; use one of "
            + String.join(", ", events));
      }
    }
    return problems;
  }

  private static JsonNode read(Path file, Function<String, String> environment) {
    JsonNode root;
    try {
      root = YAML.readTree(Files.readString(file));
    } catch (NoSuchFileException e) {
      throw new InvalidSettings(file + ": no such file");
    } catch (JsonProcessingException e) {
      throw new InvalidSettings(file + ": not YAML or JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new InvalidSettings(file + ": cannot read it: " + e.getMessage());
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      return YAML.createObjectNode();
    }
    List<String> missing = new ArrayList<>();
    JsonNode substituted = substitute(root, environment, "", missing);
    if (!missing.isEmpty()) {
      throw new InvalidSettings(file + ":\n  " + String.join("\n  ", missing));
    }
    return substituted;
  }

  private static JsonNode substitute(
      JsonNode node, Function<String, String> environment, String at, List<String> missing) {
    if (node.isTextual()) {
      return TextNode.valueOf(expand(node.asText(), environment, at, missing));
    }
    if (node.isObject()) {
      ObjectNode copy = YAML.createObjectNode();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        copy.set(field.getKey(), substitute(field.getValue(), environment, join(at, field.getKey()), missing));
      }
      return copy;
    }
    if (node.isArray()) {
      var copy = YAML.createArrayNode();
      for (int i = 0; i < node.size(); i++) {
        copy.add(substitute(node.get(i), environment, at + "[" + i + "]", missing));
      }
      return copy;
    }
    return node;
  }

  /**
   * {@code value} with each {@code ${ENV_VAR}} or {@code ${ENV_VAR:-default}} replaced, as in a
   * settings file: for settings given on the command line or in one environment variable (a
   * store URL whose password sits in another). {@code what} names the setting in the error.
   */
  public static String expand(String value, String what, Function<String, String> environment) {
    List<String> missing = new ArrayList<>();
    String expanded = expand(value, environment, what, missing);
    if (!missing.isEmpty()) {
      throw new InvalidSettings(String.join("; ", missing));
    }
    return expanded;
  }

  private static String expand(
      String value, Function<String, String> environment, String at, List<String> missing) {
    Matcher matcher = VARIABLE.matcher(value);
    StringBuilder text = new StringBuilder();
    while (matcher.find()) {
      String found = environment.apply(matcher.group(1));
      if (found == null || (found.isEmpty() && matcher.group(3) != null)) {
        found = matcher.group(3);
      }
      if (found == null) {
        missing.add(at + ": environment variable " + matcher.group(1) + " is not set");
        found = "";
      }
      matcher.appendReplacement(text, Matcher.quoteReplacement(found));
    }
    matcher.appendTail(text);
    return text.toString();
  }

  /** "notifications.email: email.host is required", not Jackson's class names. */
  private static String describe(JsonProcessingException e) {
    String path = "";
    if (e instanceof JsonMappingException mapping) {
      path =
          mapping.getPath().stream()
              .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
              .collect(Collectors.joining("."))
              .replace(".[", "[");
    }
    Throwable cause = e;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    String shape = shapeMismatch(e);
    String reason =
        shape != null
            ? shape
            : cause instanceof IllegalArgumentException
            ? cause.getMessage()
            : e.getOriginalMessage()
                .replaceAll("\\(class [^)]*\\)", "")
                .replaceAll(" *, not marked as ignorable.*", "")
                // `java.lang.Integer` -> Integer: the setting's type, not Java's name for it
                .replaceAll("`(?:[a-z][a-z0-9_]*\\.)+([A-Z][A-Za-z0-9]*)(?:<[^`]*>)?`", "$1");
    return (path.isEmpty() ? "" : path + ": ") + reason;
  }

  /**
   * "must be a list" for a single value where a list belongs ({@code workingDays: MON}), and the
   * like for a section, instead of Jackson's words about creators and constructors.
   */
  private static String shapeMismatch(JsonProcessingException e) {
    if (!(e instanceof MismatchedInputException mismatch) || e instanceof PropertyBindingException
        || mismatch.getTargetType() == null) {
      return null;
    }
    Class<?> target = mismatch.getTargetType();
    boolean scalar = mismatch.getProcessor() instanceof JsonParser parser
        && parser.currentToken() != null && parser.currentToken().isScalarValue();
    if (Collection.class.isAssignableFrom(target) || target.isArray()) {
      return "must be a list, like [a, b]";
    }
    // Every section of the file is a record (a Secret is a single value).
    if (Map.class.isAssignableFrom(target) || target.isRecord()) {
      return "must be a section of fields (name: value), not " + (scalar ? "a single value" : "a list");
    }
    return null;
  }

  private static String join(String at, String key) {
    return at.isEmpty() ? key : at + "." + key;
  }
}
