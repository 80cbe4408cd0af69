package dev.overdue.model.request;

import dev.overdue.model.Texts;

/**
 * What a completion deadline counts from: the task's creation (WS-HumanTask, the default) or,
 * with {@code from: claim}, the moment someone owns it (Orkes measures its SLA from the
 * assignment); each new owner gets the whole duration again.
 */
public final class DeadlineFrom {
  private DeadlineFrom() {}

  static final String CREATION = "creation";
  public static final String CLAIM= "claim";

  /** Why {@code from} is not a deadline's start, or null; {@code completion} for a completion deadline. */
  static String problem(String from, boolean completion) {
    if (from == null || from.equals(CREATION)) {
      return null;
    }
    if (!from.equals(CLAIM)) {
      return "from: creation (the default) or claim, got " + Texts.quote(from);
    }
    return completion ? null : "from: claim is for completion deadlines: a start deadline is met by the start";
  }
}
