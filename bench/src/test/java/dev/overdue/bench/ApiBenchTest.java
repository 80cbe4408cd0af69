package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.bench.ApiBench.Level;
import dev.overdue.bench.ApiBench.Pair;
import dev.overdue.bench.ApiBench.Result;
import dev.overdue.bench.ApiBench.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pure parts of {@code bench api}: percentiles, ratios and the goals. No timing. */
class ApiBenchTest {
  /** 1..100 ms, each times {@code factor}. */
  static Stats millis(double factor) {
    List<Long> nanos = new ArrayList<>();
    for (int i = 100; i >= 1; i--) {
      nanos.add(Math.round(i * factor * 1_000_000));
    }
    return Stats.of(nanos);
  }

  @Test
  void percentilesAreByNearestRankInMilliseconds() {
    Stats stats = millis(1);
    assertEquals(50.0, stats.p50());
    assertEquals(99.0, stats.p99());
    assertEquals(100.0, stats.max());
  }

  @Test
  void theGoalsAreJudgedAtTenCallersAgainstTheDirectCallsOfTheSameRun() {
    Level one = new Level(1, new Pair(millis(1), millis(1)), new Pair(millis(3), millis(1)), 25, 100);
    Level ten = new Level(10, new Pair(millis(2), millis(1)), new Pair(millis(1.1), millis(1)), 25, 100);
    Result result = new Result(10_000, 200, 2, 13_250, 55, 600, List.of(one, ten), millis(0.5), 60, 50, millis(0.2), "1 1 1", "2 2 2");

    Map<String, Object> json = result.json();
    @SuppressWarnings("unchecked")
    Map<String, Object> goals = (Map<String, Object>) json.get("goals");
    assertEquals(198.0, goals.get("listP99Ms"));
    assertEquals(false, goals.get("listMet"));
    assertEquals(1.1, goals.get("approveRatioP50"));
    assertEquals(true, goals.get("approveMet")); // 3 x at 1 caller does not count
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> levels = (List<Map<String, Object>>) json.get("levels");
    @SuppressWarnings("unchecked")
    Map<String, Object> list = (Map<String, Object>) levels.get(1).get("list");
    assertEquals(2.0, list.get("ratioP50"));
    assertEquals("api", json.get("scenario"));
    @SuppressWarnings("unchecked")
    Map<String, Object> startToList = (Map<String, Object>) json.get("startToList");
    assertEquals(10.0, startToList.get("p50Ms"), "a start's time to its owner's list is reported");
  }

  @Test
  void withoutALevelOfTenCallersNoGoalIsJudged() {
    Level two = new Level(2, new Pair(millis(1), millis(1)), new Pair(millis(1), millis(1)), 5, 5);
    Result result = new Result(50, 10, 2, 105, 16, 19, List.of(two), millis(1), 5, 5, millis(1), "1 1 1", "1 1 1");
    @SuppressWarnings("unchecked")
    Map<String, Object> goals = (Map<String, Object>) result.json().get("goals");
    assertEquals(null, goals.get("listMet"));
    assertEquals(10, goals.get("callers"));
  }
}
