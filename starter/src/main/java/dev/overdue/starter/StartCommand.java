package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.client.Approvals;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code overdue start}: one approval request, from a JSON file or built from flags, validated by
 * the same rules the workflow applies before anything is started.
 */
@Command(
    name = "start",
    mixinStandardHelpOptions = true,
    description = {
      "Start an approval: from a request file (JSON or YAML), or from flags for the simple cases.",
      "The request is checked first; every problem is listed and nothing is started."
    },
    sortOptions = false,
    footerHeading = "%nRequest file, for example (YAML; the same as a JSON object):%n",
    footer = {
      "  requestId: PO-4711",
      "  title: Purchase order 4711",
      "  requester: carol",
      "  data: { amount: 12000 }",
      "  timeout: P5D",
      "  steps:",
      "    - name: manager",
      "      approvers: [alice, bob]",
      "      startDeadlines:                  # until someone starts the task",
      "        - name: pickup",
      "          for: PT4H",
      "          escalations:",
      "            - { action: notify, to: [potentialOwners, manager] }",
      "      completionDeadlines:             # until the task is completed",
      "        - name: remind                 # a cycle: every 4 hours, 3 times",
      "          cycle: R3/PT4H",
      "          catchUp: fire-once           # if missed: or fire-all, skip",
      "          escalations: [ { action: notify, to: [owner] } ]",
      "        - name: due",
      "          for: P2D",
      "          calendar: business           # working time of the worker's calendar",
      "          escalations:",
      "            - name: to-finance",
      "              action: reassign",
      "              to: [frank]",
      "              condition: data.amount >= 10000   # CEL over data, step, process",
      "      listeners:                       # task events: created, assigned,",
      "        - event: completed             #  updated, completed, deleted, timeout",
      "          actions: [ { action: notify, to: [requester] } ]",
      "      outcomes:                        # for complete, beyond approved/rejected",
      "        - { name: within-budget, end: APPROVED }   # or next: a later step",
      "        - { name: withdrawn, end: REJECTED }",
      "    - { name: finance, approvers: [frank] }",
      "  timers:                             # user timers: off until enable-timer",
      "    - { name: reminder, limit: PT30M, handlers: [ { action: warn } ] }",
      "",
      "Time limits: ISO-8601 durations (PT30M, P2D), seconds (300), date-times",
      "(2026-11-25T17:00:00+01:00), cycles (R3/PT4H, R/P1D). Actions: warn, notify,",
      "decide, reassign (listeners: notify, warn). Roles in 'to': potentialOwners,",
      "owner, requester, manager.",
      "A .yaml or .yml file is read as YAML, any other as JSON; - reads either.",
      "The whole example: docs/examples/purchase-order.yaml"
    })
final class StartCommand extends CliCommand {

  @ArgGroup(exclusive = true, multiplicity = "1")
  Source source;

  /** Either a file or flags, not both. */
  static final class Source {
    @Option(
        names = "--file",
        paramLabel = "FILE",
        description =
            "The request as JSON, or YAML (.yaml, .yml); - reads either from standard input.")
    String file;

    @ArgGroup(exclusive = false, heading = "%nOr build the request from flags:%n")
    Flags flags;
  }

  static final class Flags {
    @Option(names = "--request-id", paramLabel = "ID", description = "Business key, e.g. PO-4711.")
    String requestId;

    @Option(names = "--title", paramLabel = "TEXT")
    String title;

    @Option(names = "--requester", paramLabel = "USER")
    String requester;

    @Option(
        names = "--timeout",
        paramLabel = "LIMIT",
        description = "Time limit of the whole process (its expiry adds a warning).")
    String timeout;

    @Option(
        names = "--step",
        paramLabel = "NAME=APPROVER[,APPROVER...]",
        converter = NamedValue.Converter.class,
        description = "A step and its approvers, in order; repeatable.")
    List<NamedValue> steps = new ArrayList<>();

    @Option(
        names = "--offer-timeout",
        paramLabel = "LIMIT",
        description = "Acceptance time limit of every step: until an approver claims it.")
    String offerTimeout;

    @Option(
        names = "--step-timeout",
        paramLabel = "LIMIT",
        description = "Completion time limit of every step: until it is decided.")
    String stepTimeout;

    @Option(
        names = "--timer",
        paramLabel = "NAME=LIMIT",
        converter = NamedValue.Converter.class,
        description =
            "A user timer, off until enable-timer; its expiry adds a warning. Repeatable.")
    List<NamedValue> timers = new ArrayList<>();
  }

