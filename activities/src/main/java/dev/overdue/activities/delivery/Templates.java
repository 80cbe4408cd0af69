package dev.overdue.activities.delivery;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.MustacheException;
import com.samskivert.mustache.Template;
import dev.overdue.activities.settings.Person;
import dev.overdue.activities.settings.TemplateSettings;
import dev.overdue.workflow.activities.MessageContext;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Subjects and bodies, rendered by Mustache over {@code request}, {@code data}, {@code step},
 * {@code timer}, {@code recipient}, {@code event}, {@code by} (the user whose command caused it),
 * {@code task} (a listener's event) and {@code links} (into the web inbox, when the worker knows
 * it: {@link InboxLinks}). Plain text: nothing is HTML-escaped, and a
 * name the context lacks renders as nothing rather than failing a delivery.
 */
public final class Templates {
  private static final Mustache.Compiler COMPILER =
      Mustache.compiler().escapeHTML(false).defaultValue("").emptyStringIsFalse(true);

  /** A subject and a body, compiled. */
  private record Pair(Template subject, Template body) {}

  private final Map<NotificationEvent, Pair> defaults = new EnumMap<>(NotificationEvent.class);

  /** Overdue's defaults, each replaced where {@code overrides} (keyed by event key) says. */
  public Templates(Map<String, TemplateSettings> overrides) {
    for (NotificationEvent event : NotificationEvent.values()) {
      TemplateSettings override = overrides.get(event.key());
      String subject = override != null && override.subject() != null ? override.subject() : resource(event, "subject");
      String body = override != null && override.body() != null ? override.body() : resource(event, "body");
      defaults.put(event, new Pair(compile("templates." + event.key() + ".subject", subject),
          compile("templates." + event.key() + ".body", body)));
    }
  }

  /** The subject line: the request's template, else the event's; one line, trimmed. */
  public String subject(NotificationEvent event, String template, Map<String, Object> scope) {
    Template compiled = template != null ? compile("subject", template) : defaults.get(event).subject();
    return compiled.execute(scope).strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
  }

  public String body(NotificationEvent event, String template, Map<String, Object> scope) {
    Template compiled = template != null ? compile("message", template) : defaults.get(event).body();
    return compiled.execute(scope).strip() + "\n";
  }

  /** The names a template sees, without links. */
  public static Map<String, Object> scope(
      NotificationEvent event, Recipient recipient, Person person, MessageContext context) {
    return scope(event, recipient, person, context, null);
  }

  /** The names a template sees; {@code links} null when no inbox is configured. */
  public static Map<String, Object> scope(
      NotificationEvent event, Recipient recipient, Person person, MessageContext context, InboxLinks links) {
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("id", context.requestId());
    request.put("title", context.title() == null ? context.requestId() : context.title());
    request.put("requester", context.requester());
    request.put("workflowId", context.workflowId());
    Map<String, Object> timer = new LinkedHashMap<>();
    timer.put("name", context.timer());
    timer.put("firing", context.firing());
    timer.put("expiresAt", context.expiresAt());
    timer.put("expiredAt", context.expiredAt());
    Map<String, Object> to = new LinkedHashMap<>();
    to.put("name", recipient.name());
    to.put("displayName", person != null && person.name() != null ? person.name() : recipient.name());
    to.put("channel", recipient.channel().label());
    to.put("email", person != null ? person.email() : recipient.channel() == Recipient.Channel.EMAIL ? recipient.address() : null);
    Map<String, Object> scope = new HashMap<>();
    scope.put("event", event.key());
    scope.put("request", request);
    scope.put("data", context.data());
    scope.put("timer", timer);
    scope.put("recipient", to);
    if (context.by() != null) {
      scope.put("by", context.by());
    }
    if (context.taskEvent() != null) {
      scope.put("task", Map.of("event", context.taskEvent(), "happened", happened(context.taskEvent())));
    }
    if (context.step() != null) {
      Map<String, Object> step = new LinkedHashMap<>();
      step.put("name", context.step());
      step.put("title", context.stepTitle() == null ? context.step() : context.stepTitle());
      if (context.stepPriority() != null) {
        step.put("priority", context.stepPriority());
      }
      if (context.stepOwner() != null) {
        step.put("owner", context.stepOwner());
      }
      scope.put("step", step);
    }
    Map<String, Object> inbox = links == null ? null : links.scope(event, recipient, context);
    if (inbox != null) {
      scope.put("links", inbox);
    }
    return scope;
  }

  /** What a task event says in a sentence: "the task ... was created", "... passed a deadline". */
  static String happened(String taskEvent) {
    return switch (taskEvent) {
      case "deleted" -> "ended undecided";
      case "timeout" -> "passed a deadline";
      case "assigned" -> "got an owner";
      default -> "was " + taskEvent;
    };
  }

  private static Template compile(String what, String text) {
    try {
      return COMPILER.compile(text);
    } catch (MustacheException | IndexOutOfBoundsException e) {
      // jmustache 1.16 fails on an empty tag ("{{}}", "{{ }}") with an index error.
      throw new IllegalArgumentException(what + ": not a valid Mustache template: " + e.getMessage(), e);
    }
  }

  private static String resource(NotificationEvent event, String part) {
    String name = event.key() + "." + part + ".mustache";
    try (InputStream in = Templates.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing default template " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
