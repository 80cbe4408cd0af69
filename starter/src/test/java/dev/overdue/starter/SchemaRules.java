package dev.overdue.starter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.activities.settings.EmailSettings;
import dev.overdue.activities.settings.WebhookSettings;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.request.Outcome;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.request.StepForm;
import dev.overdue.model.request.TaskListenerEvent;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.schedule.Cycle;
import dev.overdue.model.task.SeparationOfDuties;
import dev.overdue.model.task.UserTask;
import dev.overdue.worker.AuthSettings;
import dev.overdue.worker.LoggingSettings;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What the records' types do not say about a file, for {@link Schemas}: which fields are required,
 * what each means, and the enums, patterns and limits the validators enforce, taken from their
 * constants and enums where they have them. Keys are {@code Record.component}.
 */
final class SchemaRules {
  /** A time limit as {@code TimeLimit} reads one, or an expression ({@code =data.due}). */
  static final String TIME_LIMIT =
      "^\\s*(?:[Pp](?:\\d+[Ww]|(?:\\d+[Dd])?(?:[Tt](?:\\d+[Hh])?(?:\\d+[Mm])?(?:\\d+(?:[.,]\\d+)?[Ss])?)?)(?: business)?"
          + "|\\d+(?:\\.\\d{1,9})?"
          + "|[+-]?\\d{4,}-\\d{2}-\\d{2}[Tt]\\S+"
          + "|=[\\s\\S]+)\\s*$";

  /** A positive {@code java.time.Duration} as the settings take it ({@code PT20S}, {@code P30D}). */
  static final String DURATION =
      "^[Pp](?:\\d+[Dd])?(?:[Tt](?:\\d+[Hh])?(?:\\d+[Mm])?(?:\\d+(?:[.,]\\d+)?[Ss])?)?$";

  /** {@code ${ENV_VAR}} or {@code ${ENV_VAR:-default}}, as WorkerSettings substitutes them. */
  static final String VARIABLE = "\\$\\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\\}";

