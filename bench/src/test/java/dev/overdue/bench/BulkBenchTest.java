package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.bench.BulkBench.Pair;
import dev.overdue.bench.BulkBench.Timing;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pure parts of {@code bench bulk}: the CLI summary it reads, the rates and ratios. No timing.
 */
class BulkBenchTest {
  @Test
  void theSendingTimeIsReadFromTheClisSummaryLine() {
    assertEquals(
        13.5,
        Timing.sendingSeconds(
            "sending suspend {} to 1000 running approvals as updates, 16 at a time\n"
                + "suspend: 1000 approvals, 1000 applied, 0 refused, 0 failed in 13.5 s (74.1"
                + " approvals/s)\n"));
    assertTrue(Double.isNaN(Timing.sendingSeconds("no approval matches")));
  }

  @Test
  void ratiosAreOverdueThroughputOverTheBaselines() {
    Map<Integer, Pair> updates = new LinkedHashMap<>();
    updates.put(16, new Pair(new Timing(1000, 10), new Timing(1000, 10)));
    updates.put(4, new Pair(new Timing(1000, 40), new Timing(1000, 40)));
    Pair sequential = new Pair(new Timing(1000, 40), new Timing(1000, 40));
    Pair perProcess = new Pair(new Timing(20, 50), new Timing(20, 50));
    Pair batch = new Pair(new Timing(1000, 20), new Timing(1000, 20));

    Map<String, Object> json =
        new BulkBench.Result(1000, updates, batch, batch, sequential, perProcess).json();

    @SuppressWarnings("unchecked")
    Map<String, Object> ratio = (Map<String, Object>) json.get("ratio");
    assertEquals(4.0, ratio.get("updatesVsSequential")); // the first --concurrency is compared
    assertEquals(250.0, ratio.get("updatesVsCliProcessPerApproval"));
    assertEquals(2.0, ratio.get("batchSignalsVsSequential"));
    assertEquals("bulk", json.get("scenario"));
  }
}
