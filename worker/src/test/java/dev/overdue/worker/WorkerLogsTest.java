package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.worker.LoggingSettings.Format;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import picocli.CommandLine;

/** The worker's log lines as they reach standard error, in both formats, and their settings. */
class WorkerLogsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Logger log = LoggerFactory.getLogger(WorkerLogsTest.class);

  @TempDir Path dir;
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream originalErr;

  @BeforeEach
  void captureStandardError() {
    originalErr = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    MDC.clear();
    System.setErr(originalErr);
    WorkerLogs.configure(Format.TEXT, Map.of());
  }

  private List<String> lines() {
    return err.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void jsonIsOneObjectPerLineWithLevelLoggerMessageTheMdcAndTheThrowable() throws Exception {
    WorkerLogs.configure(Format.JSON, Map.of());
    log.info("plain \"quoted\"\nsecond line of {}", "it");
    MDC.put("WorkflowId", "approval-PO-1");
    MDC.put("RunId", "run-1");
    MDC.put("ActivityType", "Deliver");
    log.warn("from an activity", new IllegalStateException("boom"));
    MDC.clear();
    log.debug("below INFO: not written");

    List<String> lines = lines();
    assertEquals(2, lines.size(), String.join("\n", lines));
    JsonNode plain = JSON.readTree(lines.get(0));
    assertEquals("INFO", plain.path("level").asText());
    assertEquals(WorkerLogsTest.class.getName(), plain.path("loggerName").asText());
    assertEquals("plain \"quoted\"\nsecond line of it", plain.path("formattedMessage").asText());
    assertTrue(plain.path("timestamp").asLong() > 0, lines.get(0));
    assertEquals(0, plain.path("mdc").size(), lines.get(0));

    JsonNode activity = JSON.readTree(lines.get(1));
    assertEquals("WARN", activity.path("level").asText());
    assertEquals("from an activity", activity.path("formattedMessage").asText());
    assertEquals(
        Map.of("WorkflowId", "approval-PO-1", "RunId", "run-1", "ActivityType", "Deliver"),
        JSON.convertValue(activity.path("mdc"), Map.class));
    assertEquals(IllegalStateException.class.getName(), activity.path("throwable").path("className").asText());
    assertEquals("boom", activity.path("throwable").path("message").asText());
  }

  @Test
  void javaUtilLoggingLinesAreJsonLinesTooAtTheirLoggersLevel() throws Exception {
    WorkerLogs.configure(Format.JSON, Map.of());
    java.util.logging.Logger grpc = java.util.logging.Logger.getLogger("io.grpc.internal.ManagedChannelImpl");
    grpc.info("below io.grpc's WARN: not written");
    grpc.warning("channel not shut down");

    List<String> lines = lines();
    assertEquals(1, lines.size(), String.join("\n", lines));
    JsonNode line = JSON.readTree(lines.get(0));
    assertEquals("WARN", line.path("level").asText());
    assertEquals("io.grpc.internal.ManagedChannelImpl", line.path("loggerName").asText());
    assertEquals("channel not shut down", line.path("formattedMessage").asText());
  }

  @Test
  void textKeepsTheWorkersLineAndEndsWithTheMdcKeysThatAreSet() {
    WorkerLogs.configure(Format.TEXT, Map.of());
    log.info("Overdue worker polling");
    MDC.put("WorkflowId", "approval-PO-1");
    MDC.put("ActivityType", "Deliver");
    MDC.put("Namespace", "default");
    log.warn("rejected update approve: not a candidate");
    LoggerFactory.getLogger("overdue.warnings").warn("warning workflowId=approval-PO-1 requestId=PO-1");

    List<String> lines = lines();
    assertEquals(3, lines.size(), String.join("\n", lines));
    String stamp = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}(Z|[+-]\\d\\d:\\d\\d) ";
    assertTrue(lines.get(0).matches(stamp + "INFO WorkerLogsTest - Overdue worker polling"), lines.get(0));
    assertTrue(
        lines.get(1).matches(stamp + "WARN WorkerLogsTest - rejected update approve: not a candidate"
            + " WorkflowId=approval-PO-1 ActivityType=Deliver"),
        lines.get(1));
    assertTrue(
        lines.get(2).matches(stamp + "WARN warnings - warning workflowId=approval-PO-1 requestId=PO-1"
            + " WorkflowId=approval-PO-1 ActivityType=Deliver"),
        lines.get(2));
  }

  @Test
  void levelsFromTheSettingsFileApplyOverTheDefaults() throws Exception {
    WorkerSettings settings =
        new SettingsFiles(dir)
            .load(
                """
                logging:
                  format: json
                  levels:
                    io.temporal: debug
                    dev.overdue.worker: WARN
                    overdue.warnings: OFF
                """);
    assertEquals(Format.JSON, settings.logging().formatOr(null));
    WorkerLogs.configure(settings.logging().formatOr(null), settings.logging().levels());

    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    assertEquals(Level.DEBUG, context.getLogger("io.temporal.worker").getEffectiveLevel());
    assertEquals(Level.WARN, context.getLogger("io.grpc").getEffectiveLevel(), "a default kept");
    assertEquals(Level.ERROR, context.getLogger("io.temporal.internal.worker.HeartbeatManager").getEffectiveLevel());
    assertEquals(Level.INFO, context.getLogger("dev.overdue.activities").getEffectiveLevel());
    log.info("not written: dev.overdue.worker is at WARN");
    LoggerFactory.getLogger("overdue.warnings").error("not written: OFF");
    log.warn("written");
    List<String> lines = lines();
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertEquals("written", JSON.readTree(lines.get(0)).path("formattedMessage").asText());
  }

  @Test
  void theOptionOrTheEnvironmentWinsOverTheFileAndTextIsTheDefault() {
    assertEquals(Format.TEXT, LoggingSettings.defaults().formatOr(null));
    assertEquals(Format.JSON, new LoggingSettings("JSON", null).formatOr(null));
    assertEquals(Format.TEXT, new LoggingSettings("json", null).formatOr(Format.TEXT));

    OverdueWorker worker = new OverdueWorker();
    new CommandLine(worker).parseArgs("--log-format", "json");
    assertEquals(Format.JSON, worker.logFormat);
    assertNull(new WorkerLogs.FormatOption().convert(""), "an empty OVERDUE_LOG_FORMAT is as if unset");
  }

  @Test
  void aBadFormatOrLevelIsRefusedWithTheReasonAndStopsTheStart() throws Exception {
    SettingsFiles files = new SettingsFiles(dir);
    files.assertExplained("logging:\n  format: xml\n", "logging: format must be text or json: xml");
    files.assertExplained(
        "logging:\n  levels:\n    io.temporal: LOUD\n",
        "logging: levels.io.temporal must be TRACE, DEBUG, INFO, WARN, ERROR or OFF: LOUD");
    files.assertExplained("logging:\n  levels: [WARN]\n", "logging.levels: must be a section");
    files.assertExplained("logging:\n  colour: true\n", "colour");

    CommandLine cli = new CommandLine(new OverdueWorker());
    cli.setErr(new PrintWriter(Writer.nullWriter()));
    assertEquals(2, cli.execute("--log-format", "xml"));
    Path config = files.write("bad-level.yaml", "logging:\n  levels:\n    dev.overdue: verbose\n");
    assertEquals(
        2, cli.execute("--config", config.toString(), "--metrics-port", "0", "--delivery-store", "memory"));
    String said = err.toString(StandardCharsets.UTF_8);
    assertTrue(said.contains("ERROR OverdueWorker - Cannot start: " + config + ": logging: levels.dev.overdue must be"), said);
    assertFalse(said.contains("Overdue worker polling"), said);
  }
}
