package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import dev.overdue.api.ApprovalWorkflow;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

/** Which of the SDK's "Workflow execution failure" warnings the filter drops: refused Updates' only. */
class RefusedUpdateLoggedOnceTest {
  static final String FAILURE = "Workflow execution failure WorkflowId='{}', RunId={}, WorkflowType='{}'";

  final LogLines lines = new LogLines().with(new RefusedUpdateLoggedOnce());
  final Logger sdk = lines.logger(RefusedUpdateLoggedOnce.SDK_LOGGER);

  @AfterEach
  void clearMdc() {
    MDC.clear();
  }

  private void fail(Throwable thrown) {
    sdk.warn(FAILURE, "approval-EXP-7", "run-1", "ApprovalWorkflow", thrown);
  }

  private static ApplicationFailure refusal() {
    return ApplicationFailure.newNonRetryableFailure("not a potential owner", ApprovalWorkflow.REFUSED);
  }

  @Test
  void aRefusalInAnUpdateIsDropped() {
    MDC.put(RefusedUpdateLoggedOnce.UPDATE_ID, "update-1");
    fail(refusal());
    assertEquals(List.of(), lines.all());
  }

  @Test
  void aBugOrAFailingWorkflowStillWarnsWithItsStackTrace() {
    fail(refusal()); // not in an Update: the workflow method itself
    MDC.put(RefusedUpdateLoggedOnce.UPDATE_ID, "update-1");
    fail(new NullPointerException("a bug"));
    fail(ApplicationFailure.newNonRetryableFailure("invalid", ApprovalWorkflow.INVALID_REQUEST));
    sdk.error(FAILURE, "approval-EXP-7", "run-1", "ApprovalWorkflow", refusal());
    lines.logger("dev.overdue.workflow.ApprovalWorkflowImpl").warn("another logger", refusal());

    assertEquals(5, lines.all().size(), String.join("\n", lines.all()));
    assertEquals(5, lines.withStackTrace());
  }

  @Test
  void atDebugTheSdksLineShowsToo() {
    sdk.setLevel(Level.DEBUG);
    MDC.put(RefusedUpdateLoggedOnce.UPDATE_ID, "update-1");
    fail(refusal());
    assertEquals(
        List.of("WARN Workflow execution failure WorkflowId='approval-EXP-7', RunId=run-1, WorkflowType='ApprovalWorkflow'"),
        lines.all());
  }
}