  static final SchemaRules REQUEST = new SchemaRules(
      Set.of("ApprovalRequest.requestId", "ApprovalRequest.steps", "StepDefinition.name",
          "TimerDefinition.name", "DeadlineDefinition.name", "ListenerDefinition.event",
          "ListenerDefinition.actions", "OutcomeDefinition.name", "HandlerDefinition.action"),
      Map.ofEntries(
          Map.entry("ApprovalRequest.requestId", "The business key, unique among running approvals: letters, digits and . _ : - (at most 100). The workflow id is approval-<requestId>."),
          Map.entry("ApprovalRequest.title", "What the approval is about."),
          Map.entry("ApprovalRequest.requester", "Who asked: the role 'requester' in recipients."),
          Map.entry("ApprovalRequest.data", "Any JSON object: shown in templates ({{data.amount}}), read by conditions and expressions."),
          Map.entry("ApprovalRequest.timeout", "Time limit of the whole process: an ISO-8601 duration (P5D; 'P3D business' for working time), seconds (300), a date-time (2026-11-25T17:00:00+01:00) or an expression (=data.due)."),
          Map.entry("ApprovalRequest.onTimeout", "Actions when the process's timeout expires."),
          Map.entry("ApprovalRequest.steps", "The steps, in order: each a user task that must be approved."),
          Map.entry("ApprovalRequest.timers", "User timers: off until enable-timer switches one on."),
          Map.entry("ApprovalRequest.calendar", "How the request's durations count: elapsed (default) or business (the worker's working time)."),
          Map.entry("ApprovalRequest.auth", "Signed commands: required (every command carries a valid token naming its user), optional or off. Tightens the worker's auth policy; may not loosen it."),
          Map.entry("ApprovalRequest.dataForm", "What the requester gives in data, in the subset of JSON Schema a step's form uses: the data must fit it at the start (later updateData commands are not checked)."),
          Map.entry("ApprovalRequest.businessAdministrators", "WS-HumanTask business administrators: users, or groups of the worker's directory (looked up at the start), who may stop, delegate, forward, nominate, skip and set the priority of any step, but decide none unless they are also its potential owners."),
          Map.entry("ApprovalRequest.keyFields", "Up to three top-level keys of data that work lists show beside the title and may sort by (data.<key>), each a key of data or a field of dataForm, whose title labels it."),
          Map.entry("ApprovalRequest.notifyOffered", "Whether the potential owners are told 'a task waits for you' when a step is offered to them (and the assignee when it is assigned): true (default) or false."),
          Map.entry("StepDefinition.name", "The step's name, unique in the request: letters, digits, _ and -."),
          Map.entry("StepDefinition.title", "What the step's task is about."),
          Map.entry("StepDefinition.approvers", "Candidate users: who may claim and decide the task."),
          Map.entry("StepDefinition.offerTimeout", "Acceptance limit: until someone claims the task."),
          Map.entry("StepDefinition.onOfferTimeout", "Actions when the acceptance limit expires."),
          Map.entry("StepDefinition.timeout", "Completion limit: until the task is decided."),
          Map.entry("StepDefinition.onTimeout", "Actions when the completion limit expires."),
          Map.entry("StepDefinition.startDeadlines", "WS-HumanTask start deadlines: until someone starts the task."),
          Map.entry("StepDefinition.completionDeadlines", "WS-HumanTask completion deadlines: until the task is completed."),
          Map.entry("StepDefinition.listeners", "Actions on task events."),
          Map.entry("StepDefinition.outcomes", "Named outcomes beyond approve and reject, for `overdue complete --outcome`."),
          Map.entry("StepDefinition.candidateGroups", "Groups of the worker's directory whose members may claim the task."),
          Map.entry("StepDefinition.assignee", "A user who receives the task reserved, or = and a CEL expression (=data.reviewer)."),
          Map.entry("StepDefinition.priority", "0 (highest) to 10; 5 when not given."),
          Map.entry("StepDefinition.notBy", "Roles kept off this step although among its owners: requester (the four-eyes principle: no one approves their own request)."),
          Map.entry("StepDefinition.distinctFrom", "Earlier steps whose decider may not act on this one: no one person decides both."),
          Map.entry("StepDefinition.skippable", "true lets a potential owner, the requester or a business administrator skip the step (overdue skip, with a reason): it ends SKIPPED and the approval moves on; false (default)."),
          Map.entry("StepDefinition.followUp", "When the task shows in follow-up lists (Camunda's followUpDate): an elapsed duration from its creation (P2D) or a date-time; nothing runs then."),
          Map.entry("StepDefinition.excludedOwners", "Users or groups of the worker's directory who may never act on this step, whatever its groups say (WS-HumanTask's excluded owners)."),
          Map.entry("StepDefinition.form", "The output the step asks for, a subset of JSON Schema: {type: object, properties: {NAME: {type, format, enum, title, description, minimum, maximum, maxLength}}, required: [NAME]}. An approve must give every required field; every decision the right types."),
          Map.entry("TimerDefinition.name", "The timer's name, unique in the request: letters, digits, _ and -."),
          Map.entry("TimerDefinition.limit", "When it expires once it is enabled (give this or cycle)."),
          Map.entry("TimerDefinition.handlers", "Actions when it expires."),
          Map.entry("TimerDefinition.cycle", "A repeating schedule (give this or limit): ISO-8601 (R3/PT4H, R/P1D, with a start or an end) or a Quartz cron expression."),
          Map.entry("TimerDefinition.catchUp", "Missed firings of a cycle: fire-once (default), fire-all or skip."),
          Map.entry("TimerDefinition.calendar", "elapsed or business: overrides the request's calendar for this timer."),
          Map.entry("TimerDefinition.endDate", "A cycle fires no more after this date-time."),
          Map.entry("DeadlineDefinition.name", "The deadline's name, unique in the step."),
          Map.entry("DeadlineDefinition.forDuration", "A duration from the step's start (give exactly one of for, until, cycle)."),
          Map.entry("DeadlineDefinition.until", "A date-time (give exactly one of for, until, cycle)."),
          Map.entry("DeadlineDefinition.cycle", "Repeating, for reminders (give exactly one of for, until, cycle)."),
          Map.entry("DeadlineDefinition.catchUp", "Missed firings of a cycle: fire-once (default), fire-all or skip."),
          Map.entry("DeadlineDefinition.calendar", "elapsed or business: overrides the request's calendar for this deadline."),
          Map.entry("DeadlineDefinition.escalations", "Actions, in order, when it expires and their condition holds."),
          Map.entry("DeadlineDefinition.endDate", "A cycle fires no more after this date-time."),
          Map.entry("DeadlineDefinition.from", "What a completion deadline counts from: creation (default) or claim (each new owner gets the whole time; off while nobody owns the task). Not with until, not on start deadlines."),
          Map.entry("ListenerDefinition.event", "The task event."),
          Map.entry("ListenerDefinition.actions", "notify or warn actions."),
          Map.entry("OutcomeDefinition.name", "The outcome's name: letters, digits, _ and -; not approved or rejected."),
          Map.entry("OutcomeDefinition.next", "A later step it leads to (give this or end)."),
          Map.entry("OutcomeDefinition.end", "Ends the approval (give this or next)."),
          Map.entry("HandlerDefinition.action", "warn, notify (to, subject, message), decide (outcome), reassign (to), setPriority (priority) or release (a claimed task back to its potential owners)."),
          Map.entry("HandlerDefinition.to", "Recipients (notify) or new potential owners (reassign): users, groups, addresses, or the roles potentialOwners, owner, requester, manager."),
          Map.entry("HandlerDefinition.message", "A Mustache template; without one the event's default."),
          Map.entry("HandlerDefinition.outcome", "decide: APPROVED, REJECTED or a named outcome of the step."),
          Map.entry("HandlerDefinition.subject", "A Mustache template; without one the event's default."),
          Map.entry("HandlerDefinition.name", "Orders escalations: letters, digits, _ and -."),
          Map.entry("HandlerDefinition.condition", "A CEL expression over data, step and process: the action runs only when it is true."),
          Map.entry("HandlerDefinition.priority", "setPriority: 0 (highest) to 10.")),
      requestShapes());

