package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a failed IT prints of its logs: the right files, newest first, only their tails. */
class LogTailsOnFailureTest {
  @TempDir Path root;

  static final FileTime BEGAN = FileTime.fromMillis(1_000_000_000_000L);

  private Path log(String name, long modifiedAfterBegan, int lines) throws Exception {
    Path file = root.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, IntStream.rangeClosed(1, lines).mapToObj(i -> name + " line " + i)
        .collect(Collectors.joining("\n", "", "\n")));
    Files.setLastModifiedTime(file, FileTime.fromMillis(BEGAN.toMillis() + modifiedAfterBegan));
    return file;
  }

  @Test
  void theLogsOfTheFailedTestsClassWrittenDuringItNewestFirst() throws Exception {
    log("FaultsIT/worker.log", 2_000, 3);
    log("FaultsIT/cluster/server.log", 5_000, 3);
    log("FaultsIT/before.log", -1_000, 3); // an earlier test's
    log("FaultsIT/figures.txt", 3_000, 3); // not a log
    log("DevServerLifecycleIT-plain/worker.log", 1_000, 3);
    log("DevServerIT/worker.log", 1_000, 3);
    Path leveldb = log("FaultsIT/chromium-profile/Default/Session Storage/000003.log", 4_000, 1);
    Files.write(leveldb, new byte[] {0x12, 0, 0, 0x4c, 0}); // a browser profile's binary .log
    Files.setLastModifiedTime(leveldb, FileTime.fromMillis(BEGAN.toMillis() + 4_000));

    assertEquals(
        List.of(root.resolve("FaultsIT/cluster/server.log"), root.resolve("FaultsIT/worker.log")),
        LogTailsOnFailure.logsOf(root, "FaultsIT", BEGAN));
    assertEquals(
        List.of(root.resolve("DevServerLifecycleIT-plain/worker.log")),
        LogTailsOnFailure.logsOf(root, "DevServerLifecycleIT", BEGAN));
  }

  @Test
  void aReportShowsTheLastLinesOfEachLogUnderItsName() throws Exception {
    log("DashboardsIT/dashboards-worker.log", 1_000, 200);
    String report = LogTailsOnFailure.tails(root, "DashboardsIT", BEGAN, "everySeries()");
    assertTrue(report.contains("DashboardsIT › everySeries() failed"), report);
    assertTrue(report.contains("----- DashboardsIT/dashboards-worker.log\n"), report);
    assertTrue(report.contains("dashboards-worker.log line 200\n"), report);
    assertTrue(report.contains("dashboards-worker.log line 141\n"), report);
    assertFalse(report.contains("dashboards-worker.log line 140\n"), report);
  }

  @Test
  void aLargeLogIsReadFromItsEndOnlyAndItsCutFirstLineLeftOut() throws Exception {
    Path big = log("ClusterIT/cluster/temporal.log", 1_000, 100_000);
    List<String> tail = LogTailsOnFailure.tail(big, 3);
    assertEquals(
        List.of("ClusterIT/cluster/temporal.log line 99998", "ClusterIT/cluster/temporal.log line 99999",
            "ClusterIT/cluster/temporal.log line 100000"),
        tail);
    assertEquals(LogTailsOnFailure.LINES, LogTailsOnFailure.tail(big, LogTailsOnFailure.LINES).size());
  }

  @Test
  void noLogWrittenDuringTheTestIsSaidSo() {
    String report = LogTailsOnFailure.tails(root, "QuickStartIT", BEGAN, "quickStart()");
    assertTrue(report.contains("no log under " + root + "/QuickStartIT* was written during it"), report);
  }
}
