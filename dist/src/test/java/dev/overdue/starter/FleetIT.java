package dev.overdue.starter;

import static dev.overdue.starter.Expiries.assertNothingLost;
import static dev.overdue.starter.Expiries.duplicates;
import static dev.overdue.starter.Expiries.seconds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overdue.starter.Expiries.Lateness;
import dev.overdue.starter.Expiries.Observed;
import dev.overdue.starter.Expiries.Plan;
import dev.overdue.starter.Expiries.Settled;
import dev.overdue.starter.Expiries.Store;
import dev.overdue.starter.Processes.Attempt;
import dev.overdue.starter.Processes.Result;
import dev.overdue.starter.RecordingWebhook.Post;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * A fleet as production runs one: Temporal's own cluster ({@code bin/cluster}: frontend, history,
 * matching and worker processes on PostgreSQL), three workers from the unpacked distribution (its
 * {@code bin/overdue-worker}, no Maven), each on a host of its own (a network namespace, {@link
 * Hosts}), sharing one delivery store in PostgreSQL, and a webhook receiver that counts raw POSTs
 * per Idempotency-Key. Hundreds of timers expire and notify while:
 *
 * <ol>
 *   <li>one worker is killed with {@code kill -9} in the middle of deliveries, then restarted;
 *   <li>the cluster's history service is killed with {@code kill -9}, then restarted;
 *   <li>PostgreSQL (the cluster's persistence and visibility, and the delivery store) restarts;
 *   <li>as a control, the first scenario again with a SQLite store per host.
 * </ol>
 *
 * <p>After each, as in FaultsIT: every timer expired exactly once, every notification reached the
 * receiver, every key is DELIVERED in the store. A key POSTed twice must be explained by the one
 * window the design leaves (docs/design/delivery.md): the killed worker's POST arrived before the kill and
 * had no durable record yet. Each scenario prints a {@code FLEET} line of figures; all of them go
 * to target/it-logs/FleetIT/figures.txt for docs/RELIABILITY.md. Nothing asserts a timing.
 *
 * <p>The hosts reach the cluster, which listens on loopback, through {@link TcpRelay}s on the
 * bridge address (as a fleet reaches its cluster through a load balancer), and the receiver
 * there. The cluster runs on its own ports (27233 and up, PostgreSQL on 25432) with a fresh
 * database in target/it-logs/FleetIT/cluster, stopped at the end. Needs root and iproute2, and
 * Temporal's server (built by .ci/run) or Go to build it; skipped without them, except in CI.
 *
 * <p>In the dist module, in the starter's test package: it runs the distribution this module
 * packs, with the starter's test helpers (its test jar).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FleetIT {
  static final int HOSTS = 3;
  /** Approvals of a kill scenario, two timers each ({@code -Doverdue.fleet.approvals=N}). */
  static final int KILL_APPROVALS = Integer.getInteger("overdue.fleet.approvals", 150);
  static final Duration KILL_WINDOW = Duration.ofSeconds(45);
  /** The kill comes once this share of the notifications has been accepted (or half the dates passed). */
  static final double KILL_AT_SHARE = 0.4;
  /** Approvals of a cluster-fault scenario, one timer each. */
  static final int OUTAGE_APPROVALS = 100;
  static final Duration OUTAGE_WINDOW = Duration.ofSeconds(30);
  static final double OUTAGE_AT_SHARE = 0.3;
  /** How long PostgreSQL stays down before it is started again. */
  static final Duration PG_DOWN = Duration.ofSeconds(5);
  /** The receiver answers this long after a POST arrived, as a quick one that does some work. */
  static final Duration RECEIVER_DELAY = Duration.ofMillis(20);
  /** After the last date: a killed attempt times out (30 s), its claim's lease ends (+30 s), backoff. */
  static final Duration SETTLE = Duration.ofMinutes(4);

  static final int FRONTEND_PORT = 27233;
  static final int PG_PORT = 25432;
  static final String VERSION = System.getProperty("overdue.version", "1.0.0");
  static final Path TARBALL =
      Path.of(System.getProperty("overdue.tarball", "target/overdue-" + VERSION + ".tar.gz")).toAbsolutePath();
  static final Path LOGS = Processes.logsOf("FleetIT");
  static final String STORE_USER = "?user=temporal&password=temporal";

  static Map<String, String> cluster;
  static Hosts hosts;
  static final List<TcpRelay> relays = new ArrayList<>();
  static Path home;
  static WorkflowServiceStubs stubs;
  static ExecutorService calls;
  static Expiries expiries;
  static final List<String> figures = new ArrayList<>();
  /** The windows between "the channel accepted" and each durable record, from every worker's log. */
  static final List<Long> markedMicros = new ArrayList<>();
  static final List<Long> recordedMicros = new ArrayList<>();

  @BeforeAll
  @Timeout(value = 45, unit = TimeUnit.MINUTES)
  static void startTheClusterAndTheHosts() throws Exception {
    String ci = System.getenv("CI");
    boolean inCi = ci != null && !ci.isBlank();
    assumeTrue((Hosts.available() && Cluster.canRun()) || inCi, "needs root, iproute2 and Temporal's server or Go");
    assertTrue(Files.isRegularFile(TARBALL), TARBALL + " missing: run mvn package in the dist module");
    cluster = Map.of(
        "OVERDUE_CLUSTER_DIR", LOGS.resolve("cluster").toString(),
        "OVERDUE_CLUSTER_PORT", Integer.toString(FRONTEND_PORT),
        "OVERDUE_CLUSTER_PG_PORT", Integer.toString(PG_PORT),
        "OVERDUE_CLUSTER_UI_PORT", Integer.toString(FRONTEND_PORT + 1000));
    if (Files.isDirectory(LOGS.resolve("cluster"))) {
      Cluster.run(cluster, "stop"); // an aborted run's
    }
    ok(Processes.run(List.of("rm", "-rf", LOGS.toString()), Map.of(), Duration.ofMinutes(1)));
    Files.createDirectories(LOGS);
    ok(Processes.run(List.of("tar", "-xzf", TARBALL.toString(), "-C", LOGS.toString()), Map.of(), Duration.ofMinutes(1)));
    home = LOGS.resolve("overdue-" + VERSION);

    long began = System.nanoTime();
    ok(Cluster.run(cluster, "start"));
    report("bin/cluster start (fresh database): %.1f s", (System.nanoTime() - began) / 1e9);
    hosts = Hosts.create("fleet", 78, HOSTS);
    relays.add(TcpRelay.start(hosts.gateway(), FRONTEND_PORT));
    relays.add(TcpRelay.start(hosts.gateway(), PG_PORT));
    // The shared store's database; the workers create its schema.
    try (Connection connection = DriverManager.getConnection(database("127.0.0.1", "postgres"));
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE overdue");
    }
    stubs = WorkflowServiceStubs.newServiceStubs(
        WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + FRONTEND_PORT).build());
    WorkflowClient client =
        WorkflowClient.newInstance(stubs, WorkflowClientOptions.newBuilder().setNamespace("default").build());
    calls = Executors.newFixedThreadPool(8);
    expiries = new Expiries(client, calls, LOGS, id -> Processes.run(
        List.of(DevServer.cli().toString(), "workflow", "show", "-w", id),
        Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + FRONTEND_PORT), Duration.ofSeconds(30)));
  }

  @AfterAll
  static void stopEverything() throws Exception {
    if (calls != null) {
      calls.shutdownNow();
    }
    if (stubs != null) {
      stubs.shutdownNow();
    }
    for (TcpRelay relay : relays) {
      relay.close();
    }
    if (hosts != null) {
      hosts.close();
    }
    if (cluster != null) {
      Cluster.run(cluster, "stop");
    }
    if (!figures.isEmpty()) {
      figures.add(String.format(
          "FLEET window from the channel's acceptance to the shared store's mark: %s; to the activity's"
              + " record (heartbeat) on the cluster: %s",
          millis(markedMicros), millis(recordedMicros)));
      Files.write(LOGS.resolve("figures.txt"), figures);
      figures.forEach(System.out::println);
    }
  }

  // ---- 1 and 4: kill -9 of a worker ------------------------------------------------------------

  @Test
  @Order(1)
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void aWorkerKilledMidDeliveriesLosesNothingAndTheSharedStoreSendsNothingTwice() throws Exception {
    Store shared = Store.postgres(database("127.0.0.1", "overdue"));
    String url = database(hosts.gateway(), "overdue");
    killAWorker("shared", host -> url, host -> shared);
  }

  @Test
  @Order(4)
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void theControlWithAStorePerHostReliesOnTheActivitysRecordAlone() throws Exception {
    killAWorker("per-host", host -> LOGS.resolve("host-" + host + "-deliveries.db").toString(),
        host -> Store.sqlite(LOGS.resolve("host-" + host + "-deliveries.db")));
  }

  /**
   * Kills host 1's worker once {@value #KILL_AT_SHARE} of the notifications are in, at the moment a
   * duplicate is likeliest: one of its POSTs answered and marked DELIVERED in its store, but
   * neither the activity's record (heartbeat) nor its completion through to the cluster. Then it
   * starts it again (as systemd's Restart= would); checks and reports what came of it.
   */
  private static void killAWorker(String config, IntFunction<String> storeOf, IntFunction<Store> readStore)
      throws Exception {
    String queue = "fleet-kill-" + config;
    try (RecordingWebhook sink = new RecordingWebhook(InetAddress.getByName(hosts.gateway()));
        Fleet fleet = Fleet.start(site(), config, queue, sink, storeOf)) {
      sink.answerAfter(RECEIVER_DELAY);
      Plan plan = expiries.awaitTimersSet(
          expiries.startApprovals("KILL-" + config.toUpperCase(), queue, KILL_APPROVALS, true, KILL_WINDOW));
      int expected = plan.timers().size();
      Expiries.awaitMidWindow(plan, sink, KILL_AT_SHARE);
      // The kill lands in the window the shared store closes: host 1's next accepted POST stalls
      // host 1's link to the cluster (so neither the activity's record nor its completion gets
      // through), and the kill comes once the key is marked DELIVERED in host 1's store.
      String victim = fleet.name(1);
      TcpRelay frontend = relays.get(0);
      CompletableFuture<Post> answered = new CompletableFuture<>();
      sink.afterAnswer(post -> {
        if (victim.equals(post.worker()) && post.accepted() && answered.complete(post)) {
          frontend.hold(hosts.address(1));
        }
      });
      Post target;
      Duration markedAfter;
      Instant killedAt;
      try (Connection watch = DriverManager.getConnection(readStore.apply(1).url())) {
        target = answered.get(2, TimeUnit.MINUTES);
        markedAfter = awaitDelivered(watch, readStore.apply(1), target.key());
        killedAt = Instant.now(); // SIGKILL goes at once; kill() returns once the process is gone
        fleet.worker(1).kill();
        frontend.cut(hosts.address(1));
      }
      sink.afterAnswer(post -> {});
      // Keys the killed worker had no durable record of: CLAIMED, not DELIVERED, in its store.
      Set<String> unmarkedAtKill = readStore.apply(1).keys("CLAIMED");
      long dueAtKill = plan.timers().stream().filter(t -> t.due().isBefore(killedAt)).count();
      // Host 1 comes back once the key's retry ran on another host, which is the case in question.
      Processes.await(Duration.ofMinutes(2), "the retry of " + target.key() + " on another host",
          () -> fleet.logLines(target.key() + " was delivered before") > 0
              || fleet.logLines(target.key() + " was sent by an earlier attempt") > 0
              || sink.acceptedByKey().get(target.key()).size() > 1
              ? Attempt.done(true) : Attempt.notYet(sink.acceptedByKey().get(target.key())));
      fleet.restart(1);

      Settled settled = expiries.awaitSettled(plan, sink, SETTLE);
      Observed observed = expiries.inspect(plan, settled, sink);
      Map<String, List<Post>> duplicates = duplicates(sink);
      List<String> explained = new ArrayList<>();
      List<String> unexplained = new ArrayList<>();
      for (Map.Entry<String, List<Post>> duplicate : duplicates.entrySet()) {
        Post first = duplicate.getValue().get(0);
        boolean byVictimBeforeKill = victim.equals(first.worker()) && first.at().isBefore(killedAt);
        // A shared store knows every key the victim marked; with a store per host, only the
        // activity's record (heartbeat) reaches the retry, so a key marked in host 1's store
        // can still go again.
        boolean noRecord = config.equals("per-host") || unmarkedAtKill.contains(duplicate.getKey());
        String gap = (Duration.between(first.at(), killedAt).toMillis()) + " ms before the kill"
            + (first.at().plus(RECEIVER_DELAY).isAfter(killedAt) ? ", still unanswered" : ", answered");
        (byVictimBeforeKill && noRecord ? explained : unexplained).add(duplicate.getKey() + " (first POST " + gap + ")");
      }
      long byStore = fleet.logLines("was delivered before: not sent again");
      long byMarker = fleet.logLines("its heartbeat says so");
      String targetFate =
          duplicates.containsKey(target.key()) ? "POSTed again"
              : fleet.logLines(target.key() + " was delivered before") > 0 ? "stopped by the store"
              : fleet.logLines(target.key() + " was sent by an earlier attempt") > 0 ? "stopped by the activity's record"
              : "completed before the kill";
      figures.add(String.format(
          "FLEET kill -9 worker, %s store: approvals=%d timers=%d lost=%d expiredTwice=%d notifications=%d"
              + " accepted=%d missing=%d keysPostedTwice=%d (explained=%d: %s; unexplained=%d)"
              + " | killed %s after the POST of %s arrived (answered after %s; the test saw it marked %s after the answer): %s"
              + " | retries stopped by the store=%d, by the activity's record=%d | due at the kill=%d"
              + " | lateness %s | settled %s after the kill",
          config, plan.approvals(), expected, expected - observed.expiredOnce(), observed.expiredTwice(), expected,
          sink.acceptedKeys(), observed.missingKeys().size(), duplicates.size(), explained.size(), explained,
          unexplained.size(), millis(Duration.between(target.at(), killedAt)), target.key(), millis(RECEIVER_DELAY),
          millis(markedAfter),
          targetFate, byStore, byMarker, dueAtKill, Lateness.of(observed.lateness().values()),
          seconds(Duration.between(killedAt, settled.at()))));
      System.out.println(figures.get(figures.size() - 1));
      fleet.collectWindows(markedMicros, recordedMicros);

      assertTrue(dueAtKill < expected, "every timer was due before the kill: it came too late");
      assertEquals(0, observed.expiredTwice(), "timers expired twice");
      if (config.equals("shared")) {
        assertNothingLost(observed, readStore.apply(1));
      } else {
        // Each host's store holds what its worker delivered; host 1's may keep keys CLAIMED whose
        // retries were delivered elsewhere.
        assertEquals(List.of(), observed.problems(), "timers not expired exactly once");
        assertEquals(Set.of(), observed.missingKeys(), "notifications lost");
        Set<String> undelivered = new TreeSet<>(observed.expectedKeys());
        for (int host = 1; host <= HOSTS; host++) {
          undelivered.removeAll(readStore.apply(host).keys("DELIVERED"));
        }
        assertEquals(Set.of(), undelivered, "keys DELIVERED in no host's store");
      }
      assertEquals(List.of(), unexplained, "keys POSTed twice outside the window the design leaves");
      // The key the kill caught after its mark: the shared store stops its retry; with a store per
      // host, nothing that reached the cluster says it went, so it goes again.
      assertEquals(config.equals("shared") ? "stopped by the store" : "POSTed again", targetFate, target.key());
    }
  }

  /**
   * Polls {@code store} on {@code connection}, opened beforehand, until {@code key} is DELIVERED;
   * returns how long that took. Each poll is a fraction of a millisecond, so the kill that follows
   * lands right after the mark.
   */
  private static Duration awaitDelivered(Connection connection, Store store, String key) throws Exception {
    long began = System.nanoTime();
    long giveUp = began + TimeUnit.SECONDS.toNanos(10);
    try (PreparedStatement state =
            connection.prepareStatement("SELECT state FROM " + store.table() + " WHERE idempotency_key = ?")) {
      state.setString(1, key);
      while (System.nanoTime() < giveUp) {
        try (ResultSet row = state.executeQuery()) {
          if (row.next() && "DELIVERED".equals(row.getString(1))) {
            return Duration.ofNanos(System.nanoTime() - began);
          }
        }
      }
    }
    throw new AssertionError(key + " not DELIVERED in " + store + " within 10 s");
  }

  private static String millis(Duration duration) {
    return String.format("%.1f ms", duration.toNanos() / 1e6);
  }

  // ---- 2 and 3: the cluster's history service, PostgreSQL --------------------------------------

  @Test
  @Order(2)
  @Timeout(value = 8, unit = TimeUnit.MINUTES)
  void timersOutliveAKilledHistoryService() throws Exception {
    clusterFault("history service kill -9", () -> {
      long pid = Cluster.pids(ok(Cluster.run(cluster, "status"))).get("history");
      ProcessHandle history = ProcessHandle.of(pid).orElseThrow();
      history.destroyForcibly();
      history.onExit().get(30, TimeUnit.SECONDS);
    });
  }

  @Test
  @Order(3)
  @Timeout(value = 8, unit = TimeUnit.MINUTES)
  void timersAndDeliveriesOutliveAPostgresRestart() throws Exception {
    clusterFault("PostgreSQL restart", () -> {
      long pid = Cluster.pids(ok(Cluster.run(cluster, "status"))).get("postgresql");
      // SIGINT: PostgreSQL's fast shutdown, as pg_ctl stop -m fast (SIGTERM would wait for every client).
      ok(Processes.run(List.of("kill", "-INT", Long.toString(pid)), Map.of(), Duration.ofSeconds(10)));
      ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
      Thread.sleep(PG_DOWN.toMillis());
    });
  }

  @FunctionalInterface
  interface Fault {
    void inflict() throws Exception;
  }

  /**
   * Once {@value #OUTAGE_AT_SHARE} of the notifications are in (or half the dates passed), inflicts {@code fault} on the
   * cluster, then {@code bin/cluster start} starts what is not running, as an operator or a
   * supervisor would; checks and reports what came of it.
   */
  private static void clusterFault(String what, Fault fault) throws Exception {
    String queue = "fleet-" + what.replaceAll("[^a-zA-Z]+", "-").toLowerCase();
    String url = database(hosts.gateway(), "overdue");
    Store shared = Store.postgres(database("127.0.0.1", "overdue"));
    try (RecordingWebhook sink = new RecordingWebhook(InetAddress.getByName(hosts.gateway()));
        Fleet fleet = Fleet.start(site(), queue.substring("fleet-".length()), queue, sink, host -> url)) {
      Plan plan = expiries.awaitTimersSet(
          expiries.startApprovals(queue.toUpperCase(), queue, OUTAGE_APPROVALS, false, OUTAGE_WINDOW));
      Expiries.awaitMidWindow(plan, sink, OUTAGE_AT_SHARE);
      Map<String, Long> before = Cluster.pids(ok(Cluster.run(cluster, "status")));
      Instant down = Instant.now();
      fault.inflict();
      Result started = ok(Cluster.run(cluster, "start"));
      Instant up = Instant.now();
      Map<String, Long> after = Cluster.pids(ok(Cluster.run(cluster, "status")));
      List<String> restarted =
          before.keySet().stream().filter(p -> !before.get(p).equals(after.get(p))).sorted().toList();

      Settled settled = expiries.awaitSettled(plan, sink, SETTLE);
      Observed observed = expiries.inspect(plan, settled, sink);
      List<Duration> dueWhileDown = new ArrayList<>();
      List<Duration> dueAfter = new ArrayList<>();
      observed.lateness().forEach((timer, late) -> {
        if (!timer.due().isBefore(down)) {
          (timer.due().isBefore(up) ? dueWhileDown : dueAfter).add(late);
        }
      });
      int expected = plan.timers().size();
      figures.add(String.format(
          "FLEET %s: approvals=%d timers=%d lost=%d expiredTwice=%d notifications=%d accepted=%d"
              + " missing=%d keysPostedTwice=%d | down %s (restarted: %s) | lateness all %s;"
              + " due while down %s; due after %s | settled %s after the fault",
          what, plan.approvals(), expected, expected - observed.expiredOnce(), observed.expiredTwice(), expected,
          sink.acceptedKeys(), observed.missingKeys().size(), duplicates(sink).size(),
          seconds(Duration.between(down, up)), String.join(", ", restarted), Lateness.of(observed.lateness().values()),
          Lateness.of(dueWhileDown), Lateness.of(dueAfter), seconds(Duration.between(down, settled.at()))));
      System.out.println(figures.get(figures.size() - 1));
      fleet.collectWindows(markedMicros, recordedMicros);

      assertTrue(started.err().contains("started") || started.err().contains("already running"), started.toString());
      assertTrue(dueAfter.size() > 0, "no timer was due after the fault: it took longer than the window");
      assertNothingLost(observed, shared);
      assertEquals(Map.of(), duplicates(sink), "keys POSTed twice");
    }
  }

  /** p50, p99 and max of windows in microseconds, in milliseconds. */
  private static String millis(List<Long> micros) {
    if (micros.isEmpty()) {
      return "n/a";
    }
    List<Long> sorted = micros.stream().sorted().toList();
    return String.format("p50 %.1f ms, p99 %.1f ms, max %.1f ms over %d deliveries",
        Lateness.at(sorted, 0.5), Lateness.at(sorted, 0.99), sorted.get(sorted.size() - 1) / 1000.0, sorted.size());
  }

  /** The cluster's PostgreSQL database {@code name} as reached at {@code host}: loopback, or the hosts' bridge. */
  private static String database(String host, String name) {
    return "jdbc:postgresql://" + host + ":" + PG_PORT + "/" + name + STORE_USER;
  }

  private static Fleet.Site site() {
    return new Fleet.Site(hosts, HOSTS, home, hosts.gateway() + ":" + FRONTEND_PORT, LOGS, calls);
  }

  private static Result ok(Result result) {
    assertEquals(0, result.exit(), result.toString());
    return result;
  }

  private static void report(String format, Object... args) {
    String line = "FLEET " + String.format(format, args);
    figures.add(line);
    System.out.println(line);
  }
}