  static final SchemaRules SETTINGS = new SchemaRules(
      Set.of("EmailSettings.host", "EmailSettings.from", "WebhookSettings.url", "CalendarSettings.zone",
          "Issuer.issuer", "Issuer.jwks", "InboxSettings.url"),
      Map.ofEntries(
          Map.entry("WorkerSettings.notifications", "How messages leave the worker."),
          Map.entry("WorkerSettings.directory", "Users and groups that recipients, candidate groups and reassignments name: inline, or the path of a file."),
          Map.entry("WorkerSettings.calendar", "Working time for business durations; without it Monday to Friday, 09:00-17:00, UTC."),
          Map.entry("WorkerSettings.logging", "The worker's log: its format and a level per logger."),
          Map.entry("WorkerSettings.auth", "Signed commands: the issuers whose tokens (JWTs) name the person acting, and the default policy of approvals."),
          Map.entry("AuthSettings.policy", "The policy approvals start with unless their request tightens it: required, optional or off (default optional when an issuer is listed, else off)."),
          Map.entry("AuthSettings.issuers", "Trusted token issuers, each with its public keys."),
          Map.entry("AuthSettings.audiences", "A token's aud must name one of these (required with issuers)."),
          Map.entry("AuthSettings.userClaim", "The claim that names the user (default sub; e.g. preferred_username or email)."),
          Map.entry("AuthSettings.clockSkew", "Leeway on exp and nbf: seconds (60 or 60s), 2m or PT1M; at most 5 minutes (default 60s)."),
          Map.entry("AuthSettings.algorithms", "Accepted signature algorithms (default all of these; HMAC never)."),
          Map.entry("Issuer.issuer", "The iss claim of its tokens."),
          Map.entry("Issuer.jwks", "Its public keys: a JWKS file (relative to this file), or the issuer's jwks_uri (https://; plain http:// only to this machine: localhost, 127.0.0.1, [::1]). A file is read again when it changes."),
          Map.entry("LoggingSettings.format", "text (default; a line per event) or json (one object per line); --log-format and OVERDUE_LOG_FORMAT win over it."),
          Map.entry("LoggingSettings.levels", "A level per logger (a package or class name, or ROOT): TRACE, DEBUG, INFO, WARN, ERROR or OFF, any case."),
          Map.entry("NotificationSettings.store", "Where delivered idempotency keys are kept: an SQLite file (default ~/.overdue/deliveries.db), memory, or jdbc:postgresql://host:port/db?user=...&password=..."),
          Map.entry("NotificationSettings.retention", "How long delivered keys are kept: an ISO-8601 duration (default P30D)."),
          Map.entry("NotificationSettings.email", "The SMTP server messages go through."),
          Map.entry("NotificationSettings.webhooks", "HTTP endpoints messages are POSTed to, by name."),
          Map.entry("NotificationSettings.templates", "A subject or body per event, replacing the default."),
          Map.entry("NotificationSettings.inbox", "The web inbox messages link to; without it they carry no links. OVERDUE_INBOX_URL and --inbox-url win over it."),
          Map.entry("InboxSettings.url", "The inbox's public base URL, http:// or https://, a path allowed, no query or fragment: messages link to <url>/tasks/<request id>."),
          Map.entry("EmailSettings.host", "The SMTP host."),
          Map.entry("EmailSettings.port", "The SMTP port (default 587)."),
          Map.entry("EmailSettings.starttls", "required (default with a password), optional or off."),
          Map.entry("EmailSettings.username", "The SMTP user."),
          Map.entry("EmailSettings.password", "The SMTP password; keep it in the environment: ${SMTP_PASSWORD}."),
          Map.entry("EmailSettings.from", "The sender address."),
          Map.entry("EmailSettings.timeout", "Connect and send timeout: an ISO-8601 duration (default PT20S)."),
          Map.entry("WebhookSettings.url", "http:// or https:// URL."),
          Map.entry("WebhookSettings.format", "json (Overdue's document) or slack ({\"text\": ...})."),
          Map.entry("WebhookSettings.headers", "Extra HTTP headers; values may be secrets."),
          Map.entry("WebhookSettings.secret", "Signs each POST: X-Overdue-Signature: sha256=HMAC(timestamp.body)."),
          Map.entry("WebhookSettings.timeout", "Request timeout: an ISO-8601 duration (default PT10S)."),
          Map.entry("TemplateSettings.subject", "A Mustache template."),
          Map.entry("TemplateSettings.body", "A Mustache template."),
          Map.entry("Directory.users", "Users by id."),
          Map.entry("Directory.groups", "Groups by id: members are users, groups, manager:<user>, addresses, webhook:<endpoint> or log:<name>."),
          Map.entry("Directory.absences", "Who is away, by user id: each {from, until, substitute}. With this section (even empty) approvals started look up who is away whenever a task is created, and the substitute stands in. The file is read again when it changes."),
          Map.entry("Absence.from", "The first day away (2026-12-24, in the user's time zone) or a date-time with an offset; none: away already."),
          Map.entry("Absence.until", "The last day away (counted whole) or the date-time they are back; none: until the entry is removed."),
          Map.entry("Absence.substitute", "The user who stands in: they join the potential owners of the absent user's tasks, and are assigned those assigned to them."),
          Map.entry("Person.name", "The display name."),
          Map.entry("Person.email", "The e-mail address."),
          Map.entry("Person.channel", "email (the default with an address), webhook or log."),
          Map.entry("Person.webhook", "The endpoint under notifications.webhooks (channel webhook)."),
          Map.entry("Person.manager", "The user id of this user's manager."),
          Map.entry("Person.timeZone", "An IANA time zone, for dates in this user's messages."),
          Map.entry("CalendarSettings.zone", "An IANA time zone such as Europe/Berlin."),
          Map.entry("CalendarSettings.workingHours", "HH:mm-HH:mm (default 09:00-17:00)."),
          Map.entry("CalendarSettings.workingDays", "Default Monday to Friday; MON or MONDAY, any case."),
          Map.entry("CalendarSettings.holidays", "ISO dates (2026-12-24).")),
      settingsShapes());

