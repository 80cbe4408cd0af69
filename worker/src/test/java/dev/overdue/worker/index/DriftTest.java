package dev.overdue.worker.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.overdue.api.index.IndexedApproval;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a row differs from what its approval says, in words; dates as the index keeps them, to the microsecond. */
class DriftTest {
  private static IndexedApproval row(long seq, String owner, String due) {
    return new IndexedApproval("approval-PO-1", "chain", "run", seq, "PO-1", "Desks", "carol", "ACTIVE", "manager", null,
        owner == null ? "READY" : "RESERVED", owner, 5, due, null, due, false, false, List.of(), false, List.of(), List.of(),
        "2026-12-08T09:00:00Z", null, null, List.of(), null);
  }

  @Test
  void aDateWithNanosecondsIsTheIndexsDateToTheMicrosecond() {
    assertNull(Drift.of(row(3, null, "2026-12-08T01:46:28.447532Z"), row(3, null, "2026-12-08T01:46:28.447532264Z")));
  }

  @Test
  void eachDriftSaysWhatDiffers() {
    IndexedApproval wanted = row(4, "alice", "2026-12-09T09:00:00Z");
    assertEquals("approval-PO-1 missing: not in the index (the approval is at change 4, ACTIVE at step manager)",
        Drift.of(null, wanted).line());
    assertEquals("approval-PO-1 behind: the index holds change 3, the approval is at 4: task READY → RESERVED, owner null → alice",
        Drift.of(row(3, null, "2026-12-09T09:00:00Z"), wanted).line());
    assertEquals("approval-PO-1 differs: at change 4: owner bob → alice",
        Drift.of(row(4, "bob", "2026-12-09T09:00:00Z"), wanted).line());
    assertNull(Drift.of(row(5, "alice", "2026-12-09T09:00:00Z"), wanted), "the index ahead: a change between the reads");
  }
}
