package dev.overdue.model;

/**
 * A command or transition that breaks a rule of the model. Thrown before anything is changed, so
 * the caller can record the reason and carry on with the state as it was.
 */
public final class RuleViolation extends RuntimeException {
  public RuleViolation(String reason) {
    super(reason);
  }

  public String reason() {
    return getMessage();
  }
}
