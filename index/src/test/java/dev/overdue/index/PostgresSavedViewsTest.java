package dev.overdue.index;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;

class PostgresSavedViewsTest extends SavedViewsContract {
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
}
