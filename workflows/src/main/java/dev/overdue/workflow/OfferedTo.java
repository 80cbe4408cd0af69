package dev.overdue.workflow;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The PotentialOwners search attribute: whom the current step is offered to, while it waits for
 * someone to claim it (READY) and a claim would be taken (the approval is ACTIVE, not suspended):
 * exactly the users a claim would be accepted from ({@link
 * dev.overdue.model.process.ApprovalProcess#claimants}). Temporal refuses a search attribute value larger
 * than 2 KB by default (the workflow task would fail and the approval stall), so the names are cut
 * to {@link #MAX_BYTES}: the first ones in the step's order; {@code status} names every one, and
 * {@code cut} says whether any was left out (PotentialOwnersCut).
 *
 * @param names the names to publish; null (unset) when there are none
 * @param cut whether some names were left out to stay under the limit
 */
record OfferedTo(List<String> names, boolean cut) {
  /** Below Temporal's default 2 KB per value, with room for the list's own encoding. */
  static final int MAX_BYTES = 1_500;

  /** {@code claimants} as published: null when there are none, cut to {@link #MAX_BYTES}. */
  static OfferedTo cut(List<String> claimants) {
    if (claimants.isEmpty()) {
      return new OfferedTo(null, false);
    }
    List<String> kept = new ArrayList<>();
    int bytes = 2;
    for (String name : claimants) {
      bytes += name.getBytes(StandardCharsets.UTF_8).length + 3;
      if (bytes > MAX_BYTES) {
        break;
      }
      kept.add(name);
    }
    return new OfferedTo(List.copyOf(kept), kept.size() < claimants.size());
  }
}
