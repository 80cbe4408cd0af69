package dev.overdue.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SQLite's query plans of the lists: the candidates and approvals reached by their indexes. */
class SqlitePlanTest {
  @TempDir Path dir;

  @Test
  void everyListUsesAnIndex() {
    try (JdbcTaskIndex index = (JdbcTaskIndex) TaskIndexes.open(dir.resolve("plans.db").toString())) {
      IndexPlans.fill(index);
      assertEquals(IndexPlans.ROWS, index.count(TaskQuery.builder(TaskQuery.View.REQUESTED, "requester0001").build()) * 1000);
      for (Map.Entry<String, TaskQuery> list : IndexPlans.queries().entrySet()) {
        String plan = index.explain(list.getValue());
        check(list.getKey(), plan);
        if (list.getValue().view() == TaskQuery.View.CLAIMABLE) {
          // Driven by the candidates' key, each found row reached by the approvals' key.
          assertTrue(plan.contains("SEARCH c USING PRIMARY KEY (kind=? AND name=?)"), plan);
          assertTrue(plan.contains("SEARCH a USING INDEX sqlite_autoindex_approvals_1"), plan);
        }
      }
      check("count of claimable by group", index.explainCount(IndexPlans.counted()));
    }
  }

  private static void check(String name, String plan) {
    System.out.println("SQLite plan, " + name + ":\n" + plan);
    assertTrue(plan.contains("USING INDEX") || plan.contains("USING COVERING INDEX")
        || plan.contains("USING PRIMARY KEY"), name + ":\n" + plan);
  }
}