  private final Set<String> required;
  private final Map<String, String> descriptions;
  /** Keyed by component; {@code []} after the key for the items of a list. */
  private final Map<String, Consumer<ObjectNode>> shapes;

  private SchemaRules(Set<String> required, Map<String, String> descriptions, Map<String, Consumer<ObjectNode>> shapes) {
    this.required = required;
    this.descriptions = descriptions;
    this.shapes = shapes;
  }

  boolean required(String key) {
    return required.contains(key);
  }

  String description(String key) {
    return descriptions.get(key);
  }

  /** Fields that hold a time limit ({@link #timeLimit}). */
  private static final Set<String> TIME_LIMITS =
      Set.of("ApprovalRequest.timeout", "StepDefinition.offerTimeout", "StepDefinition.timeout",
          "TimerDefinition.limit", "DeadlineDefinition.forDuration", "DeadlineDefinition.until");

  boolean timeLimit(String key) {
    return this == REQUEST && TIME_LIMITS.contains(key);
  }

  Consumer<ObjectNode> shape(String key, boolean item) {
    return shapes.get(item ? key + "[]" : key);
  }

  private static Map<String, Consumer<ObjectNode>> requestShapes() {
    Map<String, Consumer<ObjectNode>> shapes = new HashMap<>();
    shapes.put("ApprovalRequest.requestId", pattern(RequestValidator.REQUEST_ID));
    for (String name : List.of("StepDefinition.name", "TimerDefinition.name", "DeadlineDefinition.name",
        "OutcomeDefinition.name", "HandlerDefinition.name")) {
      shapes.put(name, pattern(RequestValidator.NAME));
    }
    shapes.put("ApprovalRequest.title", node -> node.put("maxLength", RequestValidator.MAX_TITLE_LENGTH));
    shapes.put("StepDefinition.title", node -> node.put("maxLength", RequestValidator.MAX_TITLE_LENGTH));
    shapes.put("ApprovalRequest.requester", node -> node.put("maxLength", RequestValidator.MAX_USER_LENGTH));
    shapes.put("StepDefinition.approvers[]", node -> node.put("maxLength", RequestValidator.MAX_USER_LENGTH));
    shapes.put("ApprovalRequest.businessAdministrators[]", node -> node.put("maxLength", RequestValidator.MAX_USER_LENGTH));
    shapes.put("ApprovalRequest.businessAdministrators", node -> node.put("maxItems", RequestValidator.MAX_APPROVERS));
    shapes.put("ApprovalRequest.steps", node -> node.put("minItems", 1).put("maxItems", RequestValidator.MAX_STEPS));
    shapes.put("ApprovalRequest.timers", node -> node.put("maxItems", RequestValidator.MAX_TIMERS));
    shapes.put("ApprovalRequest.keyFields", node -> node.put("maxItems", RequestValidator.MAX_KEY_FIELDS).put("uniqueItems", true));
    shapes.put("StepDefinition.approvers", node -> node.put("maxItems", RequestValidator.MAX_APPROVERS));
    shapes.put("StepDefinition.listeners", node -> node.put("maxItems", RequestValidator.MAX_LISTENERS));
    shapes.put("StepDefinition.outcomes", node -> node.put("maxItems", RequestValidator.MAX_OUTCOMES));
    for (String calendar : List.of("ApprovalRequest.calendar", "TimerDefinition.calendar", "DeadlineDefinition.calendar")) {
      shapes.put(calendar, oneOf(List.of(RequestValidator.ELAPSED, RequestValidator.BUSINESS)));
    }
    List<String> catchUps = Arrays.stream(Cycle.CatchUp.values()).map(Cycle.CatchUp::text).toList();
    shapes.put("TimerDefinition.catchUp", oneOf(catchUps));
    shapes.put("DeadlineDefinition.catchUp", oneOf(catchUps));
    shapes.put("DeadlineDefinition.from", oneOf(List.of("creation", "claim")));
    shapes.put("ListenerDefinition.event",
        oneOf(Arrays.stream(TaskListenerEvent.values()).map(TaskListenerEvent::key).toList()));
    shapes.put("OutcomeDefinition.end", oneOf(List.of(Outcome.APPROVED.name(), Outcome.REJECTED.name())));
    // HandlerDefinitions.handler's switch; SchemaAgreementTest starts one of each.
    shapes.put("HandlerDefinition.action", oneOf(List.of("warn", "notify", "decide", "reassign", "setPriority", "release")));
    shapes.put("StepDefinition.notBy[]", node -> node.putArray("enum").add(SeparationOfDuties.REQUESTER));
    shapes.put("StepDefinition.form", SchemaRules::form);
    shapes.put("ApprovalRequest.dataForm", SchemaRules::form);
    shapes.put("ApprovalRequest.auth", oneOf(lowerCase(AuthPolicy.values())));
    for (String priority : List.of("StepDefinition.priority", "HandlerDefinition.priority")) {
      shapes.put(priority, node -> node.put("minimum", UserTask.HIGHEST_PRIORITY).put("maximum", UserTask.LOWEST_PRIORITY));
    }
    return shapes;
  }

