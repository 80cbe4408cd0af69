package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.client.RunningEditions.Run;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The worker's start refuses a task queue where approvals of a retired edition still run. */
class RetiredEditionCheckTest {
  private static Run retired(String id) {
    return new Run(id, Set.of("shape-17"), false, true);
  }

  @Test
  void approvalsOn1_0AndOnesNoWorkerHasBegunLetTheWorkerStart() {
    Stream<Run> running =
        Stream.of(
            new Run("approval-A", Set.of("shape-18"), false, true),
            new Run("approval-B", Set.of("shape-18"), true, true),
            new Run("approval-C", Set.of(), true, false));
    assertEquals(Optional.empty(), RetiredEditionCheck.refusal(running, "overdue"));
  }

  @Test
  void aRetiredEditionStillRunningStopsTheStartNamingTheApprovalsAndTheWayOut() {
    Stream<Run> running =
        Stream.of(
            new Run("approval-A", Set.of("shape-18"), false, true),
            retired("approval-OLD"),
            new Run("approval-ORIGINAL", Set.of(), true, true));
    String refusal = RetiredEditionCheck.refusal(running, "overdue").orElseThrow();
    assertTrue(
        refusal.startsWith(
            "2 running approvals on task queue 'overdue' started before 1.0, on an edition this worker cannot"
                + " run (approval-OLD, approval-ORIGINAL): their workflow tasks would fail here."),
        refusal);
    assertTrue(refusal.contains("Let them finish on the worker they started on (a build from before 1.0)"), refusal);
    assertTrue(refusal.contains("`bin/overdue editions`"), refusal);
    assertTrue(refusal.contains("terminate or reset them"), refusal);
  }

  @Test
  void manyAreCountedAndTheFirstFewNamed() {
    Stream<Run> running = IntStream.rangeClosed(1, 12).mapToObj(i -> retired("approval-" + i));
    String refusal = RetiredEditionCheck.refusal(running, "overdue").orElseThrow();
    assertTrue(
        refusal.startsWith(
            "12 running approvals on task queue 'overdue' started before 1.0, on an edition this worker"
                + " cannot run (approval-1, approval-2, approval-3, approval-4, approval-5 and 7 more)"),
        refusal);
  }
}
