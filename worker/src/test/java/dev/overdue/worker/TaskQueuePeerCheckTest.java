package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.overdue.activities.OverdueActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Two workers with different settings on one task queue of the worker's in-memory service (the
 * README's newcomer: the quick start's worker still running when the team's starts), and a
 * service that cannot describe a task queue.
 */
class TaskQueuePeerCheckTest {
  private static final String QUEUE = "shared";
  private final List<AutoCloseable> open = new ArrayList<>();
  private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
  private final Logger logger = (Logger) LoggerFactory.getLogger(TaskQueuePeerCheck.class);

  @BeforeEach
  void captureLines() {
    lines.start();
    logger.addAppender(lines);
  }

  @AfterEach
  void tearDown() throws Exception {
    logger.detachAppender(lines);
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  @Test
  void aWorkerWithOtherSettingsOnTheQueueIsWarnedAboutOnce() throws Exception {
    String address = "127.0.0.1:" + FreePorts.free();
    open.add(EmbeddedTemporal.start(address));
    WorkflowServiceStubs stubs = stubs(address);
    String quickStart = new SettingsFingerprint("aaaaaaaa").identity("100@laptop");
    String team = new SettingsFingerprint("bbbbbbbb").identity("200@laptop");
    poll(stubs, quickStart);
    poll(stubs, team);

    TaskQueuePeerCheck check =
        new TaskQueuePeerCheck(stubs, "default", QUEUE, new TaskQueuePeers(QUEUE, team, new SettingsFingerprint("bbbbbbbb"), pid -> true));
    long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (warnings().isEmpty() && System.nanoTime() < giveUp) {
      check.check();
      Thread.sleep(100);
    }
    assertEquals(
        List.of(
            "two workers with different settings poll task queue 'shared': this one (200@laptop overdue"
                + " settings=bbbbbbbb) and 100@laptop overdue settings=aaaaaaaa; approvals may run on either,"
                + " so group lookups, calendars and signed commands may answer differently — stop one, or"
                + " give each its own --task-queue"),
        warnings());

    check.check();
    check.check();
    assertEquals(1, warnings().size(), "once, not at every look: " + warnings());
  }

  @Test
  void aServiceThatCannotDescribeTheQueueCostsOneInfoLine() throws Exception {
    // temporal-testing's own service, as the in-memory one was: it has no DescribeTaskQueue.
    int port = FreePorts.free();
    TestServer.PortBoundTestServer server = TestServer.createPortBoundServer(port, true);
    open.add(server::close);
    WorkflowServiceStubs stubs = stubs("127.0.0.1:" + port);
    String identity = new SettingsFingerprint("aaaaaaaa").identity("100@laptop");
    TaskQueuePeerCheck check =
        new TaskQueuePeerCheck(stubs, "default", QUEUE, new TaskQueuePeers(QUEUE, identity, new SettingsFingerprint("aaaaaaaa"), pid -> true));

    check.check();
    check.check();
    assertEquals(1, lines.list.size(), lines.list.toString());
    ILoggingEvent line = lines.list.get(0);
    assertEquals(Level.INFO, line.getLevel());
    assertTrue(
        line.getFormattedMessage().startsWith("cannot list the workers polling task queue 'shared' (UNIMPLEMENTED"),
        line.getFormattedMessage());
    assertNull(line.getThrowableProxy(), "no stack trace");
  }

  private List<String> warnings() {
    return lines.list.stream()
        .filter(line -> line.getLevel() == Level.WARN)
        .map(ILoggingEvent::getFormattedMessage)
        .toList();
  }

  private WorkflowServiceStubs stubs(String address) {
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder().setTarget(address).build());
    open.add(stubs::shutdownNow);
    return stubs;
  }

  /** A worker of Overdue's workflow and activities on the queue, under {@code identity}. */
  private void poll(WorkflowServiceStubs stubs, String identity) {
    WorkflowClient client =
        WorkflowClient.newInstance(
            stubs, WorkflowClientOptions.newBuilder().setNamespace("default").setIdentity(identity).build());
    WorkerFactory factory = WorkerFactory.newInstance(client);
    open.add(factory::shutdownNow);
    Worker worker = factory.newWorker(QUEUE);
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    worker.registerActivitiesImplementations(OverdueActivities.of(Deliveries.logOnly()));
    factory.start();
  }

}