  private static Map<String, Consumer<ObjectNode>> settingsShapes() {
    Map<String, Consumer<ObjectNode>> shapes = new HashMap<>();
    for (String duration : List.of("NotificationSettings.retention", "EmailSettings.timeout", "WebhookSettings.timeout")) {
      shapes.put(duration, node -> node.put("pattern", DURATION));
    }
    shapes.put("EmailSettings.port", node -> node.put("minimum", 1).put("maximum", 65535));
    shapes.put("EmailSettings.starttls", oneOf(lowerCase(EmailSettings.StartTls.values())));
    shapes.put("WebhookSettings.format", oneOf(lowerCase(WebhookSettings.Format.values())));
    shapes.put("LoggingSettings.format", oneOf(lowerCase(LoggingSettings.Format.values())));
    shapes.put("AuthSettings.policy", oneOf(lowerCase(AuthPolicy.values())));
    shapes.put("AuthSettings.algorithms[]", node -> {
      ArrayNode algorithms = node.putArray("enum");
      AuthSettings.ALGORITHMS.forEach(algorithms::add);
    });
    shapes.put("WebhookSettings.url", node -> node.put("pattern", "^https?://"));
    // InboxSettings.problem: a host, no user, query or fragment.
    shapes.put("InboxSettings.url", node -> node.put("pattern", "^https?://[^/?#@\\s]+(/[^?#\\s]*)?$"));
    shapes.put("Person.channel", oneOf(lowerCase(Recipient.Channel.values())));
    shapes.put("CalendarSettings.workingHours",
        node -> node.put("pattern", "^\\s*\\d{1,2}:\\d{2}\\s*[-–]\\s*\\d{1,2}:\\d{2}\\s*$"));
    shapes.put("CalendarSettings.workingDays[]", node -> node.put("pattern", days()));
    shapes.put("CalendarSettings.holidays", node -> node.put("maxItems", CalendarSettings.MAX_HOLIDAYS));
    shapes.put("CalendarSettings.holidays[]", node -> node.put("pattern", "^\\d{4}-\\d{2}-\\d{2}$"));
    // WorkerSettings.problems refuses a template for anything but an event.
    shapes.put("NotificationSettings.templates", node -> {
      ArrayNode events = node.putObject("propertyNames").putArray("enum");
      Arrays.stream(NotificationEvent.values()).map(NotificationEvent::key).forEach(events::add);
    });
    return shapes;
  }

