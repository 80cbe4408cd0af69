package dev.overdue.starter;

import dev.overdue.client.Approvals;
import dev.overdue.client.Connection;
import io.temporal.serviceclient.Version;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code overdue}: starts approvals and steers them. Each subcommand is one call of {@link
 * Approvals}; the workflow decides what is allowed, the CLI only reports it.
 */
@Command(
    name = "overdue",
    mixinStandardHelpOptions = true,
    abbreviateSynopsis = true,
    description = "Start approval processes with business timers and steer them.",
    footerHeading = "%nEnvironment (the connection flags above win over it, like the temporal CLI's):%n",
    footer = {
      "  TEMPORAL_ADDRESS     host:port of the service (default "
          + Connection.DEFAULT_ADDRESS
          + ")",
      "  TEMPORAL_NAMESPACE   namespace (default: default)",
      "  TEMPORAL_API_KEY     API key, e.g. for Temporal Cloud",
      "  TEMPORAL_TLS*        TLS: TEMPORAL_TLS, TEMPORAL_TLS_CLIENT_CERT_PATH, ...",
      "  TEMPORAL_PROFILE     profile of the config file (TEMPORAL_CONFIG_FILE)",
      "  OVERDUE_CODEC_KEY    the worker's payload encryption key (base64, 32 bytes)",
      "                       (OVERDUE_CODEC_KEY_FILE: a key a line, first encrypts)",
      "  OVERDUE_TASK_QUEUE   default of --task-queue",
      "  OVERDUE_TOKEN        the sender's token for the steering commands (--token)",
      "  OVERDUE_TOKEN_COMMAND  a command that prints it (--token-command)",
      "  OTEL_EXPORTER_OTLP_ENDPOINT  traces by OTLP, e.g. http://localhost:4318",
      "                       (OTEL_EXPORTER_OTLP_PROTOCOL=grpc: port 4317); off",
      "                       without it (docs/guide/traces.md)",
      "",
      "No server? bin/dev-server starts a Temporal server that keeps approvals and",
      "lists them; start bin/overdue-worker after it. The worker alone starts an",
      "in-memory service instead, which forgets every approval when it exits.",
      "Benchmarks: bin/overdue bench --help.",
      "Shell completion: source <(overdue generate-completion)   (bash, zsh)",
      "",
      "Examples:",
      "  overdue start --file request.json       (or request.yaml)",
      "  overdue validate --file request.yaml    (checks it; starts nothing, no server)",
      "  overdue start --request-id PO-4711 --step manager=alice,bob --timeout P5D",
      "  overdue status PO-4711",
      "  overdue plan PO-4711",
      "  overdue approve PO-4711 --user alice --comment 'within budget'",
      "  overdue complete PO-4711 --user alice --outcome within-budget"
    })
public final class OverdueCli implements Callable<Integer>, CommandContext {
  @Spec CommandSpec spec;

  @Mixin ExitCodes exitCodes;

  // Their options are the root's, and every command's (INHERIT): the session's first, as help
  // lists them in that order.
  @Mixin final Session session;

  @Mixin final Printer printer;

  public OverdueCli() {
    Map<String, String> environment = System.getenv();
    printer = new Printer(environment);
    session = new Session(new CommandEventLoop(), environment, printer.command());
  }

  public OverdueCli(ClientFactory clientFactory) {
    this(clientFactory, System.getenv());
  }

  /** With {@code environment} for OVERDUE_TOKEN, OVERDUE_TOKEN_COMMAND and OVERDUE_COMMAND. */
  OverdueCli(ClientFactory clientFactory, Map<String, String> environment) {
    printer = new Printer(environment);
    session = new Session(clientFactory, environment, printer.command());
  }

  public static void main(String[] args) {
    OverdueCli cli = new OverdueCli();
    cli.session.connectInBackgroundFor(args);
    int exit = commandLine(cli, args).execute(args);
    cli.session.disconnect();
    System.exit(exit);
  }

  @Override
  public Session session() {
    return session;
  }

  @Override
  public Printer printer() {
    return printer;
  }

  /**
   * The command line as {@code main} runs it: a usage error prints one line and a pointer to {@code
   * --help} rather than the whole usage. (A plain {@code new CommandLine(cli)} works too.)
   */
  public static CommandLine commandLine(OverdueCli cli) {
    return commandLine(cli, null);
  }

  /** The same with only the subcommands {@code args} need ({@link Commands}); all with null. */
  static CommandLine commandLine(OverdueCli cli, String[] args) {
    CommandLine commandLine =
        new CommandLine(cli)
            .setParameterExceptionHandler(
                (e, line) -> cli.printer.usageError(e, cli.session.secrets(line)));
    Commands.add(commandLine, args);
    // `--data @FILE` and `--task-output @FILE` read JSON from a file: picocli must not take them as
    // argument files (which nothing here uses).
    commandLine.setExpandAtFiles(false);
    CommonOptions.arrange(commandLine);
    Bulk.showInSynopsis(commandLine);
    return commandLine;
  }

  /** {@code overdue} alone: the usage, as a usage error. */
  @Override
  public Integer call() {
    spec.commandLine().usage(printer.err());
    return ExitCodes.USAGE;
  }

  // ---- version ------------------------------------------------------------------------------

  static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = "development build";
      try (InputStream in =
          OverdueCli.class.getResourceAsStream(
              "/META-INF/maven/dev.overdue/overdue-starter/pom.properties")) {
        if (in != null) {
          Properties properties = new Properties();
          properties.load(in);
          version = properties.getProperty("version", version);
        }
      } catch (IOException ignored) {
        // the development build has no packaged version
      }
      return new String[] {
        "overdue " + version + " (Temporal Java SDK " + Version.LIBRARY_VERSION + "; " + runtime() + ")"
      };
    }

    /** What runs the CLI: bin/overdue picks the native executable or a JVM (docs/NATIVE.md). */
    static String runtime() {
      // Set to "runtime" by GraalVM's native image in the running executable.
      if ("runtime".equals(System.getProperty("org.graalvm.nativeimage.imagecode"))) {
        return "native executable";
      }
      return "Java " + Runtime.version() + ", " + System.getProperty("java.vm.name");
    }
  }
}
