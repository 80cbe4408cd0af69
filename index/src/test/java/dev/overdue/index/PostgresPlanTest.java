package dev.overdue.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** PostgreSQL's plans of the lists over 20,000 rows: an index each, never a scan of approvals. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresPlanTest {
  private String url;
  private JdbcTaskIndex index;

  @BeforeAll
  void fill() {
    url = TestPostgres.get().newDatabase();
    index = (JdbcTaskIndex) TaskIndexes.open(url);
    IndexPlans.fill(index);
    assertEquals(IndexPlans.ROWS, index.count(TaskQuery.builder(TaskQuery.View.REQUESTED, "requester0001").build()) * 1000);
    TestPostgres.execute(url, "ANALYZE task_index.approvals, task_index.candidates");
  }

  @AfterAll
  void drop() {
    if (index != null) {
      index.close();
      TestPostgres.get().dropDatabase(url);
    }
  }

  @Test
  void everyListUsesAnIndex() {
    for (Map.Entry<String, TaskQuery> list : IndexPlans.queries().entrySet()) {
      check(list.getKey(), index.explain(list.getValue()));
    }
    check("count of claimable by group", index.explainCount(IndexPlans.counted()));
  }

  private static void check(String name, String plan) {
    System.out.println("PostgreSQL plan, " + name + ":\n" + plan);
    assertTrue(plan.contains("Index Scan") || plan.contains("Index Only Scan") || plan.contains("Bitmap Index Scan"),
        name + ":\n" + plan);
    assertFalse(plan.contains("Seq Scan on approvals"), name + ":\n" + plan);
  }
}
