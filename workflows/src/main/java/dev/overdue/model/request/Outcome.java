package dev.overdue.model.request;

/** How a step, and so the approval, was decided. */
public enum Outcome {
  APPROVED,
  REJECTED
}
