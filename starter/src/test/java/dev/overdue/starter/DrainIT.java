package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.client.Approvals;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.starter.Processes.Attempt;
import dev.overdue.starter.RecordingWebhook.Post;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to a worker process whose webhook notification is in flight, against a dev server:
 * readiness fails at once, the activity finishes within the drain timeout and the worker exits 0;
 * or the activity outlives the timeout, the worker exits 3 at the bound, and Temporal retries the
 * activity on the next worker. Each prints one line of figures ({@code DRAIN ...}).
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class DrainIT {
  @RegisterExtension
  static final DevServerExtension temporal = DevServerExtension.serverOnly(DevServer.Options.headless());

  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();
  static final String RECIPIENT = "ops";

  @TempDir static Path dir;
  static WorkflowServiceStubs stubs;
  static Approvals approvals;

  @BeforeAll
  static void connect() {
    stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget(temporal.server().address()).build());
    approvals =
        new Approvals(WorkflowClient.newInstance(stubs), request -> RequestValidator.refusal(request, Instant.now()));
  }

  @AfterAll
  static void disconnect() {
    stubs.shutdownNow();
  }

  @Test
  void aNotificationInFlightFinishesDuringTheDrainAndTheWorkerExits0() throws Exception {
    int metrics = Processes.freePort();
    try (RecordingWebhook sink = new RecordingWebhook();
        WorkerProcess worker = worker("drain-finish", "drain-finish", sink, metrics, "30s")) {
      // The receiver takes 4 s to answer: the delivery is still running when SIGTERM comes.
      sink.answerAfter(Duration.ofSeconds(4));
      String id = startApproval("DRAIN-1", "drain-finish");
      awaitReceived(sink, 1);

      Instant term = Instant.now();
      worker.sigterm();
      // Readiness fails at once, while the delivery is still being answered.
      HttpResponse<String> draining = awaitReadiness(metrics, 503);
      assertTrue(draining.body().contains("draining: yes"), draining.body());
      int exit = worker.awaitExit(Duration.ofSeconds(40));
      Duration took = Duration.between(term, Instant.now());

      String log = worker.log();
      System.out.printf(
          "DRAIN finished: exit %d after %.1f s; the worker logged '%s'%n",
          exit, took.toMillis() / 1000.0, line(log, "drained in"));
      assertEquals(0, exit, log);
      assertTrue(took.compareTo(Duration.ofSeconds(30)) < 0, "exited after " + took);
      assertTrue(log.contains("drained in "), log);
      assertTrue(log.contains("1 activity running"), log);
      List<Post> posts = sink.posts();
      assertEquals(1, posts.size(), "one POST, answered during the drain: " + posts);
      assertTrue(posts.get(0).accepted(), posts.toString());
      assertEquals(0, pendingActivities(id), "the completion reached Temporal before the exit: nothing to retry");
    }
  }

  @Test
  void aNotificationThatOutlivesTheBoundIsAbandonedAndRetriedOnTheNextWorker() throws Exception {
    try (RecordingWebhook sink = new RecordingWebhook()) {
      sink.answerAfter(Duration.ofSeconds(20));
      String id;
      int exit;
      Duration took;
      String firstLog;
      try (WorkerProcess first = worker("drain-cut-1", "drain-cut", sink, Processes.freePort(), "3s")) {
        id = startApproval("DRAIN-2", "drain-cut");
        awaitReceived(sink, 1);
        Instant term = Instant.now();
        exit = first.terminate(Duration.ofSeconds(20));
        took = Duration.between(term, Instant.now());
        firstLog = first.log();
      }
      assertEquals(3, exit, firstLog);
      // The bound (3 s), then up to 5 s for the interrupted activity, then the exit itself.
      assertTrue(took.compareTo(Duration.ofSeconds(12)) < 0, "exited after " + took);
      assertTrue(firstLog.contains("drain timeout reached"), firstLog);
      assertTrue(firstLog.contains("abandoning 1 running activity"), firstLog);

      sink.answerAfter(Duration.ZERO);
      Instant next = Instant.now();
      try (WorkerProcess second = worker("drain-cut-2", "drain-cut", sink, Processes.freePort(), "30s")) {
        Post retried =
            Processes.await(
                Duration.ofMinutes(2),
                "the retry's POST from the next worker",
                () -> sink.posts().stream()
                    .filter(p -> "drain-cut-2".equals(p.worker()) && p.accepted())
                    .findFirst()
                    .map(Attempt::done)
                    .orElse(Attempt.notYet(sink.posts())));
        Processes.await(
            Duration.ofSeconds(30),
            "no activity pending",
            () -> pendingActivities(id) == 0 ? Attempt.done(true) : Attempt.notYet(pendingActivities(id)));
        System.out.printf(
            "DRAIN cut off: exit %d after %.1f s; the worker logged '%s'; the next worker's retry"
                + " arrived %.1f s after it started; POSTs received: %d%n",
            exit, took.toMillis() / 1000.0, line(firstLog, "drain timeout reached"),
            Duration.between(next, retried.at()).toMillis() / 1000.0, sink.received());
        // The abandoned attempt's POST reached the receiver before the SIGTERM (it may still be
        // waiting for its answer); the retry is a second one with the same key, for the receiver to
        // deduplicate: per-host stores cannot know the first was sent.
        assertEquals(2, sink.received(), sink.posts().toString());
      }
    }
  }

  // ---- helpers ---------------------------------------------------------------------------------

  /**
   * A worker on {@code queue} whose {@value #RECIPIENT} is a webhook to {@code sink} (each POST
   * names the worker); its delivered keys in memory, as on a host of its own.
   */
  private static WorkerProcess worker(String name, String queue, RecordingWebhook sink, int port, String drain)
      throws Exception {
    Path config = dir.resolve(name + ".yaml");
    Files.writeString(config, """
        notifications:
          webhooks:
            sink:
              url: %s
              headers: { %s: %s }
        directory:
          users:
            %s: { webhook: sink }
        """.formatted(sink.url(), RecordingWebhook.WORKER_HEADER, name, RECIPIENT));
    Map<String, String> env = new HashMap<>(temporal.server().env());
    env.put("OVERDUE_CONFIG", config.toString());
    env.put("OVERDUE_DELIVERY_STORE", "memory");
    return WorkerProcess.start(
        temporal.logs().resolve(name + ".log"), env,
        "--task-queue", queue, "--metrics-port", Integer.toString(port), "--drain-timeout", drain);
  }

  /** An approval whose own limit, 2 s, expires and notifies {@value #RECIPIENT}. */
  private static String startApproval(String requestId, String queue) {
    ObjectNode request = JSON.createObjectNode();
    request.put("requestId", requestId);
    request.put("requester", "carol");
    request.put("timeout", "PT2S");
    request.putArray("onTimeout").addObject().put("action", "notify").putArray("to").add(RECIPIENT);
    ObjectNode step = request.putArray("steps").addObject();
    step.put("name", "review");
    step.putArray("approvers").add("alice");
    return approvals.start(request, queue);
  }

  private static void awaitReceived(RecordingWebhook sink, int count) throws Exception {
    Processes.await(
        Duration.ofSeconds(60),
        count + " POST(s) arriving",
        () -> sink.received() >= count ? Attempt.done(true) : Attempt.notYet(sink.received()));
  }

  private static HttpResponse<String> awaitReadiness(int port, int status) throws Exception {
    return Processes.await(
        Duration.ofSeconds(10),
        "/readyz answering " + status,
        () -> {
          HttpResponse<String> response =
              HTTP.send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/readyz")).build(),
                  HttpResponse.BodyHandlers.ofString());
          return response.statusCode() == status ? Attempt.done(response) : Attempt.notYet(response.body());
        });
  }

  private static int pendingActivities(String workflowId) {
    return stubs
        .blockingStub()
        .describeWorkflowExecution(
            DescribeWorkflowExecutionRequest.newBuilder()
                .setNamespace("default")
                .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId))
                .build())
        .getPendingActivitiesCount();
  }

  private static String line(String log, String text) {
    return log.lines().filter(l -> l.contains(text)).findFirst().map(l -> l.replaceAll("^.* - ", "")).orElse("");
  }
}
