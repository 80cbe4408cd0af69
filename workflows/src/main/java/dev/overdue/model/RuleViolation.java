package dev.overdue.model;

import dev.overdue.api.CommandRefusal;

/**
 * A command or transition that breaks a rule of the model. Thrown before anything is changed, so
 * the caller can record the reason and carry on with the state as it was. Thrown out of the
 * workflow, it is a final refusal ({@link CommandRefusal}).
 */
public final class RuleViolation extends RuntimeException implements CommandRefusal {
  public RuleViolation(String reason) {
    super(reason);
  }

  public String reason() {
    return getMessage();
  }
}
