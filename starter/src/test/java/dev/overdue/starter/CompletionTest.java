package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code source <(overdue generate-completion)}: bash completes commands and their options. */
class CompletionTest {
  @TempDir Path dir;

  /** What bash offers for {@code words}, the last being the word under the cursor. */
  private List<String> complete(Path script, String... words) throws Exception {
    String line =
        "source " + script + "; COMP_WORDS=(" + String.join(" ", words) + "); COMP_CWORD="
            + (words.length - 1) + "; _complete_overdue; printf '%s\\n' \"${COMPREPLY[@]}\"";
    Process bash = new ProcessBuilder("bash", "-c", line).redirectError(ProcessBuilder.Redirect.DISCARD).start(); // compopt complains outside a real completion
    String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(bash.waitFor(20, TimeUnit.SECONDS));
    assertEquals(0, bash.exitValue(), out);
    return Arrays.stream(out.split("\n")).map(String::strip).filter(s -> !s.isEmpty()).sorted().toList();
  }

  @Test
  void bashCompletesTheCommandsAndEachCommandsOptions() throws Exception {
    CliHarness.Run run = CliHarness.run(() -> null, "generate-completion").expect(0);
    Path script = Files.writeString(dir.resolve("overdue-completion.bash"), run.out());

    assertEquals(List.of("abort", "approve"), complete(script, "overdue", "a"));
    assertEquals(List.of("--task-output", "--task-queue"), complete(script, "overdue", "approve", "PO-1", "--task-"));
    assertTrue(complete(script, "overdue", "status", "PO-1", "--").containsAll(List.of("--output", "--json")));
    // The connection flags complete before the command's name (they work after it too).
    assertEquals(List.of("--address", "--answer-timeout", "--api-key"), complete(script, "overdue", "--a"));
  }
}
