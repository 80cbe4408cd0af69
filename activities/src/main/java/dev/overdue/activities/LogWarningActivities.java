package dev.overdue.activities;

import dev.overdue.workflow.activities.WarningActivities;
import dev.overdue.workflow.activities.WarningNotice;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RaiseWarning activity: one structured WARN line per warning in the worker's log. Approvals
 * started since version "shape-10" write that line from the workflow and never call it; those
 * started before still do, so the worker keeps serving it.
 */
public final class LogWarningActivities implements WarningActivities {
  private static final Logger log = LoggerFactory.getLogger(WarningNotice.LOGGER);

  @Override
  public void raiseWarning(WarningNotice warning) {
    log.warn(warning.logLine());
  }
}
