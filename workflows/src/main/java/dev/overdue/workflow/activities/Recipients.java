package dev.overdue.workflow.activities;

import java.util.List;

/** The deliveries one {@code to} list resolves to, in order, and the names that resolve to none. */
public record Recipients(List<Recipient> resolved, List<String> problems) {
  public Recipients {
    resolved = List.copyOf(resolved);
    problems = List.copyOf(problems);
  }
}
