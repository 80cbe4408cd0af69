package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.activities.OverdueActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * A time-skipping in-memory Temporal service with the approval worker on task queue {@code
 * overdue}, and the CLI run in-process against it with its output captured.
 */
final class CliHarness implements AutoCloseable {
  final TestWorkflowEnvironment env;

  CliHarness() {
    this(Deliveries.logOnly());
  }

  /** With {@code directory} for candidate groups and recipients; messages go to the log. */
  CliHarness(Directory directory) {
    this(
        Deliveries.start(
            NotificationSettings.defaults().withStore(NotificationSettings.MEMORY_STORE),
            directory,
            Clock.systemUTC()));
  }

  private CliHarness(Deliveries deliveries) {
    this(deliveries, true);
  }

  /** On the wall clock, for pages whose commands name dates ({@code date -d tomorrow}). */
  static CliHarness inRealTime() {
    return new CliHarness(Deliveries.logOnly(), false);
  }

  private CliHarness(Deliveries deliveries, boolean timeSkipping) {
    env =
        TestWorkflowEnvironment.newInstance(
            TestEnvironmentOptions.newBuilder()
                .setUseTimeskipping(timeSkipping)
                .setWorkflowClientOptions(
                    WorkflowClientOptions.newBuilder()
                        .setDataConverter(ApprovalDataConverter.create())
                        .build())
                .build());
    dev.overdue.api.ApprovalSearchAttributes.DEFINITIONS.forEach(env::registerSearchAttribute);
    Worker worker = env.newWorker(ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    worker.registerActivitiesImplementations(OverdueActivities.of(deliveries));
    env.start();
  }

  /** One run of {@code overdue ARGS}. */
  record Run(int exitCode, String out, String err) {
    Run expect(int code) {
      assertEquals(
          code, exitCode, () -> "exit code of a run; stdout:\n" + out + "\nstderr:\n" + err);
      return this;
    }

    JsonNode json() {
      try {
        return Printer.JSON.readTree(out);
      } catch (Exception e) {
        throw new AssertionError("not JSON: " + out, e);
      }
    }
  }

  Run run(String... args) {
    return run(env.getWorkflowClient(), args);
  }

  static Run run(WorkflowClient client, String... args) {
    return run(() -> client, args);
  }

  static Run run(ClientFactory clients, String... args) {
    return run(clients, System.getenv(), args);
  }

  /** One run with {@code environment} as the CLI's variables (OVERDUE_TOKEN, ...). */
  Run runWith(Map<String, String> environment, String... args) {
    return run(() -> env.getWorkflowClient(), environment, args);
  }

  static Run run(ClientFactory clients, Map<String, String> environment, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    // As main builds it: only the subcommand the arguments run (all for help and typos), the
    // connection made meanwhile when they name a command that talks to the server.
    OverdueCli cli = new OverdueCli(clients, environment);
    cli.session().connectInBackgroundFor(args);
    var commandLine = OverdueCli.commandLine(cli, args);
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int code = commandLine.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  /** Moves the service's clock on, firing every timer due meanwhile. */
  void sleep(Duration duration) {
    env.sleep(duration);
  }

  @Override
  public void close() {
    env.close();
  }
}
