package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.Processes.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/overdue index verify} and {@code rebuild} as the work lists guide writes them, against
 * a dev server and a worker process writing the index: clean as the worker wrote it, and an empty
 * index (a lost database) verified as missing every approval, rebuilt, and clean again.
 */
class TaskIndexCommandIT {
  @RegisterExtension
  final DevServerExtension temporal = DevServerExtension.withWorker(DevServer.Options.headless());

  @TempDir Path dir;

  @Test
  void theGuidesVerifyAndRebuildRunAsWrittenAndRebuildMendsALostIndex() throws Exception {
    Map<String, String> env = temporal.server().env();
    for (String id : List.of("IDX-1", "IDX-2", "IDX-3")) {
      ok(Processes.overdue(env, "start", "--request-id", id, "--requester", "carol", "--step", "manager=alice,bob"));
      ok(Processes.overdue(env, "status", id)); // its first workflow task ran: its row is written
    }
    ok(Processes.overdue(env, "claim", "IDX-2", "--user", "alice"));

    List<Docs.Recipe> recipes = Docs.recipes("bin/overdue index");
    assertEquals(List.of("bin/overdue index verify", "bin/overdue index rebuild"),
        recipes.stream().map(Docs.Recipe::line).toList(), "the guide's lines");
    for (Docs.Recipe recipe : recipes) {
      Result result = ok(bash(recipe.line(), env));
      assertTrue(result.out().contains("checked 3 approvals") && result.out().contains(": 0 drifts"), recipe + "\n" + result);
    }

    // A lost index: every approval missing, rebuilt from the approvals, then clean.
    Map<String, String> lost = new HashMap<>(env);
    lost.put("OVERDUE_TASK_INDEX", dir.resolve("lost.db").toString());
    Result missing = bash("bin/overdue index verify", lost);
    assertEquals(1, missing.exit(), missing.toString());
    assertEquals(3, missing.out().lines().filter(line -> line.startsWith("approval-IDX-") && line.contains(" missing: ")).count(),
        missing.toString());
    Result rebuilt = ok(bash("bin/overdue index rebuild --batch 2", lost));
    assertTrue(rebuilt.out().contains(": 3 drifts, 3 rows written"), rebuilt.toString());
    Result clean = ok(bash("bin/overdue index verify", lost));
    assertTrue(clean.out().contains(": 0 drifts"), clean.toString());
    assertTrue(Files.size(dir.resolve("lost.db")) > 0);
    assertFalse(clean.out().contains("password"));
  }

  private static Result bash(String line, Map<String, String> env) throws Exception {
    return Processes.run(List.of("bash", "-c", line), env, Duration.ofMinutes(3));
  }

  private static Result ok(Result result) {
    assertEquals(0, result.exit(), result.toString());
    return result;
  }
}
