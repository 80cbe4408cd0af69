package dev.overdue.starter;

import dev.overdue.starter.Processes.Attempt;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * FleetIT's fleet: one worker per host of {@link Hosts}, each the unpacked distribution's {@code
 * bin/overdue-worker}, on one task queue, with a settings file whose recipient is a webhook to
 * the test's receiver and a delivery store given per host.
 */
final class Fleet implements AutoCloseable {
  static final int METRICS_PORT = 9464;

  /**
   * Where a fleet runs: {@code size} hosts, the unpacked distribution {@code home}, the cluster's
   * frontend as the hosts reach it, where logs and settings go, and a pool to start workers on.
   */
  record Site(Hosts hosts, int size, Path home, String temporalAddress, Path logs, ExecutorService calls) {}

  private final Site site;
  private final String label;
  private final String queue;
  private final RecordingWebhook sink;
  private final IntFunction<String> storeOf;
  private final Map<Integer, WorkerProcess> workers = new HashMap<>();
  private final List<WorkerProcess> all = new ArrayList<>();

  private Fleet(Site site, String label, String queue, RecordingWebhook sink, IntFunction<String> storeOf) {
    this.site = site;
    this.label = label;
    this.queue = queue;
    this.sink = sink;
    this.storeOf = storeOf;
  }

  /** Starts the workers side by side and waits until each polls and answers ready. */
  static Fleet start(Site site, String label, String queue, RecordingWebhook sink, IntFunction<String> storeOf)
      throws Exception {
    Fleet fleet = new Fleet(site, label, queue, sink, storeOf);
    try {
      List<Future<WorkerProcess>> starting = new ArrayList<>();
      for (int host = 1; host <= site.size(); host++) {
        int h = host;
        starting.add(site.calls().submit(() -> fleet.launch(h, fleet.name(h))));
      }
      for (int host = 1; host <= site.size(); host++) {
        fleet.workers.put(host, starting.get(host - 1).get(2, TimeUnit.MINUTES));
      }
      fleet.all.addAll(fleet.workers.values());
      for (int host = 1; host <= site.size(); host++) {
        fleet.awaitReady(host);
      }
      return fleet;
    } catch (Exception | AssertionError e) {
      fleet.close();
      throw e;
    }
  }

  String name(int host) {
    return label + "-w" + host;
  }

  WorkerProcess worker(int host) {
    return workers.get(host);
  }

  /** Host {@code host}'s worker again, as a supervisor restarts it (same store, a log of its own). */
  void restart(int host) throws Exception {
    WorkerProcess again = launch(host, name(host));
    workers.put(host, again);
    all.add(again);
  }

  private WorkerProcess launch(int host, String name) throws Exception {
    Path settings = site.logs().resolve(name + ".yaml");
    // The debug line that times each delivery's window, from acceptance to each record.
    Files.writeString(
        settings,
        Expiries.workerSettings(name, sink)
            + "logging:\n  levels:\n    dev.overdue.activities.delivery.Deliveries: DEBUG\n");
    Map<String, String> env = new HashMap<>();
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.put("TEMPORAL_ADDRESS", site.temporalAddress());
    env.put("OVERDUE_CONFIG", settings.toString());
    env.put("OVERDUE_DELIVERY_STORE", storeOf.apply(host));
    Path log = site.logs().resolve(name + "-" + (all.size() + 1) + ".log");
    return WorkerProcess.start(log, env, site.hosts().in(host, List.of(
        site.home().resolve("bin/overdue-worker").toString(), "--task-queue", queue,
        "--metrics-host", "0.0.0.0", "--metrics-port", Integer.toString(METRICS_PORT))));
  }

  /** The orchestrator's readiness probe, from outside the host: connected, polling, store reachable. */
  private void awaitReady(int host) throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    URI readyz = URI.create("http://" + site.hosts().address(host) + ":" + METRICS_PORT + "/readyz");
    Processes.await(Duration.ofSeconds(60), name(host) + " ready", () -> {
      HttpResponse<String> answer =
          http.send(HttpRequest.newBuilder(readyz).timeout(Duration.ofSeconds(5)).build(),
              HttpResponse.BodyHandlers.ofString());
      return answer.statusCode() == 200 ? Attempt.done(answer.body()) : Attempt.notYet(answer.body());
    });
  }

  long logLines(String text) throws Exception {
    long lines = 0;
    for (WorkerProcess worker : all) {
      lines += worker.log().lines().filter(l -> l.contains(text)).count();
    }
    return lines;
  }

  private static final Pattern WINDOW = Pattern.compile(
      "marked in the store (\\d+) us after the channel accepted it, recorded on the activity (\\d+) us after");

  /**
   * Each delivery's window, from the workers' debug lines (shared-store fleets only): microseconds
   * from the channel's acceptance to the store's mark into {@code marked}, to the activity's record
   * into {@code recorded}.
   */
  void collectWindows(List<Long> marked, List<Long> recorded) throws Exception {
    if (!storeOf.apply(1).startsWith("jdbc:postgresql:")) {
      return;
    }
    for (WorkerProcess worker : all) {
      Matcher matcher = WINDOW.matcher(worker.log());
      while (matcher.find()) {
        marked.add(Long.parseLong(matcher.group(1)));
        recorded.add(Long.parseLong(matcher.group(2)));
      }
    }
  }

  /** SIGTERM: each worker drains its running activities and exits. */
  @Override
  public void close() throws Exception {
    for (WorkerProcess worker : all) {
      worker.sigterm();
    }
    for (WorkerProcess worker : all) {
      worker.close();
    }
  }
}
