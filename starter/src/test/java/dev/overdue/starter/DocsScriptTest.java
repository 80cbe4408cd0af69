package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.Processes.Result;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * bin/docs, which the README names for building and serving the documentation site: its help and
 * its usage errors, which need no MkDocs (DocsSiteIT runs the build itself).
 */
class DocsScriptTest {
  private static Result docs(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", Processes.ROOT.resolve("bin/docs").toString()));
    command.addAll(List.of(args));
    return Processes.run(command, Map.of(), Duration.ofSeconds(30));
  }

  @Test
  void helpSaysHowToBuildAndServeTheSite() throws Exception {
    Result help = docs("--help");
    assertEquals(0, help.exit(), help.toString());
    assertTrue(help.out().contains("bin/docs build") && help.out().contains("bin/docs serve"), help.toString());
  }

  @Test
  void anUnknownOrMissingCommandIsAUsageErrorThatNamesTheCommands() throws Exception {
    Result unknown = docs("publish");
    assertEquals(2, unknown.exit(), unknown.toString());
    assertTrue(unknown.err().contains("unknown command 'publish' (build, serve, --install-only)"), unknown.toString());
    Result none = docs();
    assertEquals(2, none.exit(), none.toString());
    assertTrue(none.err().contains("bin/docs build"), none.toString());
  }
}
