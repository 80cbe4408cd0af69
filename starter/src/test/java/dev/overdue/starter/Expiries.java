package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.util.Timestamps;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.client.Approvals;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.starter.Processes.Attempt;
import dev.overdue.starter.RecordingWebhook.Post;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
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
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Many approvals whose timers expire at planned dates, each warning and then notifying {@value
 * #RECIPIENT} by webhook, and what comes of them: the approvals' own account (timers query, audit
 * trail, warnings), what reached the receiver, and what the delivery store holds. The fault tests
 * share it: FaultsIT on one host against the dev server, FleetIT on three hosts against the
 * cluster.
 */
final class Expiries {
  /** How long the approvals being started may make no progress before a wait for them gives up. */
  static final Duration STALL = Duration.ofSeconds(60);

  static final String RECIPIENT = "ops";
  static final String ENDPOINT = "sink";
  static final ObjectMapper JSON = new ObjectMapper();

  /** Shows an approval's event history for a post-mortem ({@code temporal workflow show}). */
  @FunctionalInterface
  interface HistoryShow {
    Processes.Result history(String workflowId) throws Exception;
  }

  private final WorkflowClient client;
  private final Approvals approvals;
  private final ExecutorService calls;
  private final Path logs;
  private final HistoryShow show;

  /** {@code logs}: where the histories of approvals that never settled are saved. */
  Expiries(WorkflowClient client, ExecutorService calls, Path logs, HistoryShow show) {
    this.client = client;
    this.approvals = new Approvals(client, request -> RequestValidator.refusal(request, Instant.now()));
    this.calls = calls;
    this.logs = logs;
    this.show = show;
  }

  Approvals approvals() {
    return approvals;
  }

  /**
   * A worker's settings file: {@value #RECIPIENT} is a webhook to {@code sink} whose POSTs name the
   * worker in an X-Worker header, so the receiver knows who sent what.
   */
  static String workerSettings(String worker, RecordingWebhook sink) {
    return """
        notifications:
          webhooks:
            %s:
              url: %s
              headers: { %s: %s }
        directory:
          users:
            %s: { webhook: %s }
        """.formatted(ENDPOINT, sink.url(), RecordingWebhook.WORKER_HEADER, worker, RECIPIENT, ENDPOINT);
  }

  /**
   * A timer the test set, and the date it must expire at: the one it meant, until {@link
   * #awaitTimersSet} computes the one the approval holds from its start and the relative {@code
   * limit} (null for an absolute date, the date itself).
   */
  record PlannedTimer(String workflowId, String timer, Instant due, Duration limit) {}

  record Plan(int approvals, List<PlannedTimer> timers, Duration lead) {
    Set<String> workflowIds() {
      return timers.stream().map(PlannedTimer::workflowId).collect(Collectors.toCollection(TreeSet::new));
    }

    Map<String, List<PlannedTimer>> byWorkflow() {
      return timers.stream()
          .collect(Collectors.groupingBy(PlannedTimer::workflowId, LinkedHashMap::new, Collectors.toList()));
    }
  }

