package dev.overdue.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.client.Approvals;
import dev.overdue.client.WorkList;
import io.temporal.client.WorkflowClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The open approvals the HTTP benches (api, inbox) run against: one step each, offered to users of
 * a directory ({@code user-0} …), started through the Temporal client, then waited for until the
 * visibility store lists them all READY, as a claimable list would find them.
 */
final class ApprovalLoad {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ApprovalLoad() {}

  static String user(int index) {
    return "user-" + index;
  }

  /**
   * The users the {@code index}-th background approval is offered to: {@code approvers} of
   * {@code users}, spread so that every user's claimable list matches about as many.
   */
  static List<String> offered(int index, int users, int approvers) {
    List<String> offered = new ArrayList<>();
    for (int k = 0; k < approvers; k++) {
      offered.add(user((index + k * (users / approvers + 1)) % users));
    }
    return offered;
  }

  /** A request of one step, named {@code review}, offered to {@code offered}. */
  static ObjectNode request(String title, String requestId, List<String> offered) {
    ObjectNode request = JSON.createObjectNode();
    request.put("requestId", requestId);
    request.put("title", title + " " + requestId);
    request.put("requester", "requester-" + Math.floorMod(requestId.hashCode(), 20));
    ObjectNode step = request.putArray("steps").addObject();
    step.put("name", "review");
    offered.forEach(step.putArray("approvers")::add);
    return request;
  }

  /**
   * How the server took them: starts per second through the client, and seconds from the first
   * start until the visibility store listed them all READY.
   */
  record Started(double perSecond, double visibleSeconds) {}

  /**
   * Starts every request on {@code taskQueue} from {@code concurrency} threads, then waits until
   * the visibility store lists them all READY, saying how long each took.
   */
  static Started startAndAwait(WorkflowClient client, List<ObjectNode> requests, String taskQueue, int concurrency,
      BenchRun run) throws Exception {
    long began = System.nanoTime();
    startAll(new Approvals(client), requests, taskQueue, concurrency, run);
    double startSeconds = (System.nanoTime() - began) / 1e9;
    double rate = requests.size() / startSeconds;
    run.say("started %d approvals in %.1f s: %.0f/s (%d client threads)", requests.size(), startSeconds, rate,
        concurrency);
    awaitReady(client, taskQueue, requests.size(), run);
    double visible = (System.nanoTime() - began) / 1e9;
    run.say("all %d READY in the visibility store %.1f s after the first start", requests.size(), visible);
    return new Started(rate, visible);
  }

  /**
   * Waits until the visibility store lists exactly {@code expected} approvals READY on {@code
   * taskQueue}: it is eventually consistent, so lists read right after starts or decisions may not
   * show them yet.
   */
  static void awaitReady(WorkflowClient client, String taskQueue, int expected, BenchRun run) throws Exception {
    String ready = new WorkList().inTaskState("READY").where("TaskQueue = '" + taskQueue + "'").query();
    while (client.countWorkflows(ready).getCount() != expected) {
      run.checkDeadline();
      Thread.sleep(50);
    }
  }

  private static void startAll(Approvals approvals, List<ObjectNode> requests, String taskQueue, int concurrency,
      BenchRun run) throws Exception {
    AtomicInteger next = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    run.progress.show(() -> "starting approvals: " + done.get() + " of " + requests.size());
    ExecutorService pool = Executors.newFixedThreadPool(concurrency);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < concurrency; t++) {
        futures.add(pool.submit(() -> {
          for (int i = next.getAndIncrement(); i < requests.size(); i = next.getAndIncrement()) {
            run.checkDeadline();
            approvals.start(requests.get(i), taskQueue);
            done.incrementAndGet();
          }
          return null;
        }));
      }
      for (Future<?> future : futures) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
      run.progress.stopShowing();
    }
  }
}
