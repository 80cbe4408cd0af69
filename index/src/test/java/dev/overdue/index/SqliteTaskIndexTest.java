package dev.overdue.index;

import static dev.overdue.index.Rows.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.index.TaskQuery.View;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteTaskIndexTest extends TaskIndexContract {
  @TempDir Path dir;
  private int files;

  @Override
  String newLocation() {
    return dir.resolve("sub/dir/index-" + (++files) + ".db").toString();
  }

  @Test
  void aPlainPathAndAJdbcUrlOpenTheSameFile() {
    put(row("wf"));
    String file = dir.resolve("sub/dir/index-1.db").toString();
    assertEquals("sqlite " + file, index.where());
    try (TaskIndex again = TaskIndexes.open("jdbc:sqlite:" + file)) {
      assertTrue(again.row("wf", "chain-1").isPresent());
    }
  }

  /** A worker writing and the API reading, as two processes would: two pools on one file. */
  @Test
  void oneWriterAndOneReaderShareTheFile() throws Exception {
    String file = dir.resolve("sub/dir/index-1.db").toString();
    ExecutorService threads = Executors.newFixedThreadPool(3);
    try (TaskIndex writer = TaskIndexes.open(file); TaskIndex reader = TaskIndexes.open(file)) {
      List<Future<?>> work = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        TaskIndex each = w == 0 ? writer : index;
        int from = w * 100;
        work.add(threads.submit(() -> {
          for (int i = from; i < from + 100; i++) {
            each.apply(TaskIndexContract.update(row("wf-" + i).claimants("alice").build(), event(1, "a")));
          }
        }));
      }
      work.add(threads.submit(() -> {
        long seen = 0;
        while (seen < 200) {
          long now = reader.count(TaskQuery.builder(View.CLAIMABLE, "alice").build());
          assertTrue(now >= seen);
          seen = now;
        }
      }));
      for (Future<?> each : work) {
        each.get();
      }
      assertEquals(200, reader.count(TaskQuery.builder(View.ALL, null).build()));
      assertTrue(Files.exists(Path.of(file + "-wal")), "WAL mode");
    } finally {
      threads.shutdownNow();
    }
  }
}
