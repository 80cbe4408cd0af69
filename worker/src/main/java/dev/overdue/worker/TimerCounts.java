package dev.overdue.worker;

import static dev.overdue.api.ApprovalSearchAttributes.TIMERS_RUNNING;
import static dev.overdue.api.ApprovalSearchAttributes.TIMERS_SUSPENDED;

import com.google.protobuf.ByteString;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.workflow.OverdueMetrics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.filter.v1.WorkflowTypeFilter;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import io.temporal.api.workflowservice.v1.CountWorkflowExecutionsRequest;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.api.workflowservice.v1.ListOpenWorkflowExecutionsRequest;
import io.temporal.api.workflowservice.v1.ListOpenWorkflowExecutionsResponse;
import io.temporal.client.WorkflowClient;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gauges {@code overdue_timers_running} and {@code overdue_timers_suspended}: the fleet's open
 * timers, counted from Temporal's visibility every interval. Each approval publishes its own
 * numbers as the search attributes TimersRunning and TimersSuspended, so the count is of durable
 * state: it does not depend on which worker ran which approval, survives restarts and kill -9, and
 * every worker reports the same fleet-wide number (aggregate with {@code max}, not {@code sum}).
 *
 * <p>Visibility counts approvals, not a sum of attributes, so the sum is taken in layers: the
 * approvals with at least k running timers, for k = 1, 2, … until none has k — one count per
 * layer, a handful in practice. The in-memory service has no count: there the open approvals are
 * listed and described, and their attributes added up (it holds one worker's approvals, a few).
 */
final class TimerCounts implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(TimerCounts.class);

  static final String OPEN_APPROVALS =
      "WorkflowType = '" + ApprovalWorkflow.TYPE + "' AND ExecutionStatus = 'Running'";
  /** More layers than any approval has timers: a bound against a query that never reaches 0. */
  static final int MAX_LAYERS = 10_000;

  private final ScheduledExecutorService schedule;

  private TimerCounts(ScheduledExecutorService schedule) {
    this.schedule = schedule;
  }

  /** Counts every {@code interval} into gauges of {@code registry}; nothing when either is off. */
  static TimerCounts start(WorkflowClient client, boolean embedded, Duration interval, MeterRegistry registry) {
    if (registry == null || interval.isZero()) {
      return new TimerCounts(null);
    }
    AtomicLong running = new AtomicLong();
    AtomicLong suspended = new AtomicLong();
    ScheduledExecutorService schedule =
        DaemonScheduler.named("overdue-timer-counts");
    Runnable count =
        new Runnable() {
          private boolean registered;
          private boolean failing;

          @Override
          public void run() {
            try {
              WorkflowServiceStubs stubs = client.getWorkflowServiceStubs();
              String namespace = client.getOptions().getNamespace();
              if (embedded) {
                running.set(listed(stubs, namespace, TIMERS_RUNNING.getName()));
                suspended.set(listed(stubs, namespace, TIMERS_SUSPENDED.getName()));
              } else {
                running.set(layered(query -> count(stubs, namespace, query), TIMERS_RUNNING.getName()));
                suspended.set(layered(query -> count(stubs, namespace, query), TIMERS_SUSPENDED.getName()));
              }
              if (!registered) {
                // Registered at the first count: before it, no value is better than a wrong 0.
                Gauge.builder(OverdueMetrics.TIMERS_RUNNING, running, AtomicLong::get)
                    .description("Timers RUNNING over the fleet's open approvals, counted from visibility")
                    .register(registry);
                Gauge.builder(OverdueMetrics.TIMERS_SUSPENDED, suspended, AtomicLong::get)
                    .description("Timers SUSPENDED over the fleet's open approvals, counted from visibility")
                    .register(registry);
                registered = true;
              }
              failing = false;
            } catch (RuntimeException e) {
              // Said once per failure, not at every interval; the gauges keep their last value. A
              // server out of reach is ServerOutage's line.
              if (!failing && ServerOutage.unavailable(e) == null) {
                log.warn("cannot count the open timers from visibility: {}", e.toString());
              }
              failing = true;
            }
          }
        };
    schedule.scheduleWithFixedDelay(count, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    return new TimerCounts(schedule);
  }

  /**
   * The sum of {@code attribute} over the open approvals: Σ over k ≥ 1 of the number of approvals
   * whose value is at least k.
   */
  static long layered(ToLongFunction<String> count, String attribute) {
    long total = 0;
    for (int k = 1; k <= MAX_LAYERS; k++) {
      long atLeastK = count.applyAsLong(OPEN_APPROVALS + " AND " + attribute + " >= " + k);
      if (atLeastK == 0) {
        break;
      }
      total += atLeastK;
    }
    return total;
  }

  private static long count(WorkflowServiceStubs stubs, String namespace, String query) {
    return stubs
        .blockingStub()
        .withDeadlineAfter(10, TimeUnit.SECONDS)
        .countWorkflowExecutions(
            CountWorkflowExecutionsRequest.newBuilder().setNamespace(namespace).setQuery(query).build())
        .getCount();
  }

  /**
   * The in-memory service's way: every open approval listed, and described, as its listing carries
   * no search attributes.
   */
  private static long listed(WorkflowServiceStubs stubs, String namespace, String attribute) {
    long total = 0;
    ByteString page = ByteString.EMPTY;
    do {
      ListOpenWorkflowExecutionsResponse response =
          stubs
              .blockingStub()
              .withDeadlineAfter(10, TimeUnit.SECONDS)
              .listOpenWorkflowExecutions(
                  ListOpenWorkflowExecutionsRequest.newBuilder()
                      .setNamespace(namespace)
                      .setTypeFilter(WorkflowTypeFilter.newBuilder().setName(ApprovalWorkflow.TYPE))
                      .setMaximumPageSize(1000)
                      .setNextPageToken(page)
                      .build());
      for (WorkflowExecutionInfo listed : response.getExecutionsList()) {
        Payload value =
            stubs
                .blockingStub()
                .withDeadlineAfter(10, TimeUnit.SECONDS)
                .describeWorkflowExecution(
                    DescribeWorkflowExecutionRequest.newBuilder()
                        .setNamespace(namespace)
                        .setExecution(listed.getExecution())
                        .build())
                .getWorkflowExecutionInfo()
                .getSearchAttributes()
                .getIndexedFieldsMap()
                .get(attribute);
        if (value != null) {
          Long number = DefaultDataConverter.STANDARD_INSTANCE.fromPayload(value, Long.class, Long.class);
          total += number == null ? 0 : number;
        }
      }
      page = response.getNextPageToken();
    } while (!page.isEmpty());
    return total;
  }

  @Override
  public void close() {
    if (schedule != null) {
      schedule.shutdownNow();
    }
  }
}
