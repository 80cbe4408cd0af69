package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The in-memory service starts only when nothing says where Temporal is: with TEMPORAL_ADDRESS, a
 * profile or a config file, a server that does not answer stops the start (exit code 2) instead
 * of being silently replaced by an empty in-memory one.
 */
class EmbeddedServiceChoiceTest {
  @TempDir Path dir;

  @Test
  void eachConnectionSettingIsNamed() throws IOException {
    Path none = dir.resolve("missing.toml");
    assertNull(EmbeddedTemporal.connectionSetting(Map.of(), none));
    assertNull(EmbeddedTemporal.connectionSetting(Map.of("TEMPORAL_ADDRESS", " "), none), "blank is unset");
    assertEquals("TEMPORAL_ADDRESS", EmbeddedTemporal.connectionSetting(Map.of("TEMPORAL_ADDRESS", "h:7233"), none));
    assertEquals("TEMPORAL_PROFILE", EmbeddedTemporal.connectionSetting(Map.of("TEMPORAL_PROFILE", "prod"), none));
    assertEquals(
        "TEMPORAL_CONFIG_FILE",
        EmbeddedTemporal.connectionSetting(Map.of("TEMPORAL_CONFIG_FILE", "/etc/temporal.toml"), none));

    Path empty = Files.writeString(dir.resolve("empty.toml"), "# nothing yet\n");
    assertNull(EmbeddedTemporal.connectionSetting(Map.of(), empty), "a default file without a profile");
    Path profiled = Files.writeString(dir.resolve("temporal.toml"), "[profile.default]\nnamespace = \"payments\"\n");
    assertEquals(
        "the profiles in " + profiled, EmbeddedTemporal.connectionSetting(Map.of(), profiled));
  }

  @Test
  void aConfigFileNamingAnUnreachableServerStopsTheStart() throws Exception {
    int port = FreePorts.free();
    Path toml =
        Files.writeString(
            dir.resolve("temporal.toml"), "[profile.default]\naddress = \"127.0.0.1:" + port + "\"\n");
    assertEquals(2, run(Map.of("TEMPORAL_CONFIG_FILE", toml.toString())));
    assertFalse(EmbeddedTemporal.answers("127.0.0.1:" + port), "no in-memory service was started");
  }

  @Test
  void aProfileWithoutAnAddressStopsTheStartToo() throws Exception {
    // The profile names only a namespace, so the address is the default localhost:7233; before,
    // nothing answering there meant the in-memory service. The file alone now rules it out.
    assumeFalse(EmbeddedTemporal.answers("localhost:7233"), "something listens on localhost:7233");
    Path toml = Files.writeString(dir.resolve("temporal.toml"), "[profile.default]\nnamespace = \"payments\"\n");
    assertEquals(2, run(Map.of("TEMPORAL_CONFIG_FILE", toml.toString())));
    assertFalse(EmbeddedTemporal.answers("localhost:7233"), "no in-memory service was started");
  }

  @Test
  void anUnreachableAddressStopsTheStart() throws Exception {
    int port = FreePorts.free();
    assertEquals(2, run(Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + port)));
    assertFalse(EmbeddedTemporal.answers("127.0.0.1:" + port), "no in-memory service was started");
  }

  /** The worker's exit code with {@code environment}; a worker that started polling would hang. */
  private int run(Map<String, String> environment) {
    OverdueWorker worker = new OverdueWorker();
    worker.environment = environment;
    worker.defaultConfigFile = dir.resolve("no-default.toml");
    CommandLine cli = new CommandLine(worker);
    cli.setErr(new PrintWriter(Writer.nullWriter()));
    return assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> cli.execute("--metrics-port", "0", "--delivery-store", "memory"));
  }

}
