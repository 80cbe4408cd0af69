package dev.overdue.worker;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import dev.overdue.api.ApprovalWorkflow;
import io.temporal.failure.ApplicationFailure;
import org.slf4j.MDC;
import org.slf4j.Marker;

/**
 * A refused Update is one line in the log: the workflow's own {@code rejected update NAME: REASON}.
 * An Update handler refuses by throwing an ApplicationFailure, and the SDK's
 * WorkflowExecutionHandler logs every ApplicationFailure a handler throws as "Workflow execution
 * failure" at WARN with its stack trace (on each replay too), as if the workflow had failed. This
 * drops that line for refusals, unless that logger is at DEBUG; a failing workflow, and any other
 * exception out of a handler, keep it.
 */
final class RefusedUpdateLoggedOnce extends TurboFilter {
  static final String SDK_LOGGER = "io.temporal.internal.sync.WorkflowExecutionHandler";
  static final String SDK_MESSAGE = "Workflow execution failure ";
  /** The SDK's MDC key (LoggerTag.UPDATE_ID), set while an Update's validator or handler runs. */
  static final String UPDATE_ID = "UpdateId";

  @Override
  public FilterReply decide(
      Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
    if (level != Level.WARN
        || !SDK_LOGGER.equals(logger.getName())
        || format == null
        || !format.startsWith(SDK_MESSAGE)
        || MDC.get(UPDATE_ID) == null
        || WorkerLogs.atDebug(logger)) {
      return FilterReply.NEUTRAL;
    }
    return WorkerLogs.thrown(params, t) instanceof ApplicationFailure failure
            && ApprovalWorkflow.REFUSED.equals(failure.getType())
        ? FilterReply.DENY
        : FilterReply.NEUTRAL;
  }
}