  Plan startApprovals(String prefix, String queue, int count, boolean twoTimers, Duration window)
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
   * approval (the bug FaultsIT's late-worker scenario shows), and on a loaded machine first tasks do come that late. A relative limit counts from
   * the first task, so the dates the approvals actually hold are read back by {@link
   * #awaitTimersSet}.
   */
  Plan startApprovals(
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
  List<PlannedTimer> start(
      String requestId, String queue, Instant processDue, Instant stepDue, boolean absolute) {
    Instant now = Instant.now();
    Duration processLimit = absolute ? null : limit(now, processDue);
    Duration stepLimit = absolute || stepDue == null ? null : limit(now, stepDue);
    ObjectNode request = JSON.createObjectNode();
    request.put("requestId", requestId);
    request.put("title", "Fault test " + requestId);
    request.put("requester", "carol");
    // The faults are about expiries: an offer per approval would add hundreds of activities to the
    // start, before the window the faults are timed in.
    request.put("notifyOffered", false);
    request.put("timeout", absolute ? processDue.toString() : processLimit.toString());
    request.set("onTimeout", handlers());
    ObjectNode review = request.putArray("steps").addObject();
    review.put("name", "review");
    review.putArray("approvers").add("alice");
    if (stepDue != null) {
      review.put("timeout", absolute ? stepDue.toString() : stepLimit.toString());
      review.set("onTimeout", handlers());
    }
    String workflowId = approvals.start(request, queue);
    List<PlannedTimer> timers =
        new ArrayList<>(List.of(new PlannedTimer(workflowId, "process", processDue, processLimit)));
    if (stepDue != null) {
      timers.add(new PlannedTimer(workflowId, "review.completion", stepDue, stepLimit));
    }
    return timers;
  }

  /** The relative limit from {@code now} to {@code due}, at least 2 s. */
  private static Duration limit(Instant now, Instant due) {
    Duration limit = Duration.between(now, due);
    return limit.compareTo(Duration.ofSeconds(2)) < 0 ? Duration.ofSeconds(2) : limit;
  }

  /** warn, then notify: the delivery is the last activity of an expiry. */
  private static ArrayNode handlers() {
    ArrayNode handlers = JSON.createArrayNode();
    handlers.addObject().put("action", "warn");
    ObjectNode notify = handlers.addObject().put("action", "notify");
    notify.putArray("to").add(RECIPIENT);
    return handlers;
  }

  // ---- waiting and looking ---------------------------------------------------------------------

  /**
   * Waits until every approval has run its first workflow task, which sets its timers, so a fault
   * that follows hits timers that are set, not requests in flight; returns the plan with the dates
   * the approvals hold: a relative limit counts from the run's start (and {@link #inspect} checks
   * that each timer expired as of exactly that date). Asked of the server alone (each approval's
   * event history): a query would wait on workers that are busy with the expiries of the others,
   * and on a loaded machine answering hundreds of them took longer than the window itself. Fails
   * when no approval ran its first task for {@link #STALL}: a loaded machine may need minutes for
   * all of them (run12 in docs/CI.md), a hung one makes no progress.
   */
  Plan awaitTimersSet(Plan plan) throws Exception {
    Map<String, List<PlannedTimer>> byWorkflow = plan.byWorkflow();
    Set<String> unset = ConcurrentHashMap.newKeySet();
    unset.addAll(byWorkflow.keySet());
    Map<PlannedTimer, Instant> dates = new ConcurrentHashMap<>();
    Processes.awaitProgress(STALL, "every approval's first workflow task (its timers set)", () -> {
      parallel(List.copyOf(unset), 1, id -> {
        List<HistoryEvent> events = client.fetchHistory(id).getEvents();
        if (events.stream().anyMatch(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED)) {
          Instant started = Instant.ofEpochMilli(Timestamps.toMillis(events.get(0).getEventTime()));
          for (PlannedTimer planned : byWorkflow.get(id)) {
            dates.put(planned, planned.limit() == null ? planned.due() : started.plus(planned.limit()));
          }
          unset.remove(id);
        }
        return null;
      });
      return unset.isEmpty()
          ? Attempt.done(true)
          : Attempt.notYet(unset.size() + " approvals without a completed workflow task, e.g. " + unset.iterator().next());
    });
    List<PlannedTimer> set =
        plan.timers().stream()
            .map(t -> new PlannedTimer(t.workflowId(), t.timer(), dates.get(t), t.limit()))
            .toList();
    return new Plan(plan.approvals(), set, plan.lead());
  }

  /**
   * Waits until {@code share} of the plan's notifications are accepted, or until half its timers
   * are due, whichever comes first: a fault then comes while timers are still to expire, also when
   * the workers lag far behind the dates on a loaded machine.
   */
  static void awaitMidWindow(Plan plan, RecordingWebhook sink, double share) throws Exception {
    int expected = plan.timers().size();
    long accepted = Math.round(expected * share);
    Instant halfway = plan.timers().stream().map(PlannedTimer::due).sorted().toList().get(expected / 2);
    Processes.await(
        Duration.between(Instant.now(), halfway).plusMinutes(1),
        accepted + " of " + expected + " notifications accepted, or half the dates passed",
        () -> sink.acceptedKeys() >= accepted || Instant.now().isAfter(halfway)
            ? Attempt.done(true)
            : Attempt.notYet(sink.acceptedKeys() + " accepted"));
  }

  static Throwable rootCause(Throwable failure) {
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
  Settled awaitSettled(Plan plan, RecordingWebhook sink, Duration timeout) throws Exception {
    Set<String> busy = ConcurrentHashMap.newKeySet();
    busy.addAll(plan.workflowIds());
    Map<String, String> runIds = new ConcurrentHashMap<>();
    try {
      return settle(plan, sink, timeout, busy, runIds);
    } catch (AssertionError notSettled) {
      throw new AssertionError(notSettled.getMessage() + "\n" + postMortem(plan, sink), notSettled);
    }
  }

  private Settled settle(
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
  private String postMortem(Plan plan, RecordingWebhook sink) {
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
        Processes.Result shown = show.history(timer.workflowId());
        Path file = logs.resolve(timer.workflowId() + ".history.txt");
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
  record Observed(int expiredOnce, int expiredTwice, List<String> problems, Set<String> expectedKeys, Set<String> missingKeys,
      Set<String> unexpectedKeys, Map<PlannedTimer, Duration> lateness) {}

  /**
   * Queries every approval ({@code timers}, {@code history}, {@code status}) and compares with the
   * plan: each timer expired at its date exactly once, with one warning and no failed notification.
   */
  Observed inspect(Plan plan, Settled settled, RecordingWebhook sink) throws Exception {
    Map<String, List<PlannedTimer>> byWorkflow = plan.byWorkflow();
    List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
    Map<PlannedTimer, Duration> lateness = new ConcurrentHashMap<>();
    Set<String> expectedKeys = ConcurrentHashMap.newKeySet();
    Set<PlannedTimer> expiredOnce = ConcurrentHashMap.newKeySet();
    Set<PlannedTimer> expiredTwice = ConcurrentHashMap.newKeySet();
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
        if ((timer != null && timer.firings() > 1) || expiries.size() > 1) {
          expiredTwice.add(planned);
        }
        if (timer == null || !timer.expired() || timer.firings() != 1
            || !planned.due().equals(Instant.parse(timer.expiresAt()))) {
          problems.add(where + "timers query says " + timer + ", set to " + planned.due());
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
    return new Observed(expiredOnce.size(), expiredTwice.size(), List.copyOf(problems), Set.copyOf(expectedKeys), missing, unexpected,
        Map.copyOf(lateness));
  }

  /**
   * Every timer expired once (state, audit trail, warning), every key reached the receiver and no
   * other, and every key is DELIVERED in the store, none left CLAIMED.
   */
  static void assertNothingLost(Observed observed, Store store) throws SQLException {
    assertEquals(List.of(), observed.problems(), "timers not expired exactly once");
    assertEquals(Set.of(), observed.missingKeys(), "notifications lost");
    assertEquals(Set.of(), observed.unexpectedKeys(), "notifications nobody expected");
    Set<String> undelivered = new TreeSet<>(observed.expectedKeys());
    undelivered.removeAll(store.keys("DELIVERED"));
    assertEquals(Set.of(), undelivered, "keys not DELIVERED in " + store);
    assertEquals(Set.of(), store.keys("CLAIMED"), "keys left CLAIMED in " + store);
  }

  /** The warnings published as a line of a worker's log each, against the plan. */
  record Published(Set<String> missing, Set<String> repeated) {}

  private static final java.util.regex.Pattern WARNING_LINE =
      java.util.regex.Pattern.compile(" warning workflowId=(\\S+) requestId=\\S+ timer=(\\S+) ");

  static Published published(Plan plan, WorkerProcess... workers) throws Exception {
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

  static Map<String, List<Post>> duplicates(RecordingWebhook sink) {
    Map<String, List<Post>> duplicates = new LinkedHashMap<>();
    sink.acceptedByKey().forEach((key, posts) -> {
      if (posts.size() > 1) {
        duplicates.put(key, posts);
      }
    });
    return duplicates;
  }

  static long refusedKeys(RecordingWebhook sink) {
    return sink.posts().stream().filter(p -> p.status() == 503).map(Post::key).distinct().count();
  }

  /** A worker's delivery store, read by JDBC: a SQLite file, or the PostgreSQL database a fleet shares. */
  record Store(String url, String table) {
    static Store sqlite(Path file) {
      return new Store("jdbc:sqlite:" + file, "deliveries");
    }

    static Store postgres(String url) {
      return new Store(url, "overdue.deliveries");
    }

    /** The keys in {@code state}: CLAIMED or DELIVERED. */
    Set<String> keys(String state) throws SQLException {
      Set<String> keys = new TreeSet<>();
      try (Connection connection = DriverManager.getConnection(url);
          Statement statement = connection.createStatement()) {
        if (url.startsWith("jdbc:sqlite:")) {
          statement.execute("PRAGMA busy_timeout = 10000");
        }
        try (ResultSet rows =
            statement.executeQuery("SELECT idempotency_key FROM " + table + " WHERE state = '" + state + "'")) {
          while (rows.next()) {
            keys.add(rows.getString(1));
          }
        }
      }
      return keys;
    }

    @Override
    public String toString() {
      return url.replaceAll("password=[^&]*", "password=***");
    }
  }

  @FunctionalInterface
  interface Call {
    Object call(String id) throws Exception;
  }

  /** {@code call} for each id on the client pool, each retried a few times (queries may time out under load). */
  void parallel(Collection<String> ids, Call call) throws Exception {
    parallel(ids, 5, call);
  }

  private void parallel(Collection<String> ids, int attempts, Call call) throws Exception {
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

  static String seconds(Duration duration) {
    return String.format("%.1f s", duration.toMillis() / 1000.0);
  }

  /** p50, p99 and max of a set of latenesses, in seconds. */
  record Lateness(int count, double p50, double p99, double max) {
    static Lateness of(Collection<Duration> values) {
      List<Long> millis = values.stream().map(Duration::toMillis).sorted().toList();
      if (millis.isEmpty()) {
        return new Lateness(0, 0, 0, 0);
      }
      return new Lateness(
          millis.size(), at(millis, 0.50), at(millis, 0.99), millis.get(millis.size() - 1) / 1000.0);
    }

    /**
     * The nearest-rank percentile of {@code sorted} (ascending), over 1000: milliseconds to
     * seconds, or microseconds to milliseconds.
     */
    static double at(List<Long> sorted, double share) {
      int rank = (int) Math.ceil(share * sorted.size());
      return sorted.get(Math.max(0, rank - 1)) / 1000.0;
    }

    @Override
    public String toString() {
      return count == 0 ? "n/a" : String.format("p50 %.3f s, p99 %.3f s, max %.3f s over %d", p50, p99, max, count);
    }
  }
}
