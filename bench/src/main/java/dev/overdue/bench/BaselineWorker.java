package dev.overdue.bench;

import dev.overdue.client.Connection;
import dev.overdue.worker.MetricsServer;
import dev.overdue.worker.WorkflowCache;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The baseline side's worker process for {@code bench scale}: wired exactly like {@code
 * OverdueWorker} (same connection settings, the same {@link MetricsServer} feeding the SDK's
 * metrics and the JVM's to Prometheus, the same sticky cache size), hosting only {@link
 * SleepBaselineWorkflow}. Run as {@code java -cp overdue-bench.jar dev.overdue.bench.BaselineWorker
 * --task-queue Q --metrics-port P}.
 */
public final class BaselineWorker {
  static final String READY = "Baseline worker polling";

  private BaselineWorker() {}

  public static void main(String[] args) throws InterruptedException {
    // The worker jar's text lines and default levels (dev.overdue.worker.WorkerLogs, logback there),
    // not the bench's quiet slf4j-simple: both workers log alike. Set before the first logger exists.
    Map.of(
            "defaultLogLevel", "info",
            "showDateTime", "true",
            "dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
            "showThreadName", "false",
            "showShortLogName", "true",
            "log.io.temporal", "warn",
            "log.io.grpc", "warn",
            "log.io.netty", "warn",
            "log.io.temporal.internal.worker.HeartbeatManager", "error")
        .forEach((key, value) -> System.setProperty("org.slf4j.simpleLogger." + key, value));
    System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
    Logger log = LoggerFactory.getLogger(BaselineWorker.class);
    String taskQueue = null;
    int metricsPort = 0;
    String cacheSize = "auto";
    String threads = "auto";
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--task-queue" -> taskQueue = args[i + 1];
        case "--metrics-port" -> metricsPort = Integer.parseInt(args[i + 1]);
        case "--workflow-cache-size" -> cacheSize = args[i + 1];
        case "--workflow-threads" -> threads = args[i + 1];
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (taskQueue == null || args.length % 2 != 0) {
      System.err.println("usage: BaselineWorker --task-queue QUEUE [--metrics-port PORT] [--workflow-cache-size N|auto] [--workflow-threads auto|virtual|platform]");
      System.exit(2);
    }
    Connection connection = Connection.load();
    MetricsServer metrics = MetricsServer.start(MetricsServer.DEFAULT_HOST, metricsPort);
    WorkflowServiceStubs stubs = connection.serviceStubs(metrics.scope());
    WorkflowClient client = connection.client(stubs);
    // As OverdueWorker chooses them: the sticky cache and the workflow threads alike.
    WorkflowCache cache =
        WorkflowCache.choose(
            new WorkflowCache.SizeOption().convert(cacheSize), new WorkflowCache.ThreadsOption().convert(threads));
    log.info("{}", cache.describe());
    WorkerFactory factory = WorkerFactory.newInstance(client, cache.applyTo(WorkerFactoryOptions.newBuilder()).build());
    Worker worker = factory.newWorker(taskQueue);
    worker.registerWorkflowImplementationTypes(SleepBaselineWorkflow.Impl.class);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  factory.shutdown();
                  factory.awaitTermination(20, TimeUnit.SECONDS);
                  stubs.shutdown();
                  metrics.close();
                  stopped.countDown();
                },
                "baseline-shutdown"));
    factory.start();
    log.info("{} task queue '{}' at {}", READY, taskQueue, connection.address());
    stopped.await();
  }
}
