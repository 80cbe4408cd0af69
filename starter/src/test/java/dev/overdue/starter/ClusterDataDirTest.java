package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/cluster's PostgreSQL data directory when run as root from a folder the 'postgres' user
 * cannot enter (a clone under /root, a mktemp -d folder: mode 700): it goes where that user can
 * reach it, and initdb runs there, without building Temporal (bin/cluster --data-dir-only).
 */
class ClusterDataDirTest {
  @TempDir Path dir;

  @Test
  void aClusterInAClosedFolderKeepsPostgresqlsDataWhereThePostgresUserReachesIt() throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")) && Files.isDirectory(Path.of("/usr/lib/postgresql"))
        && run("id", "postgres").exitValue() == 0, "as root with Debian's PostgreSQL, as ClusterIT runs in CI");
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    Path cluster = dir.resolve("cluster");
    Process prepared = run("env", "OVERDUE_CLUSTER_DIR=" + cluster, Processes.ROOT.resolve("bin/cluster").toString(), "--data-dir-only");
    String said = new String(prepared.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    Path data = Path.of(said.strip().lines().reduce((a, b) -> b).orElse(""));
    try {
      assertEquals(0, prepared.exitValue(), said);
      assertFalse(data.startsWith(dir), "outside the closed folder: " + said);
      assertTrue(Files.exists(data.resolve("PG_VERSION")), "initdb ran: " + said);
      assertEquals(0, run("runuser", "-u", "postgres", "--", "test", "-w", data.toString()).exitValue(), data + " is the postgres user's");
      assertEquals(data, cluster.resolve("pg").toRealPath(), "the cluster's directory links to it");
    } finally {
      if (data.isAbsolute() && !data.startsWith(dir) && data.getParent().getFileName().toString().startsWith("overdue-cluster-pg-")) {
        run("rm", "-rf", data.getParent().toString());
      }
    }
  }

  private static Process run(String... command) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), String.join(" ", command));
    return process;
  }
}
