package dev.overdue.model.command;

/**
 * A checked command, ready to apply: applying it cannot be refused. Every command's rule returns
 * one, so a refused command leaves the approval exactly as it was and the change made is the one
 * that was checked.
 */
@FunctionalInterface
public interface Change {
  /** Makes the change; returns a one-line account of it. */
  String apply();
}
