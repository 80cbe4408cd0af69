package dev.overdue.activities;

import dev.overdue.workflow.activities.WarningActivities;
import dev.overdue.workflow.activities.WarningNotice;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The default warning channel: one structured WARN line per warning in the worker's log. */
public final class LogWarningActivities implements WarningActivities {
  private static final Logger log = LoggerFactory.getLogger("overdue.warnings");

  @Override
  public void raiseWarning(WarningNotice warning) {
    log.warn(
        "warning workflowId={} requestId={} timer={} step={} at={} message=\"{}\"",
        warning.workflowId(),
        warning.requestId(),
        warning.timer(),
        warning.step() == null ? "-" : warning.step(),
        warning.at(),
        warning.message());
  }
}
