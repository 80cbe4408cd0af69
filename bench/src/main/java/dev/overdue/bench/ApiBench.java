package dev.overdue.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.client.Approvals;
import dev.overdue.client.WorkList;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionMetadata;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * Scenario {@code api}: the HTTP task API (http-api/target/overdue-api.jar, a process of its own,
 * development mode: the caller is the X-Overdue-User header) on a dev server with the worker jar
 * and K open approvals spread over a directory of users, against the same calls made directly
 * through the Temporal client in the same run. At each number of concurrent callers: "my claimable
 * tasks" (GET /api/v1/tasks?view=claimable&limit=25, read from the task index the worker writes)
 * against the same list through Temporal's visibility store ({@link WorkList#claimableByOrCut},
 * read to its end as the API once read it, at most 1,000 rows); an approve (POST
 * /api/v1/approvals/{id}/approve) against the same Update ({@link Approvals#update}), each side on
 * approvals of its own. Then how stale a list may be: after an approve through the API has
 * answered, how long until the approver's claimable list no longer shows the approval; and after a
 * start has answered, how long until its owner's list shows it.
 */
public final class ApiBench {
  static final ObjectMapper JSON = new ObjectMapper();
  /** The goals of the issue, at {@link #GOAL_CALLERS} callers. */
  static final double LIST_P99_GOAL_MS = 150;
  static final double ACTION_RATIO_GOAL = 1.2;
  static final int GOAL_CALLERS = 10;
  static final int PAGE = 25;
  /** The visibility list reads at most as many rows as the API did when it read visibility. */
  static final int SCAN_LIMIT = 1000;

  /**
   * @param approvals open approvals in the background (never decided); the approvals the approves
   *     decide and the staleness samples are started on top of them
   * @param callers the numbers of concurrent callers, one level each
   * @param requests per level and side: list calls, and approves
   * @param users the directory's users; each approval's step is offered to {@code approvers} of them
   * @param staleness samples of the staleness measurement
   * @param warmup calls of each kind and side before the first level, not measured
   * @param concurrency client threads that start the approvals
   */
  public record Options(
      int approvals,
      List<Integer> callers,
      int requests,
      int users,
      int approvers,
      int staleness,
      int warmup,
      int concurrency,
      String apiJavaOpts,
      BenchRig.Options rig,
      Duration timeout) {}

  /** Latencies of one kind of call, in nanoseconds. */
  public record Stats(long[] sorted) {
    static Stats of(List<Long> nanos) {
      long[] all = nanos.stream().mapToLong(Long::longValue).toArray();
      Arrays.sort(all);
      return new Stats(all);
    }

    double ms(double p) {
      return sorted.length == 0 ? Double.NaN : Lateness.percentile(sorted, p) / 1e6;
    }

    double p50() {
      return ms(50);
    }

    double p95() {
      return ms(95);
    }

    double p99() {
      return ms(99);
    }

    double max() {
      return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1] / 1e6;
    }

    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("n", sorted.length);
      json.put("p50Ms", round(p50()));
      json.put("p95Ms", round(p95()));
      json.put("p99Ms", round(p99()));
      json.put("maxMs", round(max()));
      return json;
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "p50 %7.1f ms  p99 %7.1f ms  max %7.1f ms  (%d)", p50(), p99(), max(), sorted.length);
    }
  }

  /** One kind of call through the API and directly. */
  public record Pair(Stats api, Stats direct) {
    double ratioP50() {
      return api.p50() / direct.p50();
    }

    double ratioP99() {
      return api.p99() / direct.p99();
    }

    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("api", api.json());
      json.put("direct", direct.json());
      json.put("ratioP50", round(ratioP50()));
      json.put("ratioP99", round(ratioP99()));
      return json;
    }
  }

  /** One level: {@code rows} is the mean number of tasks the API's list answered. */
  public record Level(int callers, Pair list, Pair approve, double rows, double directRows) {
    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("callers", callers);
      json.put("list", list.json());
      json.put("listRowsMean", round(rows));
      json.put("listMatchesMean", round(directRows));
      json.put("approve", approve.json());
      return json;
    }
  }

  /**
   * @param started every approval started, with the approves' and the staleness samples'
   * @param startsPerSecond how fast the dev server took them
   * @param visibleSeconds from the first start until the visibility store listed all READY
   */
  public record Result(
      int approvals, int users, int approvers, int started, double startsPerSecond, double visibleSeconds,
      List<Level> levels, Stats staleness, int stalenessPolls, int freshAtFirstPoll, Stats startToList,
      String loadBefore, String loadAfter) {

    Level at(int callers) {
      return levels.stream().filter(l -> l.callers() == callers).findFirst().orElse(null);
    }

    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("scenario", "api");
      json.put("approvals", approvals);
      json.put("users", users);
      json.put("approversPerStep", approvers);
      json.put("started", started);
      json.put("startsPerSecond", round(startsPerSecond));
      json.put("allVisibleSeconds", round(visibleSeconds));
      json.put("levels", levels.stream().map(Level::json).toList());
      Map<String, Object> stale = new LinkedHashMap<>(staleness.json());
      stale.put("polls", stalenessPolls);
      stale.put("freshAtFirstPoll", freshAtFirstPoll);
      json.put("staleness", stale);
      json.put("startToList", startToList.json());
      Map<String, Object> goals = new LinkedHashMap<>();
      Level goal = at(GOAL_CALLERS);
      goals.put("callers", GOAL_CALLERS);
      goals.put("listP99GoalMs", LIST_P99_GOAL_MS);
      goals.put("actionRatioGoal", ACTION_RATIO_GOAL);
      if (goal != null) {
        goals.put("listP99Ms", round(goal.list().api().p99()));
        goals.put("listMet", goal.list().api().p99() <= LIST_P99_GOAL_MS);
        goals.put("approveRatioP50", round(goal.approve().ratioP50()));
        goals.put("approveRatioP99", round(goal.approve().ratioP99()));
        goals.put("approveMet",
            goal.approve().ratioP50() <= ACTION_RATIO_GOAL && goal.approve().ratioP99() <= ACTION_RATIO_GOAL);
      }
      json.put("goals", goals);
      json.put("loadBefore", loadBefore);
      json.put("loadAfter", loadAfter);
      return json;
    }
  }

  private final Options options;
  private final BenchRun run;
  private String base;
  private WorkflowClient client;
  private Approvals approvals;

  public ApiBench(Options options, PrintStream out, PrintStream err) {
    this.options = options;
    this.run = new BenchRun(out, err, options.timeout());
  }

  static String user(int index) {
    return ApprovalLoad.user(index);
  }

  public Result run() throws Exception {
    String loadBefore = load();
    String taskQueue = "bench-api-" + run.tag;
    try (BenchRig rig = BenchRig.start(options.rig(), taskQueue, run.progress, run::checkDeadline);
        WebProcess api = WebProcess.api(options.rig(), rig, taskQueue, options.apiJavaOpts(), run.progress,
            run::checkDeadline)) {
      base = api.base();
      client = rig.client();
      approvals = new Approvals(client);

      // The approvals: the background (offered to `approvers` users each), then one queue per
      // (level, side, caller) of approvals offered to that caller's user alone, and the samples.
      List<ObjectNode> requests = new ArrayList<>();
      for (int i = 0; i < options.approvals(); i++) {
        requests.add(request("bg-" + run.tag + "-" + i, ApprovalLoad.offered(i, options.users(), options.approvers())));
      }
      List<Integer> levels = new ArrayList<>(options.callers());
      List<Integer> all = new ArrayList<>(levels);
      all.add(0, Math.min(GOAL_CALLERS, Collections.max(levels))); // the warm-up
      Map<String, List<ConcurrentLinkedQueue<String>>> queues = new LinkedHashMap<>();
      for (int l = 0; l < all.size(); l++) {
        int callers = all.get(l);
        int count = l == 0 ? options.warmup() : options.requests();
        for (String side : List.of("api", "direct")) {
          List<ConcurrentLinkedQueue<String>> perCaller = new ArrayList<>();
          for (int c = 0; c < callers; c++) {
            perCaller.add(new ConcurrentLinkedQueue<>());
          }
          for (int r = 0; r < count; r++) {
            int caller = r % callers;
            String id = "act-" + run.tag + "-" + l + side + "-" + r;
            requests.add(request(id, List.of(user(caller % options.users()))));
            perCaller.get(caller).add(Approvals.workflowId(id));
          }
          queues.put(l + side, perCaller);
        }
      }
      List<String> samples = new ArrayList<>();
      for (int s = 0; s < options.staleness(); s++) {
        String id = "stale-" + run.tag + "-" + s;
        requests.add(request(id, List.of("watcher-" + s)));
        samples.add(Approvals.workflowId(id));
      }
      Collections.shuffle(requests, new java.util.Random(7));
      ApprovalLoad.Started started =
          ApprovalLoad.startAndAwait(client, requests, taskQueue, options.concurrency(), run);

      List<Level> results = new ArrayList<>();
      int decided = 0;
      for (int l = 0; l < all.size(); l++) {
        int callers = all.get(l);
        boolean warm = l == 0;
        int count = warm ? options.warmup() : options.requests();
        String what = warm ? "warm-up, " + callers + " callers" : callers + " callers";
        List<Long> listApi = new ArrayList<>();
        List<Long> listDirect = new ArrayList<>();
        AtomicLong apiRows = new AtomicLong();
        AtomicLong directRows = new AtomicLong();
        run.progress.say(what + ": lists through the API");
        into(callers, count, (caller, n) -> {
          int rows = apiList(user((caller + n * callers) % options.users()));
          apiRows.addAndGet(rows);
        }, listApi);
        run.progress.say(what + ": lists through the Temporal client");
        into(callers, count, (caller, n) -> {
          int rows = directList(user((caller + n * callers) % options.users()));
          directRows.addAndGet(rows);
        }, listDirect);
        List<Long> approveApi = new ArrayList<>();
        List<Long> approveDirect = new ArrayList<>();
        run.progress.say(what + ": approves through the API");
        List<ConcurrentLinkedQueue<String>> apiQueue = queues.get(l + "api");
        into(callers, count, (caller, n) -> apiApprove(apiQueue.get(caller).remove(), user(caller % options.users())),
            approveApi);
        run.progress.say(what + ": approves through the Temporal client");
        List<ConcurrentLinkedQueue<String>> directQueue = queues.get(l + "direct");
        into(callers, count, (caller, n) -> approvals.update(directQueue.get(caller).remove(),
            new ApprovalCommand.Approve(user(caller % options.users()), null)), approveDirect);
        // The next level's lists, through either side, see the same tasks: none of these approves
        // still listed by a visibility store that has not caught up (the API's list would then
        // answer more than the direct list read a moment later).
        decided += 2 * count;
        ApprovalLoad.awaitReady(client, taskQueue, requests.size() - decided, run);
        if (warm) {
          continue;
        }
        Level level = new Level(callers, new Pair(Stats.of(listApi), Stats.of(listDirect)),
            new Pair(Stats.of(approveApi), Stats.of(approveDirect)), apiRows.get() / (double) count,
            directRows.get() / (double) count);
        results.add(level);
        run.progress.clear();
        run.say("%d callers (%d calls of each kind and side; a list answers %.1f of %.1f matches):", callers, count,
            level.rows(), level.directRows());
        run.say("  list     api    %s", level.list().api());
        run.say("           direct %s   api/direct p50 %.2f, p99 %.2f", level.list().direct(),
            level.list().ratioP50(), level.list().ratioP99());
        run.say("  approve  api    %s", level.approve().api());
        run.say("           direct %s   api/direct p50 %.2f, p99 %.2f", level.approve().direct(),
            level.approve().ratioP50(), level.approve().ratioP99());
      }

      run.progress.say("staleness: approve, then poll the approver's claimable list");
      List<Long> stale = new ArrayList<>();
      int polls = 0;
      int fresh = 0;
      for (int s = 0; s < samples.size(); s++) {
        run.checkDeadline();
        String watcher = "watcher-" + s;
        String id = samples.get(s);
        long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!apiListIds(watcher).contains(id)) {
          if (System.nanoTime() > giveUp) {
            throw new IllegalStateException(watcher + "'s claimable list never showed " + id);
          }
          Thread.sleep(5);
        }
        apiApprove(id, watcher);
        long answered = System.nanoTime();
        giveUp = answered + Duration.ofSeconds(60).toNanos();
        for (int poll = 1; ; poll++) {
          polls++;
          boolean listed = apiListIds(watcher).contains(id);
          long seen = System.nanoTime();
          if (!listed) {
            stale.add(seen - answered);
            fresh += poll == 1 ? 1 : 0;
            break;
          }
          if (seen > giveUp) {
            throw new IllegalStateException(id + " stayed on " + watcher + "'s claimable list 60 s after its approve");
          }
          Thread.sleep(5);
        }
      }
      run.progress.clear();
      Stats staleness = Stats.of(stale);
      run.say("staleness (approve answered -> a list of the approver's without it, polled every 5 ms): %s;"
          + " %d polls, %d of %d samples fresh at the first poll", staleness, polls, fresh, samples.size());
      Stats startToList = startToList(taskQueue, samples.size());
      run.say("a start to its owner's list (the start answered -> the claimable list shows it, polled every 5 ms): %s",
          startToList);
      Result result = new Result(options.approvals(), options.users(), options.approvers(), requests.size(), started.perSecond(),
          started.visibleSeconds(), results, staleness, polls, fresh, startToList, loadBefore, load());
      Level goal = result.at(GOAL_CALLERS);
      if (goal != null) {
        run.say("goals at %d callers: list p99 %.1f ms (goal <= %.0f ms: %s); approve api/direct p50 %.2f, p99 %.2f"
                + " (goal <= %.1f: %s)",
            GOAL_CALLERS, goal.list().api().p99(), LIST_P99_GOAL_MS,
            goal.list().api().p99() <= LIST_P99_GOAL_MS ? "met" : "MISSED",
            goal.approve().ratioP50(), goal.approve().ratioP99(), ACTION_RATIO_GOAL,
            goal.approve().ratioP50() <= ACTION_RATIO_GOAL && goal.approve().ratioP99() <= ACTION_RATIO_GOAL
                ? "met" : "MISSED");
      }
      run.say("load average: before %s, after %s", loadBefore, result.loadAfter());
      return result;
    } finally {
      run.progress.clear();
    }
  }

  /**
   * For {@code samples} approvals started one at a time, each offered to a user of its own: from the
   * start's answer until that user's claimable list (through the API) shows it.
   */
  private Stats startToList(String taskQueue, int samples) throws Exception {
    run.progress.say("a start to its owner's list");
    List<Long> appear = new ArrayList<>();
    for (int s = 0; s < samples; s++) {
      run.checkDeadline();
      String user = "newcomer-" + s;
      String id = "new-" + run.tag + "-" + s;
      approvals.start(request(id, List.of(user)), taskQueue);
      long answered = System.nanoTime();
      long giveUp = answered + Duration.ofSeconds(60).toNanos();
      while (!apiListIds(user).contains(Approvals.workflowId(id))) {
        if (System.nanoTime() > giveUp) {
          throw new IllegalStateException(user + "'s claimable list never showed " + id);
        }
        Thread.sleep(5);
      }
      appear.add(System.nanoTime() - answered);
    }
    run.progress.clear();
    return Stats.of(appear);
  }

  private static ObjectNode request(String requestId, List<String> offered) {
    return ApprovalLoad.request("API bench", requestId, offered);
  }

  private void into(int callers, int total, Callers.Call call, List<Long> into) throws Exception {
    into.addAll(Callers.run(callers, total, call, run::checkDeadline));
  }

  private HttpResponse<String> send(HttpRequest request) throws Exception {
    HttpResponse<String> response = run.http.send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          request.method() + " " + request.uri() + " answered " + response.statusCode() + ": " + response.body());
    }
    return response;
  }

  private JsonNode apiListPage(String user) throws Exception {
    return JSON.readTree(send(HttpRequest.newBuilder(URI.create(base + "/api/v1/tasks?view=claimable&limit=" + PAGE))
            .header("X-Overdue-User", user).header("Accept", "application/json").GET().build())
        .body());
  }

  /** "My claimable tasks" through the API: the rows of its first page. */
  private int apiList(String user) throws Exception {
    return apiListPage(user).path("tasks").size();
  }

  private List<String> apiListIds(String user) throws Exception {
    List<String> ids = new ArrayList<>();
    apiListPage(user).path("tasks").forEach(task -> ids.add(task.path("workflowId").asText()));
    return ids;
  }

  /** The same visibility query through the Temporal client, read as far as the API reads it. */
  private int directList(String user) {
    try (Stream<WorkflowExecutionMetadata> executions =
        client.listExecutions(new WorkList().claimableByOrCut(user).query())) {
      return (int) executions.limit(SCAN_LIMIT).map(e -> e.getTypedSearchAttributes()).count();
    }
  }

  private void apiApprove(String workflowId, String user) throws Exception {
    send(HttpRequest.newBuilder(URI.create(base + "/api/v1/approvals/"
                + URLEncoder.encode(workflowId, StandardCharsets.UTF_8) + "/approve"))
        .header("X-Overdue-User", user)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{}"))
        .build());
  }

  /** The load average (1, 5, 15 min) from /proc/loadavg. */
  static String load() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (Exception e) {
      return "unknown";
    }
  }


  static double round(double value) {
    return Double.isNaN(value) ? Double.NaN : Math.round(value * 1000) / 1000.0;
  }
}
