package dev.overdue.starter;


import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.TimerInfo;
import dev.overdue.client.Approvals;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.starter.Processes.Attempt;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The open-timer gauges of a fleet: two worker processes on one task queue of a dev server, one
 * killed with kill -9 and another started in its place while the approvals' tasks move between
 * them. At every stage each live worker's {@code overdue_timers_running} / {@code _suspended}
 * equals the true number, the sum of the approvals' own {@code timers} query; after the approvals
 * end both are 0. Per-worker counts could not pass this: the killed worker's share dies with it.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class TimerGaugesIT {
  @RegisterExtension
  static final DevServerExtension temporal = DevServerExtension.serverOnly(DevServer.Options.headless());

  static final String QUEUE = "gauges";
  static final int APPROVALS = 12;
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();
  static final Pattern SAMPLE = Pattern.compile("(?m)^(overdue_timers_(?:running|suspended)) (\\S+)$");

  @Test
  void everyWorkerShowsTheFleetsOpenTimersThroughKillsAndMoves() throws Exception {
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget(temporal.server().address()).build());
    try {
      Approvals approvals =
          new Approvals(WorkflowClient.newInstance(stubs), request -> RequestValidator.refusal(request, Instant.now()));
      int port1 = Processes.freePort();
      int port2 = Processes.freePort();
      int port3 = Processes.freePort();
      WorkerProcess first = worker("gauges-1", port1);
      try (WorkerProcess second = worker("gauges-2", port2)) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < APPROVALS; i++) {
          ids.add(approvals.start(request("GAUGE-" + i), QUEUE));
        }
        // Each approval runs two timers: its own limit and its step's.
        Counts started = awaitTruth(approvals, ids, new Counts(2 * APPROVALS, 0));
        awaitGauges(started, port1, port2);

        // kill -9: the first worker's approvals go on at the second.
        first.kill();
        for (String id : ids.subList(0, 4)) {
          approvals.update(id, "suspend", JSON.readTree("{}"));
        }
        Counts suspended = awaitTruth(approvals, ids, new Counts(2 * APPROVALS - 8, 8));
        awaitGauges(suspended, port2);

        // A worker in its place: tasks now go to either.
        try (WorkerProcess third = worker("gauges-3", port3)) {
          awaitGauges(suspended, port2, port3);
          for (String id : ids.subList(4, 8)) {
            approvals.update(id, "approve", JSON.readTree("{\"user\":\"alice\"}"));
          }
          approvals.update(ids.get(0), "resume", JSON.readTree("{}"));
          Counts moved = awaitTruth(approvals, ids, new Counts(2 * APPROVALS - 14, 6));
          awaitGauges(moved, port2, port3);

          for (String id : ids) {
            if (!ids.subList(4, 8).contains(id)) {
              approvals.update(id, "abort", JSON.readTree("{\"reason\":\"test over\"}"));
            }
          }
          awaitGauges(new Counts(0, 0), port2, port3);
          System.out.printf(
              "GAUGES %d approvals: started %s, after kill -9 and 4 suspends %s, after 4 approvals and a"
                  + " resume %s, after the rest aborted 0/0 on both live workers%n",
              APPROVALS, started, suspended, moved);
        }
      } finally {
        first.close();
      }
    } finally {
      stubs.shutdownNow();
    }
  }

  record Counts(long running, long suspended) {
    @Override
    public String toString() {
      return running + " running/" + suspended + " suspended";
    }
  }

  private static ObjectNode request(String requestId) {
    ObjectNode request = JSON.createObjectNode();
    request.put("requestId", requestId);
    request.put("requester", "carol");
    request.put("timeout", "P5D");
    ObjectNode step = request.putArray("steps").addObject();
    step.put("name", "review");
    step.putArray("approvers").add("alice");
    step.put("timeout", "P2D");
    return request;
  }

  /** The true numbers, from each open approval's own {@code timers} query; checks the expected. */
  private static Counts awaitTruth(Approvals approvals, List<String> ids, Counts expected) throws Exception {
    return Processes.await(
        Duration.ofSeconds(60),
        "the approvals' timers at " + expected,
        () -> {
          long running = 0;
          long suspended = 0;
          for (String id : ids) {
            if (approvals.status(id).state().matches("ACTIVE|SUSPENDED")) {
              for (TimerInfo timer : approvals.timers(id)) {
                running += "RUNNING".equals(timer.state()) ? 1 : 0;
                suspended += "SUSPENDED".equals(timer.state()) ? 1 : 0;
              }
            }
          }
          Counts truth = new Counts(running, suspended);
          return truth.equals(expected) ? Attempt.done(truth) : Attempt.notYet(truth);
        });
  }

  /** Each worker's gauges reach {@code expected} (visibility and the count interval lag a little). */
  private static void awaitGauges(Counts expected, int... ports) throws Exception {
    for (int port : ports) {
      Processes.await(
          Duration.ofSeconds(30),
          "the gauges of the worker on port " + port + " at " + expected,
          () -> {
            Counts seen = gauges(port);
            return expected.equals(seen) ? Attempt.done(seen) : Attempt.notYet(seen);
          });
    }
  }

  private static Counts gauges(int port) throws Exception {
    HttpResponse<String> scrape =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
            HttpResponse.BodyHandlers.ofString());
    Map<String, Long> values = new java.util.HashMap<>();
    Matcher matcher = SAMPLE.matcher(scrape.body());
    while (matcher.find()) {
      values.put(matcher.group(1), Math.round(Double.parseDouble(matcher.group(2))));
    }
    if (values.size() < 2) {
      return null;
    }
    return new Counts(values.get("overdue_timers_running"), values.get("overdue_timers_suspended"));
  }

  private static WorkerProcess worker(String name, int port) throws Exception {
    return WorkerProcess.start(
        temporal.logs().resolve(name + ".log"), temporal.server().env(),
        "--task-queue", QUEUE, "--metrics-port", Integer.toString(port),
        "--timer-count-interval", "1s", "--delivery-store", "memory");
  }
}
