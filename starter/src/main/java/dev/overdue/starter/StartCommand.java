package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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
      "Start an approval: from a request file, or from flags for the simple cases.",
      "The request is checked first; every problem is listed and nothing is started."
    },
    sortOptions = false,
    footerHeading = "%nRequest file, for example:%n",
    footer = {
      "  { \"requestId\": \"PO-4711\", \"title\": \"Purchase order 4711\",",
      "    \"requester\": \"carol\", \"data\": { \"amount\": 12000 }, \"timeout\": \"P5D\",",
      "    \"steps\": [ { \"name\": \"manager\", \"approvers\": [\"alice\", \"bob\"],",
      "                 \"offerTimeout\": \"PT4H\", \"timeout\": \"P2D\",",
      "                 \"onTimeout\": [ { \"action\": \"warn\" } ] } ],",
      "    \"timers\": [ { \"name\": \"reminder\", \"limit\": \"PT30M\",",
      "                  \"handlers\": [ { \"action\": \"notify\", \"to\": [\"alice\"],",
      "                                  \"message\": \"please decide\" } ] } ] }",
      "",
      "Time limits: ISO-8601 durations (PT30M, P2D), seconds (300), or date-times",
      "with offset (2026-11-25T17:00:00+01:00). Handlers: warn, notify, decide."
    })
final class StartCommand extends CliCommand {

  @ArgGroup(exclusive = true, multiplicity = "1")
  Source source;

  /** Either a file or flags, not both. */
  static final class Source {
    @Option(
        names = "--file",
        paramLabel = "FILE",
        description = "The request as JSON; - reads standard input.")
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

  private String requestId;

  @Override
  String approvalId() {
    return requestId;
  }

  @Override
  void execute() throws IOException {
    JsonNode request = source.file != null ? read(source.file) : build(source.flags);
    JsonNode id = request == null ? null : request.get("requestId");
    requestId = id != null && id.isTextual() ? id.asText() : null;
    String workflowId = cli.approvals().start(request, cli.taskQueue);
    printStarted(workflowId, request);
  }

  private JsonNode read(String file) throws IOException {
    String text;
    try {
      text =
          "-".equals(file)
              ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
              : Files.readString(Path.of(file));
    } catch (NoSuchFileException e) {
      throw new CliError(ExitCodes.REFUSED, "cannot read " + file + ": no such file");
    } catch (IOException e) {
      throw new CliError(ExitCodes.REFUSED, "cannot read " + file + ": " + e.getMessage());
    }
    try {
      return OverdueCli.JSON.readTree(text);
    } catch (JsonProcessingException e) {
      String where =
          e.getLocation() == null
              ? ""
              : " (line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr()
                  + ")";
      throw new CliError(
          ExitCodes.REFUSED,
          ("-".equals(file) ? "standard input" : file)
              + " is not valid JSON"
              + where
              + ": "
              + e.getOriginalMessage());
    }
  }

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

  private void printStarted(String workflowId, JsonNode request) {
    String id = OverdueCli.requestId(workflowId);
    JsonNode firstApprover = request.path("steps").path(0).path("approvers").path(0);
    String user = firstApprover.isTextual() ? firstApprover.asText() : "USER";
    out()
        .println(
            "started approval "
                + id
                + ": workflow "
                + workflowId
                + " on task queue "
                + cli.taskQueue);
    out().println("next:");
    out().println("  overdue status " + id);
    out()
        .println(
            "  overdue approve "
                + id
                + " --user "
                + user
                + "   (or reject; claim first to take the step)");
    out().println("  overdue history " + id);
    out().println("  overdue result " + id + "   (waits until the approval ends)");
  }
}
