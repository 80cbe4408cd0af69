package dev.overdue.worker;

import dev.overdue.activities.OverdueActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.InboxSettings;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.client.Connection;
import dev.overdue.index.TaskIndex;
import dev.overdue.index.TaskIndexes;
import dev.overdue.model.expression.Condition;
import dev.overdue.tracing.Tracing;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import dev.overdue.workflow.WorkerAuthentication;
import dev.overdue.workflow.WorkerCalendar;
import dev.overdue.workflow.WorkerDirectory;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.interceptors.WorkerInterceptor;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Hosts ApprovalWorkflow and its activities on one task queue until stopped. */
@Command(
    name = "overdue-worker",
    mixinStandardHelpOptions = true,
    versionProvider = OverdueWorker.WorkerVersion.class,
    description = "Runs the Overdue worker: approval workflows and their warning and notification activities.",
    footer = {
      "",
      "Connection settings are the standard Temporal ones: TEMPORAL_ADDRESS (default localhost:7233),",
      "TEMPORAL_NAMESPACE (default 'default'), TEMPORAL_API_KEY, TEMPORAL_TLS*, or a profile chosen",
      "with TEMPORAL_PROFILE from the file TEMPORAL_CONFIG_FILE names. Wrong TLS settings or",
      "credentials stop the worker at start with the reason (exit code 2).",
      "Approvals of an edition it cannot run (started before 1.0) still running on its task queue",
      "stop the start too, naming them and the way out (exit code 2; docs/design/editions.md).",
      "Payload encryption (AES-256-GCM): OVERDUE_CODEC_KEY (base64 of 32 bytes) or",
      "OVERDUE_CODEC_KEY_FILE (one key per line, the first encrypts); bin/overdue needs the same.",
      "When no connection setting is present (TEMPORAL_ADDRESS, TEMPORAL_PROFILE,",
      "TEMPORAL_CONFIG_FILE, a profile in the default config file) and nothing answers on",
      "localhost:7233, the worker starts an in-memory Temporal service there; its state is lost when",
      "the worker exits. With a setting, an unreachable server stops the start (exit code 2).",
      "At start the worker registers Overdue's search attributes (ApprovalState, CurrentStep, ...)",
      "on the namespace when they are missing; without the right to, it logs the command that does.",
      "Logs: text lines, or JSON with --log-format json; levels per logger in --config (logging.levels).",
      "Prometheus metrics: http://127.0.0.1:9464/metrics unless --metrics-port/--metrics-host say otherwise;",
      "probes on the same port: /healthz (live) and /readyz (ready), 200 or 503.",
      "Traces (OpenTelemetry, off by default): OTEL_EXPORTER_OTLP_ENDPOINT (OTLP, e.g.",
      "http://localhost:4318; OTEL_EXPORTER_OTLP_PROTOCOL=grpc for port 4317) or OTEL_TRACES_EXPORTER",
      "turns them on; the other OTEL_* variables (OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER, ...) work",
      "as OpenTelemetry documents them.",
      "SIGTERM or SIGINT drains: readiness fails, polling stops, running activities get up to",
      "--drain-timeout to finish; exit code 0, or 3 when the timeout abandoned some (Temporal retries",
      "them on another worker)."
    })
public final class OverdueWorker implements Callable<Integer> {
  private static final Logger log = LoggerFactory.getLogger(OverdueWorker.class);

  @Option(
      names = "--task-queue",
      description = "Task queue to poll (env OVERDUE_TASK_QUEUE, default ${DEFAULT-VALUE}).",
      defaultValue = "${env:OVERDUE_TASK_QUEUE:-" + ApprovalWorkflow.DEFAULT_TASK_QUEUE + "}")
  String taskQueue;

  @Option(
      names = "--embedded",
      negatable = true,
      description = {
        "--embedded: always start the in-memory Temporal service on the address's port.",
        "--no-embedded: never start it; fail when no server answers."
      })
  Boolean embedded;

  @Option(
      names = "--metrics-port",
      paramLabel = "PORT",
      description =
          "Port of the Prometheus endpoint /metrics; 0 disables it (env OVERDUE_METRICS_PORT,"
              + " default ${DEFAULT-VALUE}). A busy port disables it with a warning.",
      defaultValue = "${env:OVERDUE_METRICS_PORT:-" + MetricsServer.DEFAULT_PORT + "}")
  int metricsPort;

