package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.client.Connection;
import io.temporal.client.WorkflowClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The temporal CLI's connection flags, read through temporal-envconfig like its variables. */
class ConnectionOptionsTest {
  @TempDir Path dir;

  private static ConnectionOptions parse(String... args) {
    ConnectionOptions options = new ConnectionOptions();
    new CommandLine(options).parseArgs(args);
    return options;
  }

  @Test
  void eachFlagIsTheVariableOfTheSameMeaning() {
    Map<String, String> variables =
        parse("--address", "temporal.example.com:7233", "-n", "approvals", "--profile", "prod",
                "--config-file", "/etc/temporal.toml", "--api-key", "k", "--tls",
                "--tls-cert-path", "c.pem", "--tls-cert-data", "C", "--tls-key-path", "k.pem",
                "--tls-key-data", "K", "--tls-ca-path", "ca.pem", "--tls-ca-data", "CA",
                "--tls-server-name", "temporal", "--tls-disable-host-verification=false",
                "--grpc-meta", "x-team=approvals")
            .variables();
    assertEquals(
        Map.ofEntries(
            Map.entry("TEMPORAL_ADDRESS", "temporal.example.com:7233"),
            Map.entry("TEMPORAL_NAMESPACE", "approvals"),
            Map.entry("TEMPORAL_PROFILE", "prod"),
            Map.entry("TEMPORAL_CONFIG_FILE", "/etc/temporal.toml"),
            Map.entry("TEMPORAL_API_KEY", "k"),
            Map.entry("TEMPORAL_TLS", "true"),
            Map.entry("TEMPORAL_TLS_CLIENT_CERT_PATH", "c.pem"),
            Map.entry("TEMPORAL_TLS_CLIENT_CERT_DATA", "C"),
            Map.entry("TEMPORAL_TLS_CLIENT_KEY_PATH", "k.pem"),
            Map.entry("TEMPORAL_TLS_CLIENT_KEY_DATA", "K"),
            Map.entry("TEMPORAL_TLS_SERVER_CA_CERT_PATH", "ca.pem"),
            Map.entry("TEMPORAL_TLS_SERVER_CA_CERT_DATA", "CA"),
            Map.entry("TEMPORAL_TLS_SERVER_NAME", "temporal"),
            Map.entry("TEMPORAL_TLS_DISABLE_HOST_VERIFICATION", "false"),
            Map.entry("TEMPORAL_GRPC_META_X_TEAM", "approvals")),
        variables);
    assertEquals(Map.of(), parse().variables(), "no flag, nothing laid over the environment");
    assertEquals(Map.of("TEMPORAL_TLS", "false"), parse("--tls=false").variables());
  }

  /** The subcommands' help names them all under one line; it must know every one. */
  @Test
  void theHelpKnowsEveryConnectionFlag() {
    Set<String> names = new HashSet<>();
    for (OptionSpec option : CommandSpec.forAnnotatedObject(new ConnectionOptions()).options()) {
      names.add(option.longestName());
    }
    assertEquals(names, ConnectionOptions.NAMES);
  }

  @Test
  void aFlagWinsOverItsVariableWhichWinsOverTheProfile() throws Exception {
    Path toml =
        Files.writeString(
            dir.resolve("temporal.toml"),
            """
            [profile.prod]
            address = "from-profile:7233"
            namespace = "profile-ns"
            """);
    Map<String, String> environment =
        Map.of("TEMPORAL_CONFIG_FILE", toml.toString(), "TEMPORAL_PROFILE", "prod",
            "TEMPORAL_NAMESPACE", "env-ns");

    Connection fromProfile = Connection.load(ConnectionOptions.over(environment, parse().variables()));
    assertEquals("from-profile:7233", fromProfile.address());
    assertEquals("env-ns", fromProfile.namespace());

    Connection flagged = Connection.load(
        ConnectionOptions.over(environment, parse("--address", "flag:7233", "-n", "flag-ns").variables()));
    assertEquals("flag:7233", flagged.address());
    assertEquals("flag-ns", flagged.namespace());

    // --profile and --config-file choose the file and profile themselves.
    Map<String, String> none = Map.of();
    Connection chosen =
        Connection.load(
            ConnectionOptions.over(none, parse("--config-file", toml.toString(), "--profile", "prod").variables()));
    assertEquals("from-profile:7233", chosen.address());
    assertEquals("profile-ns", chosen.namespace());
  }

  @Test
  void theFlagsAreFoundInACommandLineBeforeItIsParsed() {
    assertEquals(
        Map.of("TEMPORAL_ADDRESS", "h:1", "TEMPORAL_NAMESPACE", "ns"),
        ConnectionOptions.scan(
                new String[] {"approve", "PO-1", "--user", "alice", "--address", "h:1", "-n", "ns",
                    "--comment", "ok"})
            .variables());
    assertEquals(Map.of(), ConnectionOptions.scan(new String[] {"status", "--address"}).variables(),
        "unreadable: the real parse reports it");
  }

  /** With the token's flags around, the guess finds the connection flags and keeps no token. */
  @Test
  void theGuessReadsTheTokensFlagsAndKeepsNoToken() {
    String[] line = {"approve", "PO-1", "--token", "secret-token-value", "--token-command",
        "idp-helper --address elsewhere:1", "--address", "h:1"};
    assertEquals(Map.of("TEMPORAL_ADDRESS", "h:1"), ConnectionOptions.scan(line).variables());
  }

  /** The connection is made once, in the background, with the command line's flags. */
  @Test
  void theCliConnectsWithItsFlags() {
    try (CliHarness cli = new CliHarness()) {
      List<Map<String, String>> connections = new ArrayList<>();
      ClientFactory recording =
          new ClientFactory() {
            @Override
            public WorkflowClient connect() {
              return connect(Map.of());
            }

            @Override
            public synchronized WorkflowClient connect(Map<String, String> flags) {
              connections.add(flags);
              return cli.env.getWorkflowClient();
            }
          };
      CliHarness.run(recording, "status", "NOPE-1", "--address", "h:1", "-n", "approvals").expect(1);
      assertEquals(
          List.of(Map.of("TEMPORAL_ADDRESS", "h:1", "TEMPORAL_NAMESPACE", "approvals")),
          connections);
    }
  }
}
