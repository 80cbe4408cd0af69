package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.bench.ApiBench.Stats;
import dev.overdue.bench.InboxBench.Level;
import dev.overdue.bench.InboxBench.Page;
import dev.overdue.bench.InboxBench.Result;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The pure parts of {@code bench inbox}: percentiles from a histogram, ratios and the goal. No timing. */
class InboxBenchTest {
  private static Stats millis(double factor) {
    return ApiBenchTest.millis(factor);
  }

  private static NavigableMap<Double, Double> buckets(double... boundsAndCounts) {
    NavigableMap<Double, Double> buckets = new TreeMap<>();
    for (int i = 0; i < boundsAndCounts.length; i += 2) {
      buckets.put(boundsAndCounts[i], boundsAndCounts[i + 1]);
    }
    return buckets;
  }

  @Test
  void aHistogramsPercentileIsInterpolatedWithinItsBucketBetweenTwoScrapes() {
    // Before: 10 requests under 10 ms. After: 100 more, 50 of them in (0.1 s, 0.2 s], 50 in (0.2 s, 0.4 s].
    NavigableMap<Double, Double> before = buckets(0.01, 10, 0.1, 10, 0.2, 10, 0.4, 10, Double.POSITIVE_INFINITY, 10);
    NavigableMap<Double, Double> after = buckets(0.01, 10, 0.1, 10, 0.2, 60, 0.4, 110, Double.POSITIVE_INFINITY, 110);
    ServerTime time = ServerTime.between(before, after);
    assertEquals(100, time.count());
    assertEquals(200.0, time.p50(), 1e-9); // the 50th of 100 is the last of the first bucket
    assertEquals(380.0, time.p95(), 1e-9); // 45 of the 50 in (200, 400] ms: 200 + 200 * 45/50
    assertEquals(396.0, time.p99(), 1e-9);
  }

  @Test
  void inTheOpenBucketThePercentileIsTheHighestFiniteBound() {
    assertEquals(400.0, ServerTime.quantile(0.99, buckets(0.4, 50, Double.POSITIVE_INFINITY, 100)), 1e-9);
  }

  @Test
  void noRequestsBetweenTheScrapesIsNoServerTime() {
    NavigableMap<Double, Double> same = buckets(0.1, 5, Double.POSITIVE_INFINITY, 5);
    assertFalse(ServerTime.between(same, same).known());
    assertFalse(ServerTime.between(buckets(), buckets()).known());
  }

  @Test
  void theGoalIsJudgedOnTheServersP95AtTenPeopleAndTheRatiosAgainstTheBaseline() {
    ServerTime fast = new ServerTime(100, 50, 150, 190);
    ServerTime slow = new ServerTime(100, 120, 250, 300);
    Level one = new Level(1, new Page(millis(1), fast, millis(1)), new Page(millis(1), fast, millis(1)));
    Level ten = new Level(10, new Page(millis(2), fast, millis(1)), new Page(millis(4), slow, millis(2)));
    Result result = new Result(10_000, 200, 2, 55, 600, List.of(one, ten), "1 1 1", "2 2 2");

    Map<String, Object> json = result.json();
    @SuppressWarnings("unchecked")
    Map<String, Object> goals = (Map<String, Object>) json.get("goals");
    assertEquals("server", goals.get("p95From"));
    assertEquals(150.0, goals.get("listP95Ms"));
    assertEquals(250.0, goals.get("taskP95Ms"));
    assertEquals(false, goals.get("met"));
    assertEquals(2.0, ten.list().ratio(95));
    assertEquals(0.5, ten.task().apiShare());
    assertEquals("inbox", json.get("scenario"));
  }

  @Test
  void withoutTheHistogramTheClientsP95IsJudged() {
    Page page = new Page(millis(1), ServerTime.NONE, millis(1));
    assertEquals(95.0, page.goalP95());
    Result result = new Result(50, 10, 2, 16, 19, List.of(new Level(10, page, page)), "1 1 1", "1 1 1");
    @SuppressWarnings("unchecked")
    Map<String, Object> goals = (Map<String, Object>) result.json().get("goals");
    assertEquals("client", goals.get("p95From"));
    assertEquals(true, goals.get("met"));
    assertTrue(new Result(50, 10, 2, 16, 19, List.of(), "1", "1").json().containsKey("goals"));
  }
}
