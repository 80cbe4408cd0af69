package dev.overdue.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.model.task.TaskLifecycle;
import dev.overdue.model.task.TaskState;
import dev.overdue.model.timer.TimerLifecycle;
import dev.overdue.model.timer.TimerState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The diagrams in docs/ are drawn from the transition tables the code runs on. This test fails
 * when they drift; regenerate with -Doverdue.writeDiagrams=true.
 */
class LifecycleDiagramTest {
  private static final Path DOCS = Path.of("../docs");

  @Test
  void timerLifecycleDiagramIsCurrent() throws IOException {
    check(
        "timer-lifecycle.puml",
        TimerLifecycle.TABLE.toPlantUml("Business timer lifecycle", TimerState.OFF));
  }

  @Test
  void taskLifecycleDiagramIsCurrent() throws IOException {
    check(
        "task-lifecycle.puml",
        TaskLifecycle.TABLE.toPlantUml("User task lifecycle", TaskState.PENDING));
  }

  private static void check(String file, String expected) throws IOException {
    Path path = DOCS.resolve(file);
    if (Boolean.getBoolean("overdue.writeDiagrams")) {
      Files.writeString(path, expected);
    }
    assertEquals(
        expected,
        Files.exists(path) ? Files.readString(path) : "",
        path + " is out of date: run mvn -pl workflows test -Dtest=LifecycleDiagramTest -Doverdue.writeDiagrams=true");
  }
}
