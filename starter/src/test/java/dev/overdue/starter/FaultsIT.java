package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.client.Approvals;
import dev.overdue.model.RequestValidator;
import dev.overdue.starter.Processes.Attempt;
import dev.overdue.starter.RecordingWebhook.Post;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults done for real (issue 7), against a dev server on loopback with its state in a
 * --db-filename, the worker jar as processes, and a webhook receiver in the test that records every
 * POST's Idempotency-Key:
 *
 * <ol>
 *   <li>kill -9 of one of two workers on a task queue (sharing one delivery store) while hundreds
 *       of timers are expiring and their notifications are being delivered;
 *   <li>a restart of the dev server mid-run: some timers expired, the others set and waiting;
 *   <li>a webhook endpoint that answers 503, then refuses connections, then comes back;
 *   <li>(disabled: a bug) a worker that comes only after an approval's absolute deadline.
 * </ol>
 *
 * <p>After each: every timer expired exactly once in workflow state (the {@code timers} query says
 * firings 1, the audit trail holds one TimerExpired, the process one warning and no other), every
 * warning was published (the RaiseWarning log line), every notification key reached the receiver
 * and no other did, and every key is DELIVERED in the worker's store, none left CLAIMED.
 *
 * <p>Duplicates: without a kill, no key may reach the receiver twice. With a kill, the design
 * admits one kind (docs/DESIGN.md, "Notification delivery"): the killed worker had sent the POST but
 * not yet marked its key delivered, so the retry sends it again with the same Idempotency-Key, for
 * the receiver to deduplicate. Each raw duplicate must be of that kind: its key CLAIMED (not
 * DELIVERED) in the store just after the kill, its first POST arrived before the kill. Any other
 * duplicate fails the test; their number is printed either way.
 *
 * <p>Each scenario prints one line of figures ({@code FAULT ...}). Nothing here asserts a timing:
 * lateness is measured and printed; the waits are generous bounds. Logs, the histories of
 * approvals that never settled, and the server's database stay in target/it-logs/FaultsIT.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultsIT {
  /** Approvals of the kill scenario, two timers each ({@code -Doverdue.faults.approvals=N}). */
  static final int KILL_APPROVALS = Integer.getInteger("overdue.faults.approvals", 300);
  /** Expiration dates of the kill scenario are spread over this window. */
  static final Duration KILL_WINDOW = Duration.ofSeconds(40);
  /** The kill comes once this share of the notifications has been accepted (or half the dates passed). */
  static final double KILL_AT_SHARE = 0.4;
  /**
   * How long the receiver takes to answer in the kill scenario: a real one does some work first,
   * and the sender's wait for the answer is part of the window in which a kill leaves a duplicate.
   */
  static final Duration KILL_RECEIVER_DELAY = Duration.ofMillis(300);

  static final int RESTART_APPROVALS = 100;
  static final Duration RESTART_WINDOW = Duration.ofSeconds(30);
  /** The restart comes once this share of the notifications has been accepted. */
  static final double RESTART_AT_SHARE = 0.3;

  static final int OUTAGE_APPROVALS = 60;
  static final Duration OUTAGE_WINDOW = Duration.ofSeconds(20);
  /** How long the endpoint refuses connections, after its 503 phase. */
  static final Duration OUTAGE_CLOSED = Duration.ofSeconds(15);

  /**
   * After the last date, how long deliveries may still take: an attempt cut off by a kill times out
   * after its start-to-close (30 s), its retry finds the key HELD until the claim's lease ends
   * (start-to-close + 30 s), and backs off (1 s × 2 up to 1 min) meanwhile.
   */
  static final Duration SETTLE = Duration.ofMinutes(4);

  static final String RECIPIENT = "ops";
  static final String ENDPOINT = "sink";
  static final ObjectMapper JSON = new ObjectMapper();
  static final Path LOGS = Path.of("target", "it-logs", "FaultsIT").toAbsolutePath();

  @TempDir static Path dir;

  static DevServer server;
  static WorkflowServiceStubs stubs;
  static Approvals approvals;
  static WorkflowClient client;
  static ExecutorService calls;

  @BeforeAll
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  static void startServer() throws Exception {
    // The server's database stays with the logs, for a post-mortem (bin/dev-server --db-filename);
    // what an earlier run left there goes.
    Path db = LOGS.resolve("temporal.db");
    Files.createDirectories(LOGS);
    try (var old = Files.list(LOGS)) {
      for (Path file : old.toList()) {
        if (file.getFileName().toString().matches("temporal\\.db.*|.*\\.log|.*\\.history\\.txt")) {
          Files.delete(file);
        }
      }
    }
    server = DevServer.start(LOGS, DevServer.Options.headless().persistedIn(db));
    stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget(server.address()).build());
    client =
        WorkflowClient.newInstance(stubs, WorkflowClientOptions.newBuilder().setNamespace("default").build());
    approvals = new Approvals(client, request -> RequestValidator.refusal(request, Instant.now()));
    calls = Executors.newFixedThreadPool(8);
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (calls != null) {
      calls.shutdownNow();
    }
    if (stubs != null) {
      stubs.shutdownNow();
    }
    if (server != null) {
      server.close();
    }
  }

  // ---- 1. kill -9 of a worker ----------------------------------------------------------------

  @Test
  @Order(1)
  @Timeout(value = 9, unit = TimeUnit.MINUTES)
  void aWorkerKilledMidWindowLosesNothingAndTheOtherTakesOver() throws Exception {
    String queue = "faults-kill";
    Path store = dir.resolve("kill-deliveries.db");
    try (RecordingWebhook sink = new RecordingWebhook();
        WorkerProcess first = worker("kill-w1", queue, sink, store);
        WorkerProcess second = worker("kill-w2", queue, sink, store)) {
      // A receiver that takes a moment, like one doing work: at any time some POSTs are in flight.
      sink.answerAfter(KILL_RECEIVER_DELAY);
      Plan plan = awaitTimersSet(startApprovals("KILL", queue, KILL_APPROVALS, true, KILL_WINDOW), Duration.ofMinutes(2));
      int expected = plan.timers().size();

      // Mid-window: once 40% of the notifications are in, or half the dates have passed if the
      // workers lag behind, so that timers are still running when it comes.
      long killAt = Math.round(expected * KILL_AT_SHARE);
      Instant halfway = plan.timers().stream().map(PlannedTimer::due).sorted().toList().get(expected / 2);
      Processes.await(
          KILL_WINDOW.plus(plan.lead()).plusMinutes(3),
          killAt + " of " + expected + " notifications accepted",
          () -> sink.acceptedKeys() >= killAt || Instant.now().isAfter(halfway)
              ? Attempt.done(true)
              : Attempt.notYet(sink.acceptedKeys()));
      first.kill();
      Instant killedAt = Instant.now();
      // Taken before the survivor's retries can reach them: their leases outlive this by ~60 s.
      Set<String> claimedAtKill = keysIn(store, "CLAIMED");
      long expiredAtKill = plan.timers().stream().filter(t -> t.due().isBefore(killedAt)).count();

      Settled settled = awaitSettled(plan, sink, SETTLE);
      Observed observed = inspect(plan, settled, sink);

      List<Post> posts = sink.posts();
      long firstBeforeKill = posts.stream().filter(p -> p.at().isBefore(killedAt) && "kill-w1".equals(p.worker())).count();
      long secondAfterKill = posts.stream().filter(p -> !p.at().isBefore(killedAt) && "kill-w2".equals(p.worker())).count();
      long acceptedBeforeKill =
          sink.acceptedByKey().values().stream().filter(l -> l.get(0).at().isBefore(killedAt)).count();
      // Retries the store answered "delivered before": each a duplicate it prevented.
      long notSentAgain = second.log().lines().filter(l -> l.contains("was delivered before: not sent again")).count();
      Map.Entry<PlannedTimer, Duration> latest =
          observed.lateness().entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
      Map<String, List<Post>> duplicates = duplicates(sink);
      Published published = published(plan, first, second);
      // A duplicate the design allows: accepted before the kill while its key was still only
      // CLAIMED, i.e. the kill fell between "sent" and "marked delivered" (DESIGN.md).
      List<String> unexplained =
          duplicates.entrySet().stream()
              .filter(d -> !(claimedAtKill.contains(d.getKey()) && d.getValue().get(0).at().isBefore(killedAt)))
              .map(d -> d.getKey() + " " + d.getValue())
              .toList();

      System.out.printf(
          "FAULT kill -9 worker: approvals=%d timers=%d expiredOnce=%d lost=%d notifications=%d"
              + " accepted=%d missing=%d rawDuplicates=%d (inWindowAtKill=%d, unexplained=%d)"
              + " | warnings logged: missing=%d repeated=%d"
              + " | at the kill: due=%d accepted=%d claimedNotMarked=%d; w1 POSTs before kill=%d,"
              + " w2 POSTs after=%d, w2 retries the store stopped=%d | lateness %s (latest %s %s)"
              + " | settled %s after the kill%n",
          plan.approvals(), expected, observed.expiredOnce(), expected - observed.expiredOnce(),
          expected, sink.acceptedKeys(), observed.missingKeys().size(), duplicates.size(),
          duplicates.size() - unexplained.size(), unexplained.size(), published.missing().size(),
          published.repeated().size(), expiredAtKill,
          acceptedBeforeKill, claimedAtKill.size(), firstBeforeKill, secondAfterKill, notSentAgain,
          Lateness.of(observed.lateness().values()), latest.getKey().workflowId(), latest.getKey().timer(),
          seconds(Duration.between(killedAt, settled.at())));

      // The kill hit a worker at work, with timers still to expire after it.
      assertTrue(firstBeforeKill > 0, "the first worker delivered nothing before it was killed");
      assertTrue(expiredAtKill < expected, "every timer was due before the kill: it came too late");
      assertTrue(secondAfterKill > 0, "the second worker delivered nothing after the kill");
      assertNothingLost(observed, store);
      assertEquals(Set.of(), published.missing(), "warnings never published by RaiseWarning");
      assertTrue(unexplained.isEmpty(), "duplicate deliveries the store should have prevented: " + unexplained);
    }
  }

  // ---- 2. dev server restart -----------------------------------------------------------------

  @Test
  @Order(2)
  @Timeout(value = 6, unit = TimeUnit.MINUTES)
  void timersSetBeforeADevServerRestartFireAfterItAtTheirDates() throws Exception {
    String queue = "faults-restart";
    Path store = dir.resolve("restart-deliveries.db");
    try (RecordingWebhook sink = new RecordingWebhook();
        WorkerProcess worker = worker("restart-w", queue, sink, store)) {
      Plan plan = awaitTimersSet(startApprovals("RESTART", queue, RESTART_APPROVALS, false, RESTART_WINDOW), Duration.ofMinutes(2));
      // Mid-run: some timers have expired and their notifications are on their way.
      long restartAt = Math.round(plan.timers().size() * RESTART_AT_SHARE);
      Processes.await(
          RESTART_WINDOW.plus(plan.lead()).plusMinutes(3),
          restartAt + " notifications accepted",
          () -> sink.acceptedKeys() >= restartAt ? Attempt.done(true) : Attempt.notYet(sink.acceptedKeys()));
      Instant down = Instant.now();
      server.restart();
      Instant up = Instant.now();

      Settled settled = awaitSettled(plan, sink, SETTLE);
      Observed observed = inspect(plan, settled, sink);
      Published published = published(plan, worker);
      List<Duration> dueBefore = new ArrayList<>();
      List<Duration> dueWhileDown = new ArrayList<>();
      List<Duration> dueAfter = new ArrayList<>();
      observed.lateness().forEach((timer, late) ->
          (timer.due().isBefore(down) ? dueBefore : timer.due().isBefore(up) ? dueWhileDown : dueAfter).add(late));

      System.out.printf(
          "FAULT dev server restart: approvals=%d timers=%d expiredOnce=%d lost=%d notifications=%d"
              + " accepted=%d missing=%d duplicates=%d | warnings logged: missing=%d repeated=%d"
              + " | down %s; due before the stop=%d, while down=%d"
              + " (lateness %s), after it=%d (lateness %s)%n",
          plan.approvals(), plan.timers().size(), observed.expiredOnce(),
          plan.timers().size() - observed.expiredOnce(), plan.timers().size(), sink.acceptedKeys(),
          observed.missingKeys().size(), duplicates(sink).size(), published.missing().size(),
          published.repeated().size(), seconds(Duration.between(down, up)),
          dueBefore.size(), dueWhileDown.size(), Lateness.of(dueWhileDown), dueAfter.size(), Lateness.of(dueAfter));

      assertTrue(dueAfter.size() > 0, "no timer was due after the restart: it took longer than the window");
      assertNothingLost(observed, store);
      assertEquals(Set.of(), published.missing(), "warnings never published by RaiseWarning");
      assertEquals(Map.of(), duplicates(sink), "keys accepted twice");
    }
  }

  // ---- 3. endpoint down, then back -----------------------------------------------------------

  @Test
  @Order(3)
  @Timeout(value = 6, unit = TimeUnit.MINUTES)
  void deliveriesToAnEndpointThatWasDownCatchUpOnce() throws Exception {
    String queue = "faults-endpoint";
    Path store = dir.resolve("endpoint-deliveries.db");
    try (RecordingWebhook sink = new RecordingWebhook();
        WorkerProcess worker = worker("endpoint-w", queue, sink, store)) {
      sink.refuse(true);
      Plan plan = awaitTimersSet(startApprovals("ENDPOINT", queue, OUTAGE_APPROVALS, false, OUTAGE_WINDOW), Duration.ofMinutes(2));
      int expected = plan.timers().size();

      // 503 until half the keys have been refused once; then the port is closed for a while.
      Processes.await(
          OUTAGE_WINDOW.plus(plan.lead()).plusMinutes(3),
          "half of the notifications refused with 503",
          () -> refusedKeys(sink) >= expected / 2 ? Attempt.done(true) : Attempt.notYet(refusedKeys(sink)));
      sink.stopListening();
      Instant closed = Instant.now();
      Thread.sleep(OUTAGE_CLOSED.toMillis());
      sink.refuse(false);
      sink.listenAgain();
      Instant back = Instant.now();

      Settled settled = awaitSettled(plan, sink, SETTLE);
      Observed observed = inspect(plan, settled, sink);
      Published published = published(plan, worker);
      long refusedPosts = sink.posts().stream().filter(p -> p.status() == 503).count();
      long dueWhileClosed = plan.timers().stream().filter(t -> t.due().isAfter(closed) && t.due().isBefore(back)).count();
      Instant lastAccepted =
          sink.posts().stream().filter(Post::accepted).map(Post::at).max(Instant::compareTo).orElse(back);
      List<String> acceptedDuringOutage =
          sink.posts().stream().filter(p -> p.accepted() && p.at().isBefore(back)).map(Post::key).toList();

      System.out.printf(
          "FAULT webhook endpoint down: approvals=%d timers=%d expiredOnce=%d lost=%d notifications=%d"
              + " accepted=%d missing=%d duplicates=%d | warnings logged: missing=%d repeated=%d"
              + " | 503 answers=%d to %d keys, then closed %s"
              + " (dates in it=%d); all caught up %s after it came back | expiry lateness %s%n",
          plan.approvals(), expected, observed.expiredOnce(), expected - observed.expiredOnce(), expected,
          sink.acceptedKeys(), observed.missingKeys().size(), duplicates(sink).size(),
          published.missing().size(), published.repeated().size(), refusedPosts,
          refusedKeys(sink), seconds(OUTAGE_CLOSED), dueWhileClosed, seconds(Duration.between(back, lastAccepted)),
          Lateness.of(observed.lateness().values()));

      assertEquals(List.of(), acceptedDuringOutage, "accepted while the endpoint was down");
      assertNothingLost(observed, store);
      assertEquals(Set.of(), published.missing(), "warnings never published by RaiseWarning");
      assertEquals(Map.of(), duplicates(sink), "keys accepted twice");
    }
  }

  // ---- 4. a worker that comes after an absolute date -------------------------------------------

  /**
   * An approval accepted with an absolute deadline a few seconds ahead while no worker polls its
   * queue (a worker down, or the server restarted right after the start, as the restart scenario
   * first did). When a worker comes after that date, the deadline must expire, late, exactly once.
   *
   * <p>Until workflow version {@code start-at-run-start} 1 it did not: the workflow checked and
   * computed the request's limits at its first workflow task, so the date was "in the past" and
   * the approval failed. This test found that (see docs/RELIABILITY.md).
   */
  @Test
  @Order(4)
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void anApprovalWhoseFirstTaskComesAfterItsAbsoluteDateExpiresItLateInsteadOfFailing() throws Exception {
    String queue = "faults-late-worker";
    Path store = dir.resolve("late-deliveries.db");
    try (RecordingWebhook sink = new RecordingWebhook()) {
      Instant due = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.MILLIS);
      // No worker polls the queue yet: the start is accepted, its first workflow task waits.
      Plan plan = new Plan(1, start("LATE-0000", queue, due, null, true), Duration.ZERO);
      Thread.sleep(Math.max(0, Duration.between(Instant.now(), due).toMillis()) + 2_000);
      try (WorkerProcess worker = worker("late-w", queue, sink, store)) {
        Settled settled = awaitSettled(plan, sink, Duration.ofMinutes(1));
        Observed observed = inspect(plan, settled, sink);
        System.out.printf(
            "FAULT worker after the date: timers=1 expiredOnce=%d accepted=%d lateness %s%n",
            observed.expiredOnce(), sink.acceptedKeys(), Lateness.of(observed.lateness().values()));
        assertNothingLost(observed, store);
        assertEquals(Map.of(), duplicates(sink), "keys accepted twice");
      }
    }
  }

  // ---- the approvals ---------------------------------------------------------------------------

  /** A timer the test set, and the date it must expire at (meant to, until read back). */
  record PlannedTimer(String workflowId, String timer, Instant due) {}

  record Plan(int approvals, List<PlannedTimer> timers, Duration lead) {
    Set<String> workflowIds() {
      return timers.stream().map(PlannedTimer::workflowId).collect(Collectors.toCollection(TreeSet::new));
    }

    Map<String, List<PlannedTimer>> byWorkflow() {
      return timers.stream()
          .collect(Collectors.groupingBy(PlannedTimer::workflowId, LinkedHashMap::new, Collectors.toList()));
    }
  }

  private static Plan startApprovals(String prefix, String queue, int count, boolean twoTimers, Duration window)
      throws Exception {
    // Long enough for the starts to finish before the first date, even on a slow machine.
    return startApprovals(prefix, queue, count, twoTimers, window, Duration.ofMillis(10_000 + 40L * count));
  }

  /**
   * Starts {@code count} approvals whose timers (the process timer, and with {@code twoTimers} the
   * step's completion timer) are meant to expire at dates spread evenly over {@code window}, which
   * opens {@code lead} from now; each timer warns, then notifies {@value #RECIPIENT} by webhook.
   *
   * <p>The limits are relative (the time from the start call to the intended date), not absolute
   * dates: an absolute date that passes before the approval's first workflow task fails the
   * approval (the bug {@link #anApprovalWhoseFirstTaskComesAfterItsAbsoluteDateExpiresItLateInsteadOfFailing}
   * shows), and on a loaded machine first tasks do come that late. A relative limit counts from
   * the first task, so the dates the approvals actually hold are read back by {@link
   * #awaitTimersSet}.
   */
  private static Plan startApprovals(
      String prefix, String queue, int count, boolean twoTimers, Duration window, Duration lead)
      throws Exception {
    Instant opens = Instant.now().plus(lead);
    int slots = count * (twoTimers ? 2 : 1);
    List<Future<List<PlannedTimer>>> started = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String requestId = String.format("%s-%04d", prefix, i);
      // Process timers take the first half of the slots, step timers the second.
      Instant processDue = slot(opens, window, i, slots);
      Instant stepDue = twoTimers ? slot(opens, window, count + i, slots) : null;
      started.add(calls.submit(() -> start(requestId, queue, processDue, stepDue, false)));
    }
    List<PlannedTimer> timers = new ArrayList<>();
    for (Future<List<PlannedTimer>> future : started) {
      timers.addAll(future.get(2, TimeUnit.MINUTES));
    }
    return new Plan(count, timers, lead);
  }

  private static Instant slot(Instant opens, Duration window, int k, int slots) {
    return opens.plusMillis(Math.round(window.toMillis() * (k + 0.5) / slots)).truncatedTo(ChronoUnit.MILLIS);
  }

  /**
   * Starts one approval whose timers are meant to expire at the given dates: with relative limits,
   * or with {@code absolute} the dates themselves.
   */
  private static List<PlannedTimer> start(
      String requestId, String queue, Instant processDue, Instant stepDue, boolean absolute) {
    Instant now = Instant.now();
    ObjectNode request = JSON.createObjectNode();
    request.put("requestId", requestId);
    request.put("title", "Fault test " + requestId);
    request.put("requester", "carol");
    request.put("timeout", absolute ? processDue.toString() : limit(now, processDue));
    request.set("onTimeout", handlers());
    ObjectNode review = request.putArray("steps").addObject();
    review.put("name", "review");
    review.putArray("approvers").add("alice");
    if (stepDue != null) {
      review.put("timeout", absolute ? stepDue.toString() : limit(now, stepDue));
      review.set("onTimeout", handlers());
    }
    String workflowId = approvals.start(request, queue);
    List<PlannedTimer> timers = new ArrayList<>(List.of(new PlannedTimer(workflowId, "process", processDue)));
    if (stepDue != null) {
      timers.add(new PlannedTimer(workflowId, "review.completion", stepDue));
    }
    return timers;
  }

  /** The relative limit from {@code now} to {@code due}, at least 2 s. */
  private static String limit(Instant now, Instant due) {
    Duration limit = Duration.between(now, due);
    return (limit.compareTo(Duration.ofSeconds(2)) < 0 ? Duration.ofSeconds(2) : limit).toString();
  }

  /** warn, then notify: the delivery is the last activity of an expiry. */
  private static ArrayNode handlers() {
    ArrayNode handlers = JSON.createArrayNode();
    handlers.addObject().put("action", "warn");
    ObjectNode notify = handlers.addObject().put("action", "notify");
    notify.putArray("to").add(RECIPIENT);
    return handlers;
  }

  // ---- the worker ------------------------------------------------------------------------------

  /**
   * A worker process on {@code queue} whose {@value #RECIPIENT} is a webhook to {@code sink}; each
   * POST names the worker in an X-Worker header, so the receiver knows who sent what.
   */
  private static WorkerProcess worker(String name, String queue, RecordingWebhook sink, Path store)
      throws Exception {
    Path config = dir.resolve(name + ".yaml");
    Files.writeString(config, """
        notifications:
          webhooks:
            %s:
              url: %s
              headers: { %s: %s }
        directory:
          users:
            %s: { webhook: %s }
        """.formatted(ENDPOINT, sink.url(), RecordingWebhook.WORKER_HEADER, name, RECIPIENT, ENDPOINT));
    Map<String, String> env = new HashMap<>(server.env());
    env.put("OVERDUE_CONFIG", config.toString());
    env.put("OVERDUE_DELIVERY_STORE", store.toString());
    return WorkerProcess.start(LOGS.resolve(name + ".log"), env, "--task-queue", queue, "--metrics-port", "0");
  }

  // ---- waiting and looking ---------------------------------------------------------------------

  /**
   * Waits until every approval runs its timers ({@code timers} query: RUNNING with an expiration
   * date), so a fault that follows hits timers that are set, not requests in flight; returns the
   * plan with the dates the approvals hold.
   */
  private static Plan awaitTimersSet(Plan plan, Duration timeout) throws Exception {
    Map<String, List<PlannedTimer>> byWorkflow = plan.byWorkflow();
    Set<String> unset = ConcurrentHashMap.newKeySet();
    unset.addAll(byWorkflow.keySet());
    Map<String, String> seen = new ConcurrentHashMap<>();
    Map<PlannedTimer, Instant> dates = new ConcurrentHashMap<>();
    Processes.await(timeout, "every timer set (RUNNING with a date)", () -> {
      parallel(List.copyOf(unset), 1, id -> {
        List<TimerInfo> timers;
        try {
          timers = approvals.timers(id);
        } catch (RuntimeException notYet) {
          seen.put(id, String.valueOf(rootCause(notYet).getMessage()));
          return null;
        }
        Map<PlannedTimer, Instant> set = new HashMap<>();
        for (PlannedTimer planned : byWorkflow.get(id)) {
          timers.stream()
              .filter(t -> t.name().equals(planned.timer()) && "RUNNING".equals(t.state()) && t.expiresAt() != null)
              .findFirst()
              .ifPresent(t -> set.put(planned, Instant.parse(t.expiresAt())));
        }
        if (set.size() == byWorkflow.get(id).size()) {
          dates.putAll(set);
          unset.remove(id);
        } else {
          seen.put(id, timers.toString());
        }
        return null;
      });
      if (unset.isEmpty()) {
        return Attempt.done(true);
      }
      String id = unset.iterator().next();
      return Attempt.notYet(unset.size() + " approvals without their timers set, e.g. " + id + ": " + seen.get(id));
    });
    List<PlannedTimer> set =
        plan.timers().stream().map(t -> new PlannedTimer(t.workflowId(), t.timer(), dates.get(t))).toList();
    return new Plan(plan.approvals(), set, plan.lead());
  }

  private static Throwable rootCause(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  /** When everything was done, and each approval's first run id (part of its keys). */
  record Settled(Instant at, Map<String, String> runIds) {}

  /**
   * Waits until the receiver has accepted a notification per timer and no approval has an activity
   * pending (so no retry is still on its way, duplicates included).
   */
  private static Settled awaitSettled(Plan plan, RecordingWebhook sink, Duration timeout) throws Exception {
    Set<String> busy = ConcurrentHashMap.newKeySet();
    busy.addAll(plan.workflowIds());
    Map<String, String> runIds = new ConcurrentHashMap<>();
    try {
      return settle(plan, sink, timeout, busy, runIds);
    } catch (AssertionError notSettled) {
      throw new AssertionError(notSettled.getMessage() + "\n" + postMortem(plan, sink), notSettled);
    }
  }

  private static Settled settle(
      Plan plan, RecordingWebhook sink, Duration timeout, Set<String> busy, Map<String, String> runIds)
      throws Exception {
    return Processes.await(timeout, "every notification accepted and every activity done", () -> {
      long accepted = sink.acceptedKeys();
      if (accepted < plan.timers().size()) {
        return Attempt.notYet(accepted + " of " + plan.timers().size() + " notifications accepted");
      }
      parallel(List.copyOf(busy), id -> {
        var description = client.newUntypedWorkflowStub(id).describe();
        // These approvals never continue as new: the current run is the first.
        runIds.put(id, description.getExecution().getRunId());
        if (description.getRawDescription().getPendingActivitiesCount() == 0) {
          busy.remove(id);
        }
        return null;
      });
      return busy.isEmpty()
          ? Attempt.done(new Settled(Instant.now(), Map.copyOf(runIds)))
          : Attempt.notYet(busy.size() + " approvals with activities pending, e.g. " + busy.iterator().next());
    });
  }

  /**
   * The timers whose notification never arrived, with the event history of the first few of their
   * approvals saved next to the logs ({@code temporal workflow show}).
   */
  private static String postMortem(Plan plan, RecordingWebhook sink) {
    Set<String> arrived = sink.acceptedByKey().keySet();
    List<PlannedTimer> waiting =
        plan.timers().stream()
            .filter(t -> arrived.stream().noneMatch(
                key -> key.startsWith(t.workflowId() + "/") && key.contains("/" + t.timer() + "/1/")))
            .toList();
    StringBuilder report = new StringBuilder(waiting.size() + " timers without an accepted notification:");
    for (PlannedTimer timer : waiting.subList(0, Math.min(waiting.size(), 5))) {
      report.append("\n  ").append(timer);
      try {
        Processes.Result shown = server.temporal(Duration.ofSeconds(30), "workflow", "show", "-w", timer.workflowId());
        Path file = LOGS.resolve(timer.workflowId() + ".history.txt");
        Files.writeString(file, shown.toString());
        report.append(" (history in ").append(file).append(')');
        shown.out().lines()
            .filter(line -> line.contains("Status") || line.contains("Message:"))
            .forEach(line -> report.append("\n    ").append(line.strip()));
      } catch (Exception | AssertionError e) {
        report.append(" (no history: ").append(e.getMessage()).append(')');
      }
    }
    return report.toString();
  }

  /** What the approvals say about their timers, and what reached the receiver. */
  record Observed(int expiredOnce, List<String> problems, Set<String> expectedKeys, Set<String> missingKeys,
      Set<String> unexpectedKeys, Map<PlannedTimer, Duration> lateness) {}

  /**
   * Queries every approval ({@code timers}, {@code history}, {@code status}) and compares with the
   * plan: each timer expired at its date exactly once, with one warning and no failed notification.
   */
  private static Observed inspect(Plan plan, Settled settled, RecordingWebhook sink) throws Exception {
    Map<String, List<PlannedTimer>> byWorkflow = plan.byWorkflow();
    List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
    Map<PlannedTimer, Duration> lateness = new ConcurrentHashMap<>();
    Set<String> expectedKeys = ConcurrentHashMap.newKeySet();
    Set<PlannedTimer> expiredOnce = ConcurrentHashMap.newKeySet();
    parallel(byWorkflow.keySet(), id -> {
      List<TimerInfo> timers = approvals.timers(id);
      List<HistoryEntry> history = approvals.history(id);
      StatusInfo status = approvals.status(id);
      for (WarningInfo warning : status.warnings()) {
        if (!warning.message().startsWith("timer " + warning.timer() + " expired")) {
          problems.add(id + ": warning " + warning.message());
        }
      }
      for (PlannedTimer planned : byWorkflow.get(id)) {
        String where = id + " " + planned.timer() + ": ";
        expectedKeys.add(String.join("/", id, settled.runIds().get(id), planned.timer(), "1", RECIPIENT, "webhook"));
        TimerInfo timer = timers.stream().filter(t -> t.name().equals(planned.timer())).findFirst().orElse(null);
        List<HistoryEntry> expiries =
            history.stream()
                .filter(e -> "TimerExpired".equals(e.name()) && planned.timer().equals(e.input().path("timer").asText()))
                .toList();
        long warnings = status.warnings().stream().filter(w -> planned.timer().equals(w.timer())).count();
        boolean ok = true;
        if (timer == null || !timer.expired() || timer.firings() != 1) {
          problems.add(where + "timers query says " + timer);
          ok = false;
        }
        if (expiries.size() != 1) {
          problems.add(where + expiries.size() + " TimerExpired entries in the audit trail");
          ok = false;
        } else {
          HistoryEntry expiry = expiries.get(0);
          Instant due = Instant.parse(expiry.input().path("expiresAt").asText());
          if (!due.equals(planned.due())) {
            problems.add(where + "expired as due " + due + ", set to " + planned.due());
            ok = false;
          }
          lateness.put(planned, Duration.between(due, Instant.parse(expiry.at())));
        }
        if (warnings != 1) {
          problems.add(where + warnings + " warnings");
          ok = false;
        }
        if (ok) {
          expiredOnce.add(planned);
        }
      }
      return null;
    });
    Set<String> accepted = sink.acceptedByKey().keySet();
    Set<String> missing = new TreeSet<>(expectedKeys);
    missing.removeAll(accepted);
    Set<String> unexpected = new TreeSet<>(accepted);
    unexpected.removeAll(expectedKeys);
    return new Observed(expiredOnce.size(), List.copyOf(problems), Set.copyOf(expectedKeys), missing, unexpected,
        Map.copyOf(lateness));
  }

  /**
   * Every timer expired once (state, audit trail, warning), every key reached the receiver and no
   * other, and every key is DELIVERED in the store, none left CLAIMED.
   */
  private static void assertNothingLost(Observed observed, Path store) throws SQLException {
    assertEquals(List.of(), observed.problems(), "timers not expired exactly once");
    assertEquals(Set.of(), observed.missingKeys(), "notifications lost");
    assertEquals(Set.of(), observed.unexpectedKeys(), "notifications nobody expected");
    Set<String> undelivered = new TreeSet<>(observed.expectedKeys());
    undelivered.removeAll(keysIn(store, "DELIVERED"));
    assertEquals(Set.of(), undelivered, "keys not DELIVERED in " + store);
    assertEquals(Set.of(), keysIn(store, "CLAIMED"), "keys left CLAIMED in " + store);
  }

  /** The warnings the RaiseWarning activity published (a log line each), against the plan. */
  record Published(Set<String> missing, Set<String> repeated) {}

  private static final java.util.regex.Pattern WARNING_LINE =
      java.util.regex.Pattern.compile(" warning workflowId=(\\S+) requestId=\\S+ timer=(\\S+) ");

  private static Published published(Plan plan, WorkerProcess... workers) throws Exception {
    Map<String, Integer> lines = new HashMap<>();
    for (WorkerProcess worker : workers) {
      worker.log().lines().map(WARNING_LINE::matcher).filter(java.util.regex.Matcher::find)
          .forEach(m -> lines.merge(m.group(1) + " " + m.group(2), 1, Integer::sum));
    }
    Set<String> missing = new TreeSet<>();
    Set<String> repeated = new TreeSet<>();
    for (PlannedTimer timer : plan.timers()) {
      int count = lines.getOrDefault(timer.workflowId() + " " + timer.timer(), 0);
      if (count == 0) {
        missing.add(timer.workflowId() + " " + timer.timer());
      } else if (count > 1) {
        repeated.add(timer.workflowId() + " " + timer.timer());
      }
    }
    return new Published(missing, repeated);
  }

  private static Map<String, List<Post>> duplicates(RecordingWebhook sink) {
    Map<String, List<Post>> duplicates = new LinkedHashMap<>();
    sink.acceptedByKey().forEach((key, posts) -> {
      if (posts.size() > 1) {
        duplicates.put(key, posts);
      }
    });
    return duplicates;
  }

  private static long refusedKeys(RecordingWebhook sink) {
    return sink.posts().stream().filter(p -> p.status() == 503).map(Post::key).distinct().count();
  }

  /** The keys in {@code state} (CLAIMED or DELIVERED) in a worker's delivery store. */
  private static Set<String> keysIn(Path store, String state) throws SQLException {
    Set<String> keys = new TreeSet<>();
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + store);
        Statement statement = connection.createStatement()) {
      statement.execute("PRAGMA busy_timeout = 10000");
      try (ResultSet rows =
          statement.executeQuery("SELECT idempotency_key FROM deliveries WHERE state = '" + state + "'")) {
        while (rows.next()) {
          keys.add(rows.getString(1));
        }
      }
    }
    return keys;
  }

  @FunctionalInterface
  interface Call {
    Object call(String id) throws Exception;
  }

  /** {@code call} for each id on the client pool, each retried a few times (queries may time out under load). */
  private static void parallel(Collection<String> ids, Call call) throws Exception {
    parallel(ids, 5, call);
  }

  private static void parallel(Collection<String> ids, int attempts, Call call) throws Exception {
    List<Future<Object>> futures = new ArrayList<>();
    for (String id : ids) {
      Callable<Object> retried = () -> {
        for (int attempt = 1; ; attempt++) {
          try {
            return call.call(id);
          } catch (RuntimeException e) {
            if (attempt >= attempts) {
              throw new AssertionError(id + ": " + e, e);
            }
            Thread.sleep(1000L * attempt);
          }
        }
      };
      futures.add(calls.submit(retried));
    }
    for (Future<Object> future : futures) {
      future.get(3, TimeUnit.MINUTES);
    }
  }

  private static String seconds(Duration duration) {
    return String.format("%.1f s", duration.toMillis() / 1000.0);
  }

  /** p50 and max of a set of latenesses, in seconds. */
  record Lateness(int count, double p50, double max) {
    static Lateness of(Collection<Duration> values) {
      List<Long> millis = values.stream().map(Duration::toMillis).sorted().toList();
      if (millis.isEmpty()) {
        return new Lateness(0, 0, 0);
      }
      return new Lateness(
          millis.size(), millis.get((millis.size() - 1) / 2) / 1000.0, millis.get(millis.size() - 1) / 1000.0);
    }

    @Override
    public String toString() {
      return count == 0 ? "n/a" : String.format("p50 %.3f s, max %.3f s over %d", p50, max, count);
    }
  }
}