  /**
   * Any value of the settings may also be an environment variable (WorkerSettings substitutes
   * them before reading the values): each enum, pattern and integer gets that alternative.
   */
  static JsonNode allowVariables(JsonNode schema) {
    if (!schema.isObject()) {
      return schema;
    }
    ObjectNode node = (ObjectNode) schema;
    for (String members : List.of("properties", "definitions")) {
      if (node.get(members) instanceof ObjectNode named) {
        List<String> names = new ArrayList<>();
        named.fieldNames().forEachRemaining(names::add);
        names.forEach(name -> named.set(name, allowVariables(named.get(name))));
      }
    }
    for (String member : List.of("items", "additionalProperties")) {
      if (node.get(member) instanceof ObjectNode inner) {
        node.set(member, allowVariables(inner));
      }
    }
    for (String combined : List.of("anyOf", "allOf")) {
      if (node.get(combined) instanceof ArrayNode parts) {
        for (int i = 0; i < parts.size(); i++) {
          parts.set(i, allowVariables(parts.get(i)));
        }
      }
    }
    if (!node.has("enum") && !node.has("pattern") && !node.path("type").asText().equals("integer")) {
      return node;
    }
    ObjectNode wrapper = node.objectNode();
    if (node.has("description")) {
      wrapper.set("description", node.remove("description"));
    }
    ArrayNode anyOf = wrapper.putArray("anyOf");
    anyOf.add(node);
    // Unanchored: a variable may stand for part of a value (https://${HOST}/hook).
    anyOf.addObject().put("type", "string").put("pattern", VARIABLE);
    return wrapper;
  }

