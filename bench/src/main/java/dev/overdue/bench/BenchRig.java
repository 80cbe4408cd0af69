package dev.overdue.bench;

import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.client.Connection;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the CLI benches run against: a Temporal server (a dev server of the bench's own, or the one
 * the environment names) with a client, and the worker jar polling a task queue of the bench's
 * own. {@link #cliEnv} is what a {@code bin/overdue} process needs to reach the same server.
 */
final class BenchRig implements AutoCloseable {
  static final Duration WORKER_START = Duration.ofSeconds(60);

  /**
   * @param address a server to use; null: a dev server of the bench's own
   * @param serverArgs more flags for bin/dev-server (e.g. a dynamic config value)
   */
  record Options(Path root, String address, List<String> serverArgs, String workerJavaOpts, Path runDir) {}

  private ChildProcess server;
  private ChildProcess worker;
  private WorkflowServiceStubs stubs;
  private WorkflowClient client;
  private String address;
  private final Map<String, String> cliEnv = new HashMap<>();

  private BenchRig() {}

  /** Starts (or reaches) the server, then the worker on {@code taskQueue}; closes what it started on failure. */
  static BenchRig start(Options options, String taskQueue, Progress progress, Runnable checkDeadline)
      throws Exception {
    BenchRig rig = new BenchRig();
    try {
      rig.startServer(options, progress, checkDeadline);
      rig.startWorker(options, taskQueue, progress);
      return rig;
    } catch (Exception | Error e) {
      rig.close();
      throw e;
    }
  }

  private void startServer(Options options, Progress progress, Runnable checkDeadline) throws Exception {
    address = options.address();
    String namespace = "default";
    if (address == null) {
      int port = ChildProcess.freePort();
      address = "127.0.0.1:" + port;
      List<String> command =
          new ArrayList<>(
              List.of("bash", options.root().resolve("bin/dev-server").toString(), "--port",
                  Integer.toString(port), "--headless"));
      command.addAll(options.serverArgs());
      progress.say("starting a dev server: " + String.join(" ", command));
      server =
          ChildProcess.start(
              "dev server", command, options.root(), Map.of(), options.runDir().resolve("dev-server.log"));
    } else {
      System.getenv().forEach((k, v) -> {
        if (k.startsWith("TEMPORAL_") || k.startsWith("OVERDUE_CODEC")) {
          cliEnv.put(k, v);
        }
      });
      namespace = Connection.load().namespace();
    }
    cliEnv.put("TEMPORAL_ADDRESS", address);
    // The worker writes, and an API started with cliEnv reads, a task index of this run's own.
    cliEnv.put("OVERDUE_TASK_INDEX", System.getenv().getOrDefault("OVERDUE_TASK_INDEX",
        options.runDir().resolve("task-index.db").toString()));
    stubs = BenchServer.stubs(address, server == null);
    BenchServer.await(stubs, namespace, server, checkDeadline);
    client =
        WorkflowClient.newInstance(
            stubs,
            WorkflowClientOptions.newBuilder()
                .setNamespace(namespace)
                .setDataConverter(
                    server == null ? Connection.load().dataConverter() : ApprovalDataConverter.create())
                .build());
  }

  private void startWorker(Options options, String taskQueue, Progress progress) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(ScaleBench.splitOptions(options.workerJavaOpts()));
    command.addAll(
        List.of(
            "-jar", options.root().resolve("worker/target/overdue-worker.jar").toString(),
            "--no-embedded", "--task-queue", taskQueue,
            "--metrics-port", Integer.toString(ChildProcess.freePort())));
    progress.say("starting the worker: " + String.join(" ", command));
    worker = ChildProcess.start("worker", command, options.root(), cliEnv, options.runDir().resolve("worker.log"));
    worker.awaitLog("Overdue worker polling", WORKER_START);
  }

  WorkflowClient client() {
    return client;
  }

  /** The server's address, as the CLI processes reach it. */
  String address() {
    return address;
  }

  /** TEMPORAL_ADDRESS, and for a server of the environment's, its other settings. */
  Map<String, String> cliEnv() {
    return Map.copyOf(cliEnv);
  }

  @Override
  public void close() {
    if (worker != null) {
      worker.close();
    }
    if (stubs != null) {
      stubs.shutdownNow();
    }
    if (server != null) {
      server.close();
    }
  }
}
