package dev.overdue.index;

import static dev.overdue.index.Rows.row;

import dev.overdue.api.index.IndexUpdate;
import dev.overdue.index.DataCondition.Op;
import dev.overdue.index.TaskQuery.View;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The lists whose plans must use indexes, over ~20,000 generated rows. */
final class IndexPlans {
  static final int ROWS = 20_000;

  private IndexPlans() {}

  /** 500 users (3 claimants a row), 200 groups, 1,000 requesters; a tenth cut; a twentieth ended. */
  static void fill(JdbcTaskIndex index) {
    Instant start = Instant.parse("2026-01-01T00:00:00Z");
    List<IndexUpdate> batch = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      Rows row = row(String.format("approval-%05d", i)).requestId("PO-" + i).title("Purchase order " + i)
          .requester(String.format("requester%04d", i % 1000)).priority(i % 4)
          .due(start.plusSeconds(60L * i).toString())
          .claimants(user(i), user(i * 7 + 1), user(i * 13 + 2)).groups(group(i), group(i + 1))
          .data("{\"amount\": " + (i * 7 % 50_000) + ", \"cost_center\": \"CC" + (i % 300) + "\"}");
      if (i % 10 == 0) {
        row.cut(group(i), group(i + 1));
      }
      if (i % 5 == 0) {
        row.excluded(user(i + 3));
      }
      if (i % 3 == 0) {
        row.owner(user(i));
      }
      if (i % 20 == 0) {
        row.ended("APPROVED", user(i));
      } else if (i % 20 == 1) {
        row.state("SUSPENDED");
      }
      batch.add(new IndexUpdate(row.build(), List.of()));
      if (batch.size() == 2_000) {
        index.applyAll(batch);
        batch.clear();
      }
    }
  }

  private static String user(int i) {
    return String.format("user%03d", Math.floorMod(i, 500));
  }

  private static String group(int i) {
    return String.format("group%03d", Math.floorMod(i, 200));
  }

  /** The lists, by name. */
  static Map<String, TaskQuery> queries() {
    Map<String, TaskQuery> queries = new LinkedHashMap<>();
    queries.put("claimable by user", TaskQuery.builder(View.CLAIMABLE, "user007").build());
    queries.put("claimable by group", TaskQuery.builder(View.CLAIMABLE, "user007").groups(List.of("group005")).build());
    queries.put("mine", TaskQuery.builder(View.MINE, "user007").build());
    queries.put("requested", TaskQuery.builder(View.REQUESTED, "requester0042").build());
    queries.put("claimable, amount >= 10000", TaskQuery.builder(View.CLAIMABLE, "user007")
        .data(List.of(new DataCondition("amount", Op.GE, "10000"))).build());
    queries.put("text search", TaskQuery.builder(View.ALL, null).text("PO-1234").build());
    return queries;
  }

  /** The count whose plan is checked too. */
  static TaskQuery counted() {
    return TaskQuery.builder(View.CLAIMABLE, "user007").groups(List.of("group005")).build();
  }
}
