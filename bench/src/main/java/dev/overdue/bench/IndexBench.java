package dev.overdue.bench;

import dev.overdue.index.DataCondition;
import dev.overdue.index.TaskIndex;
import dev.overdue.index.TaskIndexes;
import dev.overdue.index.TaskQuery;
import dev.overdue.worker.EmbeddedTemporal;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Scenario {@code index}: the task API's lists over a task index of N open approvals (SQLite by
 * default, or the PostgreSQL {@code --index} names), as the workflows write them ({@link
 * IndexFill}), through the API jar (a process of its own, development mode, the caller's groups in
 * X-Overdue-Groups), against the same queries asked of the index directly in the same run (the
 * database alone: the floor). Kinds: the claimable list (25 rows by due date), the same filtered by
 * the request's data ({@code data.amount>=10000}), and the counts of the caller's lists.
 */
final class IndexBench {
  /** The goals at {@link #GOAL_CALLERS} callers, p99. */
  static final double LIST_GOAL_MS = 50;
  static final double DATA_GOAL_MS = 100;
  static final double COUNTS_GOAL_MS = 50;
  static final int GOAL_CALLERS = 50;

  record Options(int rows, int users, List<Integer> callers, int requests, int warmup, String index,
      String apiJavaOpts, Path root, Path runDir) {}

  private final Options options;
  private final PrintStream out;
  private final Progress progress;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  IndexBench(Options options, PrintStream out, PrintStream err) {
    this.options = options;
    this.out = out;
    this.progress = new Progress(err);
  }

  Map<String, Object> run() throws Exception {
    String location = options.index() != null ? options.index() : options.runDir().resolve("task-index.db").toString();
    IndexFill fill = new IndexFill(options.users());
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("scenario", "index");
    json.put("rows", options.rows());
    String address = "127.0.0.1:" + ChildProcess.freePort();
    // The API is ready once Temporal answers; its lists do not ask Temporal.
    try (TaskIndex index = TaskIndexes.open(location); EmbeddedTemporal temporal = EmbeddedTemporal.start(address)) {
      json.put("index", index.where());
      double seconds = fill.fill(index, options.rows(), progress);
      index.analyze(); // as after any bulk load; autovacuum would, later
      out.printf("index %s: %,d open approvals written in %.1f s (%,.0f rows/s)%n", index.where(), options.rows(), seconds,
          options.rows() / seconds);
      Map<String, String> env = new LinkedHashMap<>();
      env.put("TEMPORAL_ADDRESS", address);
      env.put("OVERDUE_TASK_INDEX", location);
      env.put("OVERDUE_API_REQUESTS_PER_SECOND", "1000000");
      try (WebProcess api = WebProcess.start("API", options.root().resolve("http-api/target/overdue-api.jar"),
          options.apiJavaOpts(), env, new BenchRig.Options(options.root(), null, List.of(), "", options.runDir()),
          progress, () -> { })) {
        Map<String, Kind> kinds = kinds(fill, index, api.base());
        for (Kind kind : kinds.values()) {
          measure(kind, options.warmup(), 10);
        }
        List<Map<String, Object>> levels = new ArrayList<>();
        for (int callers : options.callers()) {
          Map<String, Object> level = new LinkedHashMap<>();
          level.put("callers", callers);
          out.printf("%d callers (%d calls of each kind and side):%n", callers, options.requests());
          for (Map.Entry<String, Kind> kind : kinds.entrySet()) {
            ApiBench.Stats viaApi = measure(kind.getValue(), options.requests(), callers);
            ApiBench.Stats direct = measureDirect(kind.getValue(), options.requests(), callers);
            out.printf("  %-8s api    %s%n           direct %s   api/direct p50 %.2f, p99 %.2f%n", kind.getKey(), viaApi, direct,
                viaApi.p50() / direct.p50(), viaApi.p99() / direct.p99());
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("api", viaApi.json());
            figures.put("direct", direct.json());
            level.put(kind.getKey(), figures);
            if (callers == GOAL_CALLERS) {
              json.put(kind.getKey() + "P99Ms", ApiBench.round(viaApi.p99()));
            }
          }
          levels.add(level);
        }
        json.put("levels", levels);
      }
    }
    Map<String, Object> goals = new LinkedHashMap<>();
    goals.put("listP99Ms", LIST_GOAL_MS);
    goals.put("dataP99Ms", DATA_GOAL_MS);
    goals.put("countsP99Ms", COUNTS_GOAL_MS);
    goals.put("atCallers", GOAL_CALLERS);
    json.put("goals", goals);
    if (json.containsKey("listP99Ms")) {
      out.printf("goals at %d callers: list p99 %.1f ms (goal <= %.0f), data-filtered p99 %.1f ms (goal <= %.0f),"
              + " counts p99 %.1f ms (goal <= %.0f)%n", GOAL_CALLERS, (double) json.get("listP99Ms"), LIST_GOAL_MS,
          (double) json.get("dataP99Ms"), DATA_GOAL_MS, (double) json.get("countsP99Ms"), COUNTS_GOAL_MS);
    }
    return json;
  }