  /** {@code NAME=VALUE}, as --step and --timer take it. */
  record NamedValue(String name, String value) {
    static final class Converter implements CommandLine.ITypeConverter<NamedValue> {
      @Override
      public NamedValue convert(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
          throw new CommandLine.TypeConversionException("'" + text + "' is not NAME=VALUE");
        }
        return new NamedValue(text.substring(0, eq).trim(), text.substring(eq + 1).trim());
      }
    }
  }

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "The worker's configuration file: the request's candidate groups and the users and groups its"
              + " reassignments name are checked against its directory first.")
  String config;

  @Option(
      names = "--again",
      description =
          "Start the request id anew although an approval of it ended: a new run under the same"
              + " id, the earlier one kept. Without it a used request id is refused, naming the"
              + " approval that has it and how it ended. A running approval is never started twice.")
  boolean again;

  private String requestId;

  @Override
  String approvalId() {
    return requestId;
  }

  @Override
  void execute() throws JsonProcessingException {
    JsonNode request =
        source.file != null ? RequestFiles.read(source.file, System.in) : build(source.flags);
    requestId = requestIdOf(request);
    checkDirectory(request, config);
    Approvals.Started started =
        session().approvals().startRun(request, session().taskQueue, null, again);
    String workflowId = started.workflowId();
    if (json()) {
      printJson(
          new Started(
              Approvals.requestId(workflowId), workflowId, started.runId(), session().taskQueue));
    } else {
      printStarted(started, request);
    }
  }

  /** The request's {@code requestId} when it has one as text, for messages; else null. */
  static String requestIdOf(JsonNode request) {
    JsonNode id = request == null ? null : request.get("requestId");
    return id != null && id.isTextual() ? id.asText() : null;
  }

  /**
   * With {@code config} (the worker's settings file), refuses a request naming groups or users its
   * directory does not have, with every other problem it has; {@code validate} runs the same check.
   */
  static void checkDirectory(JsonNode request, String config) {
    List<String> directory = directoryProblems(request, config);
    if (!directory.isEmpty()) {
      throw new CliError(
          ExitCodes.REFUSED,
          RequestProblems.refusal(request, directory, Instant.now()).orElseThrow());
    }
  }

  /** The names of {@code request} the directory in {@code config} lacks; none without one. */
  static List<String> directoryProblems(JsonNode request, String config) {
    return config == null ? List.of() : DirectoryCheck.problems(request, config);
  }

  /** What {@code -o json} prints for a started approval. */
  record Started(String requestId, String workflowId, String runId, String taskQueue) {}

  /** The request the flags describe; the workflow's rules decide whether it is complete. */
  private static JsonNode build(Flags flags) {
    ObjectNode request = JsonNodeFactory.instance.objectNode();
    putIfGiven(request, "requestId", flags.requestId);
    putIfGiven(request, "title", flags.title);
    putIfGiven(request, "requester", flags.requester);
    putIfGiven(request, "timeout", flags.timeout);
    ArrayNode steps = request.putArray("steps");
    for (NamedValue step : flags.steps) {
      ObjectNode node = steps.addObject().put("name", step.name());
      ArrayNode approvers = node.putArray("approvers");
      for (String approver : step.value().split(",")) {
        approvers.add(approver.trim());
      }
      putIfGiven(node, "offerTimeout", flags.offerTimeout);
      putIfGiven(node, "timeout", flags.stepTimeout);
    }
    ArrayNode timers = request.putArray("timers");
    for (NamedValue timer : flags.timers) {
      timers.addObject().put("name", timer.name()).put("limit", timer.value());
    }
    return request;
  }

  private static void putIfGiven(ObjectNode node, String field, String value) {
    if (value != null) {
      node.put(field, value);
    }
  }

  private void printStarted(Approvals.Started started, JsonNode request) {
    String workflowId = started.workflowId();
    String id = Approvals.requestId(workflowId);
    JsonNode firstApprover = request.path("steps").path(0).path("approvers").path(0);
    String user = firstApprover.isTextual() ? firstApprover.asText() : "USER";
    out()
        .println(
            "started approval "
                + id
                + ": workflow "
                + workflowId
                + (again ? " (run " + started.runId() + ")" : "")
                + " on task queue "
                + session().taskQueue);
    String overdue = printer().command();
    out().println("next:");
    out().println("  " + overdue + " status " + id);
    out()
        .println(
            "  "
                + overdue
                + " approve "
                + id
                + " --user "
                + user
                + "   (or reject; claim first to take the step)");
    out().println("  " + overdue + " plan " + id + "   (what happens when, if nothing changes)");
    out().println("  " + overdue + " history " + id);
    out().println("  " + overdue + " result " + id + "   (waits until the approval ends)");
  }
}