  /** Seconds, or text as {@code TimeLimit.parse} reads it. */
  static ObjectNode timeLimit(ObjectNode node) {
    node.putArray("type").add("number").add("string");
    ArrayNode anyOf = node.putArray("anyOf");
    anyOf.addObject().put("type", "number").put("exclusiveMinimum", 0).put("description", "seconds");
    anyOf.addObject().put("type", "string").put("pattern", TIME_LIMIT);
    return node;
  }

  private static Consumer<ObjectNode> pattern(Pattern java) {
    return node -> node.put("pattern", "^(?:" + java.pattern() + ")$");
  }

  /** StepForm's subset of JSON Schema, as a schema: what an editor can check of a form. */
  private static void form(ObjectNode node) {
    node.put("additionalProperties", false);
    node.putArray("required").add("type").add("properties");
    ObjectNode properties = node.putObject("properties");
    properties.putObject("type").putArray("enum").add("object");
    ObjectNode fields = properties.putObject("properties");
    fields.put("type", "object").put("minProperties", 1).put("maxProperties", StepForm.MAX_FIELDS);
    fields.putObject("propertyNames").put("pattern", "^" + StepForm.FIELD_NAME.pattern() + "$");
    ObjectNode field = fields.putObject("additionalProperties");
    field.put("type", "object").put("additionalProperties", false);
    field.putArray("required").add("type");
    ObjectNode keywords = field.putObject("properties");
    StepForm.TYPES.forEach(keywords.putObject("type").putArray("enum")::add);
    keywords.putObject("format").putArray("enum").add("date");
    ObjectNode values = keywords.putObject("enum");
    values.put("type", "array").put("minItems", 1).put("maxItems", StepForm.MAX_VALUES).put("uniqueItems", true);
    values.putObject("items").put("type", "string");
    keywords.putObject("title").put("type", "string").put("maxLength", RequestValidator.MAX_TITLE_LENGTH);
    keywords.putObject("description").put("type", "string").put("maxLength", StepForm.MAX_DESCRIPTION_LENGTH);
    keywords.putObject("minimum").put("type", "number");
    keywords.putObject("maximum").put("type", "number");
    keywords.putObject("maxLength").put("type", "integer").put("minimum", 1);
    ObjectNode required = properties.putObject("required");
    required.put("type", "array").put("uniqueItems", true);
    required.putObject("items").put("type", "string");
  }

  private static Consumer<ObjectNode> oneOf(List<String> values) {
    return node -> values.forEach(node.withArray("enum")::add);
  }

  private static List<String> lowerCase(Enum<?>[] values) {
    return Arrays.stream(values).map(v -> v.name().toLowerCase(Locale.ROOT)).toList();
  }

  /** MON or MONDAY, any case: JSON Schema's regular expressions have no case-insensitive flag. */
  private static String days() {
    return Arrays.stream(DayOfWeek.values())
        .map(day -> anyCase(day.name().substring(0, 3)) + "(?:" + anyCase(day.name().substring(3)) + ")?")
        .collect(Collectors.joining("|", "^(?:", ")$"));
  }

  private static String anyCase(String letters) {
    return letters.chars()
        .mapToObj(c -> "[" + (char) c + Character.toLowerCase((char) c) + "]")
        .collect(Collectors.joining());
  }
}