  /** One kind of call: through the API (a URL for user i) and directly (the same query of the index). */
  record Kind(IntFunction<HttpRequest> viaApi, IntFunction<Runnable> direct) {}

  private Map<String, Kind> kinds(IndexFill fill, TaskIndex index, String base) {
    Map<String, Kind> kinds = new LinkedHashMap<>();
    kinds.put("list", new Kind(
        user -> request(fill, base + "/api/v1/tasks?view=claimable&limit=25", user),
        user -> () -> index.list(claimable(fill, user).build())));
    kinds.put("data", new Kind(
        user -> request(fill, base + "/api/v1/tasks?view=claimable&limit=25&data.amount%3E=10000", user),
        user -> () -> index.list(claimable(fill, user)
            .data(List.of(new DataCondition("amount", DataCondition.Op.GE, "10000"))).build())));
    kinds.put("counts", new Kind(
        user -> request(fill, base + "/api/v1/tasks/counts", user),
        user -> () -> {
          for (TaskQuery.View view : List.of(TaskQuery.View.MINE, TaskQuery.View.CLAIMABLE, TaskQuery.View.REQUESTED_OPEN)) {
            index.count(TaskQuery.builder(view, IndexFill.user(user)).groups(groups(fill, user)).build());
          }
        }));
    return kinds;
  }

  private static TaskQuery.Builder claimable(IndexFill fill, int user) {
    return TaskQuery.builder(TaskQuery.View.CLAIMABLE, IndexFill.user(user)).groups(groups(fill, user)).limit(25);
  }

  private static List<String> groups(IndexFill fill, int user) {
    return List.of(fill.team(user), IndexFill.EVERYONE);
  }

  private static HttpRequest request(IndexFill fill, String url, int user) {
    return HttpRequest.newBuilder(URI.create(url))
        .header("X-Overdue-User", IndexFill.user(user))
        .header("X-Overdue-Groups", String.join(",", groups(fill, user)))
        .timeout(Duration.ofSeconds(60))
        .GET().build();
  }

  private ApiBench.Stats measure(Kind kind, int calls, int callers) throws Exception {
    return run(calls, callers, user -> {
      HttpResponse<String> answer = http.send(kind.viaApi().apply(user), HttpResponse.BodyHandlers.ofString());
      if (answer.statusCode() != 200) {
        throw new IllegalStateException("the API answered " + answer.statusCode() + ": " + answer.body());
      }
    });
  }

  private ApiBench.Stats measureDirect(Kind kind, int calls, int callers) throws Exception {
    return run(calls, callers, user -> kind.direct().apply(user).run());
  }

  interface Call {
    void make(int user) throws Exception;
  }

  /** {@code calls} calls by {@code callers} callers at once, each one call at a time, for random users. */
  private ApiBench.Stats run(int calls, int callers, Call call) throws Exception {
    ConcurrentLinkedQueue<Long> nanos = new ConcurrentLinkedQueue<>();
    AtomicInteger left = new AtomicInteger(calls);
    ExecutorService pool = Executors.newFixedThreadPool(callers);
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int c = 0; c < callers; c++) {
        running.add(pool.submit(() -> {
          while (left.getAndDecrement() > 0) {
            int user = ThreadLocalRandom.current().nextInt(options.users());
            long started = System.nanoTime();
            call.make(user);
            nanos.add(System.nanoTime() - started);
          }
          return null;
        }));
      }
      for (Future<?> future : running) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
    }
    return ApiBench.Stats.of(new ArrayList<>(nanos));
  }
}
