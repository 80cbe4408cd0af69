package dev.overdue.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.client.Approvals;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.workflow.OverdueMetrics;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One side of {@code bench scale}: how it starts a workflow with three instants, changes one
 * instant, and reports when each instant's expiry was recorded. Both sides get the same instants,
 * the same change (the last instant moved {@link #CHANGE_MILLIS} later) and the same client pool.
 */
abstract class ScaleSide {
  /** The change: the third instant moves this much later. */
  static final long CHANGE_MILLIS = 1_000;

  static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  final String name;
  WorkflowClient client;
  String taskQueue;

  ScaleSide(String name) {
    this.name = name;
  }

  void bind(WorkflowClient client, String taskQueue) {
    this.client = client;
    this.taskQueue = taskQueue;
  }

  /** The worker process's command line (after {@code java} and the JVM options). */
  abstract List<String> workerArgs(Path root, int metricsPort);

  /** The line the worker logs when it polls. */
  abstract String readyLine();

  /** The counter (Prometheus name) the worker increments at each recorded expiry. */
  abstract String expiriesSeries();

  /** Starts workflow {@code id} whose three timers expire at {@code instants} (epoch ms). */
  abstract void start(String id, long[] instants);

  /** Moves the third instant {@link #CHANGE_MILLIS} later, synchronously: applied on return. */
  abstract void change(String id);

  /**
   * The lateness of each expiry recorded so far, in ms: recorded time minus the timer's own
   * expiration date, in expiration order; {@code expiring}: how many of its timers were due.
   */
  abstract long[] lateness(String id, int expiring) throws Exception;

  /** Ends what {@link #start} left running, on a server the bench does not own. */
  abstract void cleanup(String id, int expiring);

  /** Overdue: ApprovalWorkflow on the real worker jar. */
  static final class Overdue extends ScaleSide {
    /** The three timers, in the order of their instants: all RUNNING from the start. */
    static final String[] TIMERS = {"manager.acceptance", "manager.completion", "process"};

    private Approvals approvals;

    Overdue() {
      super("overdue");
    }

    @Override
    void bind(WorkflowClient client, String taskQueue) {
      super.bind(client, taskQueue);
      approvals = new Approvals(client, request -> RequestValidator.refusal(request, Instant.now()));
    }

    @Override
    List<String> workerArgs(Path root, int metricsPort) {
      return List.of(
          "-jar",
          root.resolve("worker/target/overdue-worker.jar").toString(),
          "--no-embedded",
          "--task-queue",
          taskQueue,
          "--metrics-port",
          Integer.toString(metricsPort));
    }

    @Override
    String readyLine() {
      return "Overdue worker polling";
    }

    @Override
    String expiriesSeries() {
      return OverdueMetrics.EXPIRIES + "_total";
    }

    /**
     * One step; its acceptance and completion timers and the process timer, each with an absolute
     * limit, so all three are RUNNING from the start with the given expiration dates; handlers
     * {@code warn} (the default).
     */
    static ObjectNode request(String requestId, long[] instants) {
      ObjectNode request = NODES.objectNode();
      request.put("requestId", requestId);
      request.put("title", "bench scale");
      request.put("requester", "bench");
      request.put("timeout", Instant.ofEpochMilli(instants[2]).toString());
      ObjectNode step = request.putArray("steps").addObject();
      step.put("name", "manager");
      step.putArray("approvers").add("alice");
      step.put("offerTimeout", Instant.ofEpochMilli(instants[0]).toString());
      step.put("timeout", Instant.ofEpochMilli(instants[1]).toString());
      return request;
    }

    @Override
    void start(String id, long[] instants) {
      approvals.start(request(id, instants), taskQueue);
    }

    @Override
    void change(String id) {
      approvals.update(id, ApprovalCommand.ExtendDeadline.by(TIMERS[2], Duration.ofMillis(CHANGE_MILLIS), null));
    }

    @Override
    long[] lateness(String id, int expiring) {
      return lateness(approvals.history(id));
    }

    /** From the TimerExpired events: {@code at - input.expiresAt}. */
    static long[] lateness(List<HistoryEntry> history) {
      List<Long> late = new ArrayList<>();
      for (HistoryEntry entry : history) {
        if ("event".equals(entry.kind()) && "TimerExpired".equals(entry.name())) {
          JsonNode expiresAt = entry.input().get("expiresAt");
          late.add(
              Instant.parse(entry.at()).toEpochMilli()
                  - Instant.parse(expiresAt.asText()).toEpochMilli());
        }
      }
      return late.stream().mapToLong(Long::longValue).toArray();
    }

    @Override
    void cleanup(String id, int expiring) {
      approvals.signal(id, new ApprovalCommand.Abort("bench scale done"));
    }
  }

  /** The baseline: SleepBaselineWorkflow on the bench's own worker process. */
  static final class Baseline extends ScaleSide {
    Baseline() {
      super("baseline");
    }

    @Override
    List<String> workerArgs(Path root, int metricsPort) {
      return List.of(
          "-cp",
          root.resolve("bench/target/overdue-bench.jar").toString(),
          BaselineWorker.class.getName(),
          "--task-queue",
          taskQueue,
          "--metrics-port",
          Integer.toString(metricsPort));
    }

    @Override
    String readyLine() {
      return BaselineWorker.READY;
    }

    @Override
    String expiriesSeries() {
      return SleepBaselineWorkflow.WAKEUPS + "_total";
    }

    @Override
    void start(String id, long[] instants) {
      SleepBaselineWorkflow workflow =
          client.newWorkflowStub(
              SleepBaselineWorkflow.class,
              WorkflowOptions.newBuilder().setWorkflowId(id).setTaskQueue(taskQueue).build());
      WorkflowClient.start(
          workflow::sleepUntil, Arrays.stream(instants).boxed().toList());
    }

    @Override
    void change(String id) {
      client.newWorkflowStub(SleepBaselineWorkflow.class, id).postpone(2, CHANGE_MILLIS);
    }

    @Override
    long[] lateness(String id, int expiring) throws Exception {
      if (expiring < ScaleBench.TIMERS) {
        // Still sleeping to an instant beyond the window: asked, not awaited.
        return client.newWorkflowStub(SleepBaselineWorkflow.class, id).wakes().stream()
            .mapToLong(w -> w.woke() - w.target())
            .toArray();
      }
      WorkflowStub stub = client.newUntypedWorkflowStub(id);
      try {
        SleepBaselineWorkflow.Wake[] wakes =
            stub.getResult(5, TimeUnit.SECONDS, SleepBaselineWorkflow.Wake[].class);
        return Arrays.stream(wakes).mapToLong(w -> w.woke() - w.target()).toArray();
      } catch (TimeoutException notYet) {
        return new long[0];
      }
    }

    @Override
    void cleanup(String id, int expiring) {
      // With every instant in the window each ends by itself after its last; else it is ended.
      if (expiring < ScaleBench.TIMERS) {
        client.newUntypedWorkflowStub(id).terminate("bench scale done");
      }
    }
  }
}