  @Option(
      names = "--metrics-host",
      paramLabel = "HOST",
      description =
          "Address the metrics endpoint binds to (env OVERDUE_METRICS_HOST, default"
              + " ${DEFAULT-VALUE}); 0.0.0.0 for every interface.",
      defaultValue = "${env:OVERDUE_METRICS_HOST:-" + MetricsServer.DEFAULT_HOST + "}")
  String metricsHost;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "The worker's settings, YAML or JSON: notification channels (log, email, webhook),"
              + " templates, the delivered-keys store and the directory of users and groups (env"
              + " OVERDUE_CONFIG). Without it only the log channel exists.",
      defaultValue = "${env:OVERDUE_CONFIG}")
  Path config;

  @Option(
      names = "--delivery-store",
      paramLabel = "FILE|URL",
      description =
          "Where delivered idempotency keys are kept: an SQLite file, 'memory', or a PostgreSQL"
              + " database all workers share, jdbc:postgresql://HOST:PORT/DB?user=U&password=P;"
              + " $${VAR} is replaced by the environment variable VAR (env OVERDUE_DELIVERY_STORE;"
              + " default notifications.store of --config, else ~/.overdue/deliveries.db).",
      defaultValue = "${env:OVERDUE_DELIVERY_STORE}")
  String deliveryStore;

  @Option(
      names = "--task-index",
      paramLabel = "FILE|URL",
      description =
          "Where the task index is, which the work lists read: an SQLite file, or a PostgreSQL"
              + " database, jdbc:postgresql://HOST:PORT/DB?user=U&password=P; $${VAR} is replaced by"
              + " the environment variable VAR (env OVERDUE_TASK_INDEX; default"
              + " ~/.overdue/task-index.db, or a temporary file on the in-memory service).",
      defaultValue = "${env:OVERDUE_TASK_INDEX}")
  String taskIndex;

  @Option(
      names = "--inbox-url",
      paramLabel = "URL",
      description =
          "The web inbox's public base URL, which messages link to (<URL>/tasks/<request id>); an"
              + " absolute http(s) URL without query or fragment (env OVERDUE_INBOX_URL; default"
              + " notifications.inbox.url of --config, else messages carry no links).",
      defaultValue = "${env:OVERDUE_INBOX_URL}")
  String inboxUrl;

  @Option(
      names = "--drain-timeout",
      paramLabel = "DURATION",
      description =
          "On SIGTERM/SIGINT, how long running activities may take to finish before the worker exits"
              + " anyway (env OVERDUE_DRAIN_TIMEOUT, default ${DEFAULT-VALUE}; 45s, 2m or PT45S).",
      defaultValue = "${env:OVERDUE_DRAIN_TIMEOUT:-30s}",
      converter = Durations.class)
  Duration drainTimeout;

  @Option(
      names = "--timer-count-interval",
      paramLabel = "DURATION",
      description =
          "How often the worker counts the fleet's open timers from Temporal's visibility for the"
              + " overdue_timers_* gauges; 0 stops it (env OVERDUE_TIMER_COUNT_INTERVAL, default"
              + " ${DEFAULT-VALUE}).",
      defaultValue = "${env:OVERDUE_TIMER_COUNT_INTERVAL:-15s}",
      converter = Durations.class)
  Duration timerCountInterval;

  @Option(
      names = "--workflow-cache-size",
      paramLabel = "N|auto",
      description =
          "Approvals kept in memory between their workflow tasks (Temporal's sticky cache): a task of"
              + " one that is not kept replays its history first. auto: as many as half the heap holds"
              + " on virtual workflow threads, else the SDK's 600 (env OVERDUE_WORKFLOW_CACHE_SIZE,"
              + " default ${DEFAULT-VALUE}).",
      defaultValue = "${env:OVERDUE_WORKFLOW_CACHE_SIZE:-auto}",
      converter = WorkflowCache.SizeOption.class)
  Integer workflowCacheSize;

  @Option(
      names = "--workflow-threads",
      paramLabel = "auto|virtual|platform",
      description =
          "The threads workflow code runs on: virtual threads let the cache hold every open approval"
              + " without a platform thread each (Java 21+). auto: virtual on Java 21+, else platform"
              + " (env OVERDUE_WORKFLOW_THREADS, default ${DEFAULT-VALUE}).",
      defaultValue = "${env:OVERDUE_WORKFLOW_THREADS:-auto}",
      converter = WorkflowCache.ThreadsOption.class)
  WorkflowCache.Threads workflowThreads;

  @Option(
      names = "--log-format",
      paramLabel = "text|json",
      description =
          "The log lines on standard error: text, or one JSON object per line (env OVERDUE_LOG_FORMAT;"
              + " default logging.format of --config, else text).",
      defaultValue = "${env:OVERDUE_LOG_FORMAT}",
      converter = WorkerLogs.FormatOption.class)
  LoggingSettings.Format logFormat;

  @Spec CommandSpec spec;

  /** The environment connection settings are read from: the process's, or a test's. */
  Map<String, String> environment = System.getenv();
  /** temporal-envconfig's default TOML file; a test points it elsewhere. */
  Path defaultConfigFile = EmbeddedTemporal.defaultConfigFile(System.getenv());

  /** The service name of the worker's spans unless OTEL_SERVICE_NAME says otherwise. */
  static final String SERVICE_NAME = "overdue-worker";

  /** How long the start-up call to the service may take before the worker gives up. */
  static final Duration CONNECTION_CHECK_TIMEOUT = Duration.ofSeconds(30);

  /** Never counted down: the shutdown hook ends the process. */
  private final CountDownLatch stopped = new CountDownLatch(1);

  public static void main(String[] args) {
    System.exit(new CommandLine(new OverdueWorker()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (metricsPort < 0 || metricsPort > 65535) {
      throw new ParameterException(
          spec.commandLine(), "--metrics-port must be 0 (off) or a port up to 65535: " + metricsPort);
    }
    WorkflowCache cache;
    try {
      cache = WorkflowCache.choose(workflowCacheSize, workflowThreads);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    // The option's format for a settings file's errors too; the file's own section once it is read.
    WorkerLogs.configure(LoggingSettings.defaults().formatOr(logFormat), Map.of());
    WorkerSettings settings;
    Tracing tracing;
    try {
      tracing = Tracing.fromEnvironment(environment, SERVICE_NAME);
    } catch (IllegalArgumentException e) {
      log.error("Cannot start: {}", e.getMessage());
      return 2;
    }
    Deliveries deliveries;
    try {
      settings = config == null ? WorkerSettings.defaults() : WorkerSettings.load(config);
      WorkerLogs.configure(settings.logging().formatOr(logFormat), settings.logging().levels());
      if (deliveryStore != null && !deliveryStore.isBlank()) {
        String store = WorkerSettings.expand(deliveryStore, "--delivery-store", System::getenv);
        settings = settings.withNotifications(settings.notifications().withStore(store));
      }
      if (inboxUrl != null && !inboxUrl.isBlank()) {
        settings = settings.withNotifications(settings.notifications().withInbox(inbox(inboxUrl)));
      }
      deliveries =
          Deliveries.start(
              settings.notifications(), directory(settings), Clock.systemUTC(), tracing.openTelemetry());
      // Approvals that count working time record this calendar once, when they start.
      WorkerCalendar.use(settings.calendarOrDefault());
      // New approvals record this policy when they start; each command records its verification.
      WorkerAuthentication.use(settings.auth().defaultPolicy(), settings.auth().verifier());
      // CEL loads its classes on first use (about a second): not in the first workflow task.
      Condition.compile("data.size() >= 0");
    } catch (WorkerSettings.InvalidSettings | IllegalArgumentException | IllegalStateException e) {
      log.error("Cannot start: {}", e.getMessage());
      return 2;
    }
    Connection connection;
    try {
      connection = Connection.load(environment);
    } catch (RuntimeException e) {
      // A bad TOML file, an unknown profile, an unusable encryption key: said once, no trace.
      log.error(
          "Cannot start: {}{}",
          e.getMessage(),
          e.getCause() == null || e.getCause().getMessage() == null ? "" : ": " + e.getCause().getMessage());
      deliveries.close();
      return 2;
    }
    String address = connection.address();
    EmbeddedTemporal service = null;
    boolean reachable = EmbeddedTemporal.answers(address);
    String setting = EmbeddedTemporal.connectionSetting(environment, defaultConfigFile);
    if (setting == null && connection.addressConfigured()) {
      setting = "the configured address";
    }
    if (Boolean.TRUE.equals(embedded) || (embedded == null && setting == null && !reachable)) {
      if (reachable) {
        log.error("--embedded: something already listens on {}; stop it or choose another TEMPORAL_ADDRESS", address);
        deliveries.close();
        return 2;
      }
      service = EmbeddedTemporal.start(address);
      log.warn("==================================================================================");
      log.warn("No Temporal server at {}: started the IN-MEMORY Temporal service there.", address);
      log.warn("All approvals and timers are LOST when this worker exits. For durable state and the");
      log.warn("Web UI: stop this worker, start bin/dev-server, then start the worker again; on this");
      log.warn("address it finds the server with no settings (elsewhere set TEMPORAL_ADDRESS).");
      log.warn("==================================================================================");
    } else if (!reachable) {
      log.error(
          "No Temporal server answers at {} (namespace {}). Start one{}.",
          address,
          connection.namespace(),
          setting == null
              ? ""
              : "; " + setting + " says where Temporal is, so the worker does not start the"
                  + " in-memory service instead (--embedded forces it)");
      deliveries.close();
      return 2;
    }

    MetricsServer metrics = MetricsServer.start(metricsHost, metricsPort);
    WorkflowServiceStubs stubs = connection.serviceStubs(metrics.scope());
    try {
      connection.verify(stubs, CONNECTION_CHECK_TIMEOUT);
    } catch (Connection.Unusable e) {
      // Wrong TLS settings or credentials would otherwise only show as poll errors, forever.
      log.error("Cannot start: {}", e.getMessage());
      stubs.shutdownNow();
      metrics.close();
      deliveries.close();
      if (service != null) {
        service.close();
      }
      return 2;
    }
    log.info("{}", connection.encryption().describe());
    log.info("{}", tracing.describe());
    log.info("{}", cache.describe());
    boolean inMemory = service != null;
    // An outage of the server is two lines, not the SDK's stack trace per poll.
    ServerOutage outage =
        ServerOutage.watch(
            address, () -> WorkerHealth.temporal(stubs, address, connection.namespace(), inMemory).ok());
    WorkerLogs.watch(outage);
    WorkflowClient plain = connection.client(stubs, tracing.clientInterceptors());
    // The settings' fingerprint in the identity: the Web UI and `temporal task-queue describe` show
    // it, and other workers on this task queue compare it with theirs.
    SettingsFingerprint fingerprint = SettingsFingerprint.of(settings);
    String identity = fingerprint.identity(plain.getOptions().getIdentity());
    WorkflowClient client =
        WorkflowClient.newInstance(
            stubs, WorkflowClientOptions.newBuilder(plain.getOptions()).setIdentity(identity).build());
    registerSearchAttributes(stubs, connection.namespace());
    // The in-memory service starts empty each time (and has no visibility queries to ask).
    Optional<String> retired = service == null ? retiredEditions(client) : Optional.empty();
    if (retired.isPresent()) {
      log.error("Cannot start: {}", retired.get());
      outage.close();
      stubs.shutdownNow();
      metrics.close();
      deliveries.close();
      return 2;
    }
    TaskIndex index;
    try {
      index = openTaskIndex(service != null);
    } catch (RuntimeException e) {
      log.error("Cannot start: the task index: {}", e.getMessage());
      outage.close();
      stubs.shutdownNow();
      metrics.close();
      deliveries.close();
      return 2;
    }
    RunningActivities running = new RunningActivities();
    WorkerFactory factory =
        WorkerFactory.newInstance(client, factoryOptions(running, tracing, cache));
    Worker worker = factory.newWorker(taskQueue);
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    worker.registerActivitiesImplementations(OverdueActivities.of(deliveries, index));
    Health health =
        WorkerHealth.of(
            stubs, address, connection.namespace(), service != null, factory, taskQueue, deliveries, running);
    TimerCounts timerCounts =
        TimerCounts.start(client, service != null, timerCountInterval, metrics.registry());
    log.info("worker identity {} (settings= digests its directory, calendar, auth and notifications)", identity);
    // Other workers' pollers are there before this one's: the first look need not wait for start().
    TaskQueuePeerCheck peers =
        TaskQueuePeerCheck.start(stubs, connection.namespace(), taskQueue, identity, fingerprint);

    EmbeddedTemporal embeddedService = service;
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  Drain.Outcome drained = Drain.run(factory, drainTimeout, running, health);
                  peers.close();
                  timerCounts.close();
                  outage.close();
                  stubs.shutdown();
                  metrics.close();
                  deliveries.close();
                  index.close();
                  tracing.close(); // after the drain: the last activities' spans are exported too
                  if (embeddedService != null) {
                    embeddedService.close();
                  }
                  log.info("worker stopped (exit code {})", drained.exitCode());
                  // The JVM would exit 143 after SIGTERM (130 after SIGINT): the drain's own code
                  // tells a supervisor whether it finished.
                  Runtime.getRuntime().halt(drained.exitCode());
                },
                "overdue-shutdown"));

    IgnoredStopSignals.warning().ifPresent(log::warn);
    factory.start();
    metrics.serve(health);
    log.info(
        "Overdue worker polling task queue '{}' at {} namespace '{}'",
        taskQueue,
        address,
        connection.namespace());
    stopped.await();
    return 0;
  }

  /**
   * The task index this worker writes: the one configured, else the default file; on the in-memory
   * service a temporary one, as everything else there is forgotten at exit.
   */
  private TaskIndex openTaskIndex(boolean inMemory) {
    TaskIndex index;
    if (taskIndex != null && !taskIndex.isBlank()) {
      index = TaskIndexes.open(WorkerSettings.expand(taskIndex, "--task-index", System::getenv));
    } else {
      index = inMemory ? TaskIndexes.temporary() : TaskIndexes.open(TaskIndexes.location(null));
    }
    log.info("task index: {}", index.where());
    return index;
  }

  /**
   * Why this worker must not start: approvals on its task queue run on an edition it cannot run. A
   * server that cannot answer (no visibility store, no permission) costs a warning, not the start.
   */
  private Optional<String> retiredEditions(WorkflowClient client) {
    try {
      return RetiredEditionCheck.refusal(client, taskQueue);
    } catch (RuntimeException e) {
      log.warn(
          "cannot check for running approvals of a retired edition ({}): `bin/overdue editions` lists them",
          ServerOutage.unavailable(e) != null ? "server unavailable" : e.toString());
      return Optional.empty();
    }
  }

  /** {@code --inbox-url}'s inbox, or why the URL cannot be one, naming the option and its variable. */
  static InboxSettings inbox(String url) {
    String problem = InboxSettings.problem(url);
    if (problem != null) {
      throw new IllegalArgumentException("--inbox-url (env OVERDUE_INBOX_URL) " + problem);
    }
    return new InboxSettings(url);
  }

  /**
   * The worker's interceptors: the running-activity count the drain waits on, then tracing's (none
   * when traces are off). Tests build their worker with the same options.
   */
  static WorkerFactoryOptions factoryOptions(RunningActivities running, Tracing tracing, WorkflowCache cache) {
    WorkerInterceptor[] traced = tracing.workerInterceptors();
    WorkerInterceptor[] interceptors = new WorkerInterceptor[traced.length + 1];
    interceptors[0] = running;
    System.arraycopy(traced, 0, interceptors, 1, traced.length);
    return cache.applyTo(WorkerFactoryOptions.newBuilder().setWorkerInterceptors(interceptors)).build();
  }

  /** Registers missing search attributes; a failure is logged with the fix, never fatal. */
  private static void registerSearchAttributes(WorkflowServiceStubs stubs, String namespace) {
    try {
      SearchAttributeRegistration.Report report =
          SearchAttributeRegistration.ensure(
              stubs, namespace, ApprovalSearchAttributes.DEFINITIONS);
      switch (report.outcome()) {
        case PRESENT -> log.debug(report.message());
        case REGISTERED -> log.info(report.message());
        case FAILED -> log.error(report.message());
      }
    } catch (RuntimeException e) {
      log.error(
          "Cannot check the search attributes on namespace '{}' ({}); register them with:\n    {}",
          namespace,
          e.toString(),
          String.join(
              "\n    ",
              SearchAttributeRegistration.createCommands(
                  namespace, ApprovalSearchAttributes.DEFINITIONS)));
    }
  }

  /** The settings' directory, read again when it is a file of its own ({@link DirectoryFile#of}). */
  private Supplier<Directory> directory(WorkerSettings settings) {
    return DirectoryFile.of(config, settings, System::getenv);
  }

  /**
   * {@code --version}: the worker's, the SDK's, and what runs it here by default (which Java, and
   * workflow code on virtual or platform threads), as bin/overdue-worker chose the Java.
   */
  static final class WorkerVersion implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {
        "overdue-worker 1.0.0 (Temporal Java SDK " + io.temporal.serviceclient.Version.LIBRARY_VERSION + ")",
        WorkflowCache.choose(null, WorkflowCache.Threads.AUTO).describe()
      };
    }
  }
}
