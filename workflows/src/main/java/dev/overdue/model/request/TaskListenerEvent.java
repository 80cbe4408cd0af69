package dev.overdue.model.request;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.util.Arrays;
import java.util.Locale;

/** The task events listeners observe, as the Serverless Workflow user task names them. */
public enum TaskListenerEvent {
  /** The step's task was created: the step became current. */
  CREATED,
  /** The task got an owner: claimed, or started or decided while offered. */
  ASSIGNED,
  /** A task property changed: released, reassigned, a deadline of the step moved. */
  UPDATED,
  /** The task was decided. */
  COMPLETED,
  /** The task ended undecided: the approval ended or an outcome skipped the step. */
  DELETED,
  /** A deadline or limit of the step expired. */
  TIMEOUT;

  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static TaskListenerEvent parse(String text) {
    return Arrays.stream(values())
        .filter(e -> e.key().equalsIgnoreCase(text == null ? "" : text.trim()))
        .findFirst()
        .orElseThrow(
            () ->
                new RuleViolation(
                    "event must be one of created, assigned, updated, completed, deleted, timeout;"
                        + " got " + Texts.quote(text)));
  }
}
