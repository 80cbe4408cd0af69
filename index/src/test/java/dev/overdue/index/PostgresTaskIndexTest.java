package dev.overdue.index;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PostgresTaskIndexTest extends TaskIndexContract {
  private final List<String> databases = new ArrayList<>();

  @Override
  String newLocation() {
    String url = TestPostgres.get().newDatabase();
    databases.add(url);
    return url;
  }

  @AfterEach
  void drop() {
    index.close();
    databases.forEach(TestPostgres.get()::dropDatabase);
  }

  @Test
  void theSchemaIsTaskIndexAndWhereNamesTheUser() {
    String where = index.where();
    assertTrue(where.matches("postgresql://127\\.0\\.0\\.1:\\d+/overdue_test_\\d+_\\d+ as postgres"), where);
    assertFalse(where.contains("pass"), where);
    TestPostgres.execute(databases.get(0), "SELECT count(*) FROM task_index.approvals");
    TestPostgres.execute(databases.get(0), "SELECT count(*) FROM task_index.flyway_schema_history");
  }
}
