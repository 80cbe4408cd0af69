package dev.overdue.index;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class SqliteSavedViewsTest extends SavedViewsContract {
  @TempDir Path dir;

  @Override
  String newLocation() {
    return dir.resolve("index.db").toString();
  }
}
