package dev.overdue.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.client.Approvals;
import java.io.PrintStream;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Scenario {@code inbox}: the inbox (inbox/target/overdue-inbox.jar, development mode, a process of
 * its own) in front of the task API (http-api/target/overdue-api.jar, likewise) on a dev server with
 * the worker jar and K open approvals spread over a directory of users, as {@link ApiBench} sets
 * them up. Each of C people signs in to the inbox as a user of their own, with a session of their
 * own, then opens their "open to me" list (GET /tasks?view=claimable) and a task page (GET
 * /tasks/{id}, an approval offered to them). The baseline, measured in the same run: the API calls
 * the page makes, made directly with the same development header (the list: its one GET
 * /api/v1/tasks; the task page: its four reads side by side). So the ratio inbox/baseline is what
 * the inbox adds: its hop, its session, its rendering.
 */
public final class InboxBench {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");
  /** The goal: both pages within this p95 server time at {@link ApiBench#GOAL_CALLERS} callers. */
  static final double P95_GOAL_MS = 200;
  static final String LIST_URI = "/tasks";
  static final String TASK_URI = "/tasks/{id}";

  /**
   * @param approvals open approvals (never decided); each person's task pages are theirs
   * @param callers the numbers of concurrent people, one level each
   * @param requests per level, kind (list, task page) and side (inbox, baseline)
   * @param users the directory's users; each approval's step is offered to {@code approvers} of them
   * @param warmup requests of each kind and side before the first level, not measured
   * @param concurrency client threads that start the approvals
   */
  public record Options(
      int approvals,
      List<Integer> callers,
      int requests,
      int users,
      int approvers,
      int warmup,
      int concurrency,
      String apiJavaOpts,
      String inboxJavaOpts,
      BenchRig.Options rig,
      Duration timeout) {}

  /**
   * One page at one level: the client's latencies through the inbox, the inbox's own server time,
   * and the baseline's latencies.
   */
  public record Page(ApiBench.Stats inbox, ServerTime server, ApiBench.Stats baseline) {
    double ratio(double percentile) {
      return inbox.ms(percentile) / baseline.ms(percentile);
    }

    /** The p95 the goal is judged on: the server's own when its histogram answered, else the client's. */
    double goalP95() {
      return server.known() ? server.p95() : inbox.p95();
    }

