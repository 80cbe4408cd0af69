package dev.overdue.workflow;

import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The PotentialOwners search attribute: whom the current step is offered to, while it waits for
 * someone to claim it (READY) and a claim would be taken (the approval is ACTIVE, not suspended). Temporal refuses a search attribute value larger than 2 KB by
 * default (the workflow task would fail and the approval stall), so the names are cut to {@link
 * #MAX_BYTES}: the first ones in the step's order; {@code status} names every one.
 */
final class OfferedTo {
  /** Below Temporal's default 2 KB per value, with room for the list's own encoding. */
  static final int MAX_BYTES = 1_500;

  private OfferedTo() {}

  /**
   * The names to publish; null (unset) when no step is current, it is claimed, the approval is not
   * active, or the step is offered to no one.
   */
  static List<String> of(StatusInfo status, StepInfo current) {
    if (current == null || !"ACTIVE".equals(status.state()) || !"READY".equals(current.state())
        || current.potentialOwners() == null
        || current.potentialOwners().isEmpty()) {
      return null;
    }
    List<String> kept = new ArrayList<>();
    int bytes = 2;
    for (String name : current.potentialOwners()) {
      bytes += name.getBytes(StandardCharsets.UTF_8).length + 3;
      if (bytes > MAX_BYTES) {
        break;
      }
      kept.add(name);
    }
    return List.copyOf(kept);
  }
}