    /** How much of the page's median the API's calls are. */
    double apiShare() {
      return baseline.p50() / inbox.p50();
    }

    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("inbox", inbox.json());
      json.put("inboxServer", server.json());
      json.put("baseline", baseline.json());
      json.put("ratioP50", ApiBench.round(ratio(50)));
      json.put("ratioP95", ApiBench.round(ratio(95)));
      json.put("ratioP99", ApiBench.round(ratio(99)));
      json.put("apiShareP50", ApiBench.round(apiShare()));
      return json;
    }
  }

  public record Level(int callers, Page list, Page task) {
    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("callers", callers);
      json.put("list", list.json());
      json.put("task", task.json());
      return json;
    }
  }

  public record Result(int approvals, int users, int approvers, double startsPerSecond, double visibleSeconds,
      List<Level> levels, String loadBefore, String loadAfter) {
    Level at(int callers) {
      return levels.stream().filter(l -> l.callers() == callers).findFirst().orElse(null);
    }

    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("scenario", "inbox");
      json.put("approvals", approvals);
      json.put("users", users);
      json.put("approversPerStep", approvers);
      json.put("startsPerSecond", ApiBench.round(startsPerSecond));
      json.put("allVisibleSeconds", ApiBench.round(visibleSeconds));
      json.put("levels", levels.stream().map(Level::json).toList());
      Map<String, Object> goals = new LinkedHashMap<>();
      goals.put("callers", ApiBench.GOAL_CALLERS);
      goals.put("p95GoalMs", P95_GOAL_MS);
      Level goal = at(ApiBench.GOAL_CALLERS);
      if (goal != null) {
        goals.put("p95From", goal.list().server().known() && goal.task().server().known() ? "server" : "client");
        goals.put("listP95Ms", ApiBench.round(goal.list().goalP95()));
        goals.put("taskP95Ms", ApiBench.round(goal.task().goalP95()));
        goals.put("met", goal.list().goalP95() <= P95_GOAL_MS && goal.task().goalP95() <= P95_GOAL_MS);
      }
      json.put("goals", goals);
      json.put("loadBefore", loadBefore);
      json.put("loadAfter", loadAfter);
      return json;
    }
  }

  private final Options options;
  private final BenchRun run;
  private String api;
  private String inbox;
  private String metrics;

  public InboxBench(Options options, PrintStream out, PrintStream err) {
    this.options = options;
    this.run = new BenchRun(out, err, options.timeout());
  }

  /** A person in the inbox: their own cookies (the session), their own connection. */
  private final class Person {
    final String user;
    final List<String> tasks;
    final HttpClient browser = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .cookieHandler(new CookieManager()).followRedirects(HttpClient.Redirect.NEVER)
        .connectTimeout(Duration.ofSeconds(5)).build();

    Person(String user, List<String> tasks) {
      this.user = user;
      this.tasks = tasks;
    }

    /** The development mode's sign-in form, with the CSRF token its page carries. */
    void signIn() throws Exception {
      HttpResponse<String> form = browser.send(HttpRequest.newBuilder(URI.create(inbox + "/sign-in")).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      Matcher token = CSRF.matcher(form.body());
      if (!token.find()) {
        throw new IllegalStateException("the inbox's sign-in page (" + form.statusCode() + ") has no CSRF token");
      }
      String body = Map.of("user", user, "groups", "", "_csrf", token.group(1)).entrySet().stream()
          .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
          .collect(Collectors.joining("&"));
      HttpResponse<String> signedIn = browser.send(HttpRequest.newBuilder(URI.create(inbox + "/sign-in"))
              .header("Content-Type", "application/x-www-form-urlencoded")
              .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
          HttpResponse.BodyHandlers.ofString());
      if (signedIn.statusCode() != 302) {
        throw new IllegalStateException("signing in as " + user + " answered " + signedIn.statusCode());
      }
    }

    void open(String path) throws Exception {
      HttpResponse<String> page = browser.send(HttpRequest.newBuilder(URI.create(inbox + path)).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      if (page.statusCode() != 200) {
        throw new IllegalStateException("GET " + path + " as " + user + " answered " + page.statusCode()
            + (page.statusCode() / 100 == 3 ? " to " + page.headers().firstValue("Location").orElse("?") : ""));
      }
    }

    String task(int n) {
      return tasks.get(n % tasks.size());
    }
  }

  public Result run() throws Exception {
    String loadBefore = ApiBench.load();
    String taskQueue = "bench-inbox-" + run.tag;
    BenchRig.Options rigOptions = options.rig();
    try (BenchRig rig = BenchRig.start(rigOptions, taskQueue, run.progress, run::checkDeadline);
        WebProcess apiProcess =
            WebProcess.api(rigOptions, rig, taskQueue, options.apiJavaOpts(), run.progress, run::checkDeadline);
        WebProcess inboxProcess = WebProcess.start("inbox", rigOptions.root().resolve("inbox/target/overdue-inbox.jar"),
            options.inboxJavaOpts(), Map.of("OVERDUE_INBOX_API_URL", apiProcess.base()), rigOptions, run.progress,
            run::checkDeadline)) {
      api = apiProcess.base();
      inbox = inboxProcess.base();
      metrics = inboxProcess.management() + "/actuator/prometheus";

      // The approvals, each offered to `approvers` users; a person's task pages are those offered to them.
      List<ObjectNode> requests = new ArrayList<>();
      Map<String, List<String>> offeredTo = new HashMap<>();
      for (int i = 0; i < options.approvals(); i++) {
        String id = "inbox-" + run.tag + "-" + i;
        List<String> offered = ApprovalLoad.offered(i, options.users(), options.approvers());
        requests.add(ApprovalLoad.request("Inbox bench", id, offered));
        offered.forEach(user -> offeredTo.computeIfAbsent(user, u -> new ArrayList<>()).add(Approvals.workflowId(id)));
      }
      Collections.shuffle(requests, new java.util.Random(7));
      ApprovalLoad.Started started =
          ApprovalLoad.startAndAwait(rig.client(), requests, taskQueue, options.concurrency(), run);

      int most = Collections.max(options.callers());
      List<Person> people = new ArrayList<>();
      for (int c = 0; c < most; c++) {
        String user = ApprovalLoad.user(c % options.users());
        List<String> tasks = offeredTo.getOrDefault(user, List.of());
        if (tasks.isEmpty()) {
          throw new IllegalStateException(user + " is offered no approval: raise --approvals or lower --users");
        }
        Person person = new Person(user, tasks);
        person.signIn();
        people.add(person);
      }
      run.say("%d people signed in to the inbox, each with a session of their own", people.size());

      List<Integer> all = new ArrayList<>(options.callers());
      all.add(0, most); // the warm-up: every person's session reads /api/v1/me on its first page
      List<Level> results = new ArrayList<>();
      AtomicLong rows = new AtomicLong();
      for (int l = 0; l < all.size(); l++) {
        int callers = all.get(l);
        boolean warm = l == 0;
        int count = warm ? Math.max(options.warmup(), most) : options.requests();
        String what = warm ? "warm-up, " + callers + " people" : callers + " people";
        rows.set(0);
        Page list = page(what, "list", LIST_URI, callers, count,
            (caller, n) -> people.get(caller).open("/tasks?view=claimable"),
            (caller, n) -> rows.addAndGet(baselineList(people.get(caller).user)));
        Page task = page(what, "task page", TASK_URI, callers, count,
            (caller, n) -> people.get(caller).open("/tasks/" + people.get(caller).task(n)),
            (caller, n) -> baselineTask(people.get(caller).user, people.get(caller).task(n)));
        if (warm) {
          continue;
        }
        Level level = new Level(callers, list, task);
        results.add(level);
        run.progress.clear();
        run.say("%d people (%d requests of each kind and side; the API's list answers %.1f rows):", callers, count,
            rows.get() / (double) count);
        report("list page", "GET /tasks?view=claimable", "GET /api/v1/tasks", list);
        report("task page", "GET /tasks/{id}", "its 4 API reads side by side", task);
      }
      Result result = new Result(options.approvals(), options.users(), options.approvers(), started.perSecond(),
          started.visibleSeconds(), results, loadBefore, ApiBench.load());
      Level goal = result.at(ApiBench.GOAL_CALLERS);
      if (goal != null) {
        boolean server = goal.list().server().known() && goal.task().server().known();
        run.say("goal at %d people: p95 %s time <= %.0f ms: list page %.1f ms, task page %.1f ms: %s",
            ApiBench.GOAL_CALLERS, server ? "server (the inbox's histogram)" : "client", P95_GOAL_MS,
            goal.list().goalP95(), goal.task().goalP95(),
            goal.list().goalP95() <= P95_GOAL_MS && goal.task().goalP95() <= P95_GOAL_MS ? "met" : "MISSED");
      }
      run.say("load average: before %s, after %s", loadBefore, result.loadAfter());
      return result;
    } finally {
      run.progress.clear();
    }
  }

  /** One page at one level: the inbox's side (its histogram scraped around it), then the baseline's. */
  private Page page(String what, String kind, String uri, int callers, int count, Callers.Call inboxCall,
      Callers.Call baselineCall) throws Exception {
    run.progress.say(what + ": " + kind + " through the inbox");
    NavigableMap<Double, Double> before = serverBuckets(uri);
    List<Long> inboxSide = Callers.run(callers, count, inboxCall, run::checkDeadline);
    ServerTime server = ServerTime.between(before, serverBuckets(uri));
    run.progress.say(what + ": " + kind + "'s API calls, directly");
    List<Long> baselineSide = Callers.run(callers, count, baselineCall, run::checkDeadline);
    return new Page(ApiBench.Stats.of(inboxSide), server, ApiBench.Stats.of(baselineSide));
  }

  private void report(String kind, String inboxRequest, String baselineRequest, Page page) {
    run.say("  %-9s inbox    %s   %s", kind, line(page.inbox()), inboxRequest);
    if (page.server().known()) {
      run.say("            server   p50 %7.1f ms  p95 %7.1f ms  p99 %7.1f ms                   the inbox's own histogram",
          page.server().p50(), page.server().p95(), page.server().p99());
    } else {
      run.say("            server   (no histogram in the inbox's /actuator/prometheus)");
    }
    run.say("            baseline %s   %s", line(page.baseline()), baselineRequest);
    run.say("            inbox/baseline p50 %.2f, p95 %.2f, p99 %.2f; the API's calls are %.0f%% of the page's p50",
        page.ratio(50), page.ratio(95), page.ratio(99), 100 * page.apiShare());
  }

  private static String line(ApiBench.Stats stats) {
    return String.format(Locale.ROOT, "p50 %7.1f ms  p95 %7.1f ms  p99 %7.1f ms  max %7.1f ms", stats.p50(),
        stats.p95(), stats.p99(), stats.max());
  }

  /** The inbox's page-time buckets for {@code uri} (GET, answered 200); empty when it has none. */
  private NavigableMap<Double, Double> serverBuckets(String uri) throws Exception {
    HttpResponse<String> scrape = run.http.send(HttpRequest.newBuilder(URI.create(metrics)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    return PrometheusText.parse(scrape.body()).buckets("http_server_requests_seconds",
        labels -> uri.equals(labels.get("uri")) && "GET".equals(labels.get("method")) && "200".equals(labels.get("status")));
  }

  private HttpRequest.Builder apiGet(String path, String user) {
    return HttpRequest.newBuilder(URI.create(api + path)).header("X-Overdue-User", user)
        .header("Accept", "application/json").GET();
  }

  private static void check(HttpRequest request, HttpResponse<String> response) {
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          request.method() + " " + request.uri() + " answered " + response.statusCode() + ": " + response.body());
    }
  }

  /** The list page's one API call, as the inbox asks it (the list's natural order). */
  private int baselineList(String user) throws Exception {
    HttpRequest request = apiGet("/api/v1/tasks?sort=due&view=claimable", user).build();
    HttpResponse<String> response = run.http.send(request, HttpResponse.BodyHandlers.ofString());
    check(request, response);
    return JSON.readTree(response.body()).path("tasks").size();
  }

  /** The task page's four reads, side by side as the inbox makes them; done when the last answers. */
  private void baselineTask(String user, String workflowId) {
    String approval = "/api/v1/approvals/" + URLEncoder.encode(workflowId, StandardCharsets.UTF_8);
    List<CompletableFuture<Void>> reads = new ArrayList<>();
    for (String path : List.of(approval, approval + "/plan", approval + "/history", approval + "/actions")) {
      HttpRequest request = apiGet(path, user).build();
      reads.add(run.http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenAccept(r -> check(request, r)));
    }
    CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).join();
  }

}
