package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.client.Approvals;
import dev.overdue.client.Connection;
import dev.overdue.client.RequestCheck;
import dev.overdue.client.ConnectionProblems;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import dev.overdue.tracing.Tracing;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.Version;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
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
      "                       without it (README: Traces)",
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
public final class OverdueCli implements Callable<Integer> {

  /** Pretty-printed JSON for {@code --json}. */
  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @Spec CommandSpec spec;

  @Mixin ExitCodes exitCodes;

  @Mixin ConnectionOptions connection = new ConnectionOptions();

  @Mixin TokenOptions signing = new TokenOptions();

  // INHERIT: users put these before or after the subcommand (`overdue approve X --answer-timeout
  // PT5S`); either way picocli sets the fields here.
  @Option(
      names = "--task-queue",
      scope = ScopeType.INHERIT,
      paramLabel = "QUEUE",
      defaultValue = "${env:OVERDUE_TASK_QUEUE:-" + ApprovalWorkflow.DEFAULT_TASK_QUEUE + "}",
      description =
          "Task queue a worker polls: start puts new approvals there (default: ${DEFAULT-VALUE}).")
  String taskQueue;

  @Option(
      names = "--answer-timeout",
      scope = ScopeType.INHERIT,
      paramLabel = "DURATION",
      defaultValue = "PT30S",
      converter = DurationOption.class,
      description =
          "How long commands and queries wait for the approval to answer, which needs a running"
              + " worker (ISO-8601 or seconds, default: ${DEFAULT-VALUE}). Without a worker, a"
              + " Temporal server may give up on a query sooner, after 10 s or so.")
  Duration answerTimeout;

  @Option(
      names = {"-o", "--output"},
      scope = ScopeType.INHERIT,
      paramLabel = "FORMAT",
      defaultValue = "table",
      converter = Output.Converter.class,
      description = "table (default) or json: what every command prints on stdout.")
  Output output;

  private final ClientFactory clientFactory;
  private final CommandEventLoop eventLoop;
  /** Where OVERDUE_TOKEN and OVERDUE_TOKEN_COMMAND are read: the process's, or a test's. */
  private final Map<String, String> environment;
  private WorkflowClient client;
  /** The connection {@link #connectInBackground} is making, when it was asked to. */
  private CompletableFuture<WorkflowClient> connecting;
  /** The flags that connection is made with: the command line's, as guessed before parsing it. */
  private CompletableFuture<Map<String, String>> connectingWith;
  private Approvals approvals;
  /** {@link #approvals} signing every command, once the token is known; see {@link #steering}. */
  private Approvals steering;
  /** The token the steering commands carry, once read: for {@link #redact}. */
  private String token;
  /** Set by the connection (from another thread when it is made in the background). */
  private volatile Tracing tracing = Tracing.off();

  public OverdueCli() {
    this(new CommandEventLoop());
  }

  private OverdueCli(CommandEventLoop eventLoop) {
    this.clientFactory = ClientFactory.fromEnvironment(eventLoop, made -> {
      // A background connection whose guess of the flags was wrong is replaced: close its Tracing.
      Tracing replaced = tracing;
      tracing = made;
      replaced.close();
    });
    this.eventLoop = eventLoop;
    this.environment = System.getenv();
  }

  public OverdueCli(ClientFactory clientFactory) {
    this(clientFactory, System.getenv());
  }

  /** With {@code environment} for OVERDUE_TOKEN and OVERDUE_TOKEN_COMMAND, as a test sets them. */
  OverdueCli(ClientFactory clientFactory, Map<String, String> environment) {
    this.clientFactory = clientFactory;
    this.eventLoop = new CommandEventLoop();
    this.environment = environment;
  }

  public static void main(String[] args) {
    OverdueCli cli = new OverdueCli();
    cli.connectInBackgroundFor(args);
    int exit = commandLine(cli, args).execute(args);
    cli.disconnect();
    System.exit(exit);
  }

  /**
   * Makes the connection on a thread of its own while this one builds and parses the command line:
   * each loads and initialises its own share of some 5,000 classes (gRPC, Netty and Temporal's API
   * there; picocli, Jackson and the command here), on two cores at once, and the transport is
   * opened meanwhile. Nothing is sent; a command that turns out not to need the server closes the
   * connection unused.
   */
  void connectInBackgroundFor(String[] args) {
    if (!Commands.connects(args)) {
      return;
    }
    String[] line = args.clone();
    connectingWith =
        CompletableFuture.supplyAsync(
            () -> ConnectionOptions.scan(line).variables(), daemon("overdue-connect"));
    connecting =
        connectingWith.thenApplyAsync(
            flags -> {
              WorkflowClient connected = clientFactory.connect(flags);
              // Resolves the address and opens the transport now, without a call: a server that
              // is down is then found by the command's own call, as without this.
              connected.getWorkflowServiceStubs().getRawChannel().getState(true);
              return connected;
            },
            daemon("overdue-connect"));
  }

  /** Runs each task on a daemon thread of its own: none of them may keep the process alive. */
  private static Executor daemon(String name) {
    return task -> {
      Thread thread = new Thread(task, name);
      thread.setDaemon(true);
      thread.start();
    };
  }

  /** Closes the connection and stops its thread, so that the process ends without waiting. */
  void disconnect() {
    if (client == null && connecting != null) {
      client = unused(connecting);
    }
    close(client);
    eventLoop.close();
    tracing.close(); // exports the command's spans before the process exits
  }

  /** The background connection, made or not, when the command is not going to use it. */
  private static WorkflowClient unused(CompletableFuture<WorkflowClient> connecting) {
    try {
      return connecting.join();
    } catch (RuntimeException failed) {
      return null; // It failed to connect: there is nothing to close.
    }
  }

  private static void close(WorkflowClient client) {
    if (client != null) {
      client.getWorkflowServiceStubs().shutdownNow();
      client.getWorkflowServiceStubs().awaitTermination(1, TimeUnit.SECONDS);
    }
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
        new CommandLine(cli).setParameterExceptionHandler(OverdueCli::shortUsageError);
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
    spec.commandLine().usage(err());
    return ExitCodes.USAGE;
  }

  private static int shortUsageError(CommandLine.ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    // picocli quotes what it could not place: a mistyped --token's value, say.
    Object root = command.getCommandSpec().root().userObject();
    List<String> secrets =
        root instanceof OverdueCli cli ? cli.secrets(args) : TokenOptions.secrets(args, Map.of());
    // "overdue approve" as the user runs it: "bin/overdue approve".
    String qualified = command.getCommandSpec().qualifiedName();
    String name =
        root instanceof OverdueCli cli
            ? cli.command() + qualified.substring(command.getCommandSpec().root().name().length())
            : qualified;
    String unmatched =
        e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()
            ? u.getUnmatched().get(0)
            : null;
    boolean unknownCommand =
        unmatched != null && !unmatched.startsWith("-") && !command.getSubcommands().isEmpty();
    // picocli says "Unmatched arguments from index 0: 'aprove', 'PO-1'" for a mistyped command.
    err.println(
        unknownCommand
            ? "Unknown command: '" + TokenOptions.redact(unmatched, secrets) + "'"
            : TokenOptions.redact(e.getMessage(), secrets));
    List<String> meant = List.of();
    if (unknownCommand) {
      meant =
          Typos.closest(unmatched, command.getSubcommands().keySet()).stream()
              .map(subcommand -> name + " " + subcommand)
              .toList();
    } else if (unmatched != null && unmatched.startsWith("--")) {
      List<String> options =
          command.getCommandSpec().options().stream()
              .map(CommandLine.Model.OptionSpec::longestName)
              .filter(option -> option.startsWith("--"))
              .toList();
      meant = Typos.closest(unmatched.split("=", 2)[0], options);
    }
    if (!meant.isEmpty()) {
      err.println("Did you mean: " + String.join(" or ", meant) + "?");
    }
    err.println("Try '" + name + " --help' for more information.");
    return ExitCodes.USAGE;
  }

  // ---- for the subcommands -----------------------------------------------------------------

  /** The workflow's own rules, run before a request starts ({@code start}) or instead ({@code validate}). */
  static final RequestCheck REQUEST_CHECK =
      request -> RequestProblems.refusal(request, List.of(), Instant.now());

  /** Connects on first use, so that usage errors and invalid files need no server. */
  Approvals approvals() {
    if (approvals == null) {
      try {
        Map<String, String> flags = connection.variables();
        if (connecting != null && !flags.equals(connectingWith.join())) {
          // The guess before parsing read the flags otherwise (a value that looks like one).
          close(unused(connecting));
          connecting = null;
        }
        client = connecting != null ? made(connecting) : clientFactory.connect(flags);
      } catch (RuntimeException e) {
        String reason = e.getMessage();
        if (e.getCause() != null && e.getCause().getMessage() != null) {
          reason =
              reason == null
                  ? e.getCause().getMessage()
                  : reason + ": " + e.getCause().getMessage();
        }
        throw new CliError(
            ExitCodes.UNAVAILABLE, "cannot set up the Temporal connection: " + reason);
      }
      approvals = new Approvals(client, REQUEST_CHECK);
    }
    return approvals;
  }

  /** The connection made in the background, or what stopped it, as if made here. */
  private static WorkflowClient made(CompletableFuture<WorkflowClient> connecting) {
    try {
      return connecting.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  /**
   * {@link #approvals} for the steering commands: each command signed with the token of {@code
   * --token}, {@code --token-command} or their variables, when one is given. The token is read
   * (its command run) once, on the first call, before anything is sent; queries and {@code start}
   * never ask for it.
   *
   * @throws CliError (usage) when the token command fails or prints no token
   */
  Approvals steering() {
    if (steering == null) {
      String signature = signing.token(environment);
      token = signature;
      steering = signature == null ? approvals() : approvals().signedBy(() -> signature);
    }
    return steering;
  }

  /** Whether the steering commands are signed (a token flag or variable is given). */
  boolean signs() {
    return signing.given(environment);
  }

  /** The tokens this command line, its environment and its token command gave. */
  private List<String> secrets(String[] args) {
    List<String> secrets = new ArrayList<>(TokenOptions.secrets(args, environment));
    if (signing.token != null) {
      secrets.add(signing.token);
    }
    if (token != null) {
      secrets.add(token);
    }
    return secrets;
  }

  /** {@code text} without any token: what every message on stderr goes through. */
  String redact(String text) {
    return TokenOptions.redact(text, secrets(null));
  }

  /**
   * The client itself, connected on first use, for the queries {@link Approvals} has no method for
   * ({@code plan}): they go to the same untyped workflow stub.
   */
  WorkflowClient client() {
    approvals();
    return client;
  }

  /** The service address for messages; null before connecting or for an in-process service. */
  String target() {
    return client == null ? null : client.getWorkflowServiceStubs().getOptions().getTarget();
  }

  String namespace() {
    return client == null ? null : client.getOptions().getNamespace();
  }

  /** The service for messages: "Temporal at host:port (namespace n)" once connected. */
  String service() {
    return target() == null
        ? "the Temporal service"
        : "Temporal at " + target() + " (namespace " + namespace() + ")";
  }

  /**
   * Runs a call the workflow itself must answer (an Update or a Query), giving up after {@link
   * #answerTimeout}: without a worker the service would keep the caller waiting. A Temporal server
   * gives up on a query by itself when no worker has polled the task queue lately: it holds the
   * query until just before the call's deadline (Temporal's Java client gives a query 10 s), then
   * answers FAILED_PRECONDITION; with the client's retry that is 10 to 20 s after the call. When a
   * workflow task is waiting for a worker (an unanswered command, a timer that fired), it holds the
   * query until the deadline instead, and the client retries for about a minute: DEADLINE_EXCEEDED,
   * unless {@link #answerTimeout} ends it first. Each of these becomes one line ({@link NoAnswer}):
   * the task queue, whether a worker polls it, how to start one.
   *
   * @param command true for an Update, which the service keeps and may still deliver later
   */
  <T> T answer(String id, boolean command, Supplier<T> call) {
    long started = System.nanoTime();
    CompletableFuture<T> future = CompletableFuture.supplyAsync(call, daemon("overdue-call"));
    try {
      return future.get(answerTimeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new CliError(
          ExitCodes.UNAVAILABLE,
          new NoAnswer(client, id, command()).noAnswerWithin(answerTimeout.toSeconds(), command));
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      long waited = Math.round((System.nanoTime() - started) / 1e9);
      StatusRuntimeException rpc = ConnectionProblems.find(cause, StatusRuntimeException.class);
      Status status = rpc == null ? Status.OK : rpc.getStatus();
      if (status.getCode() == Status.Code.FAILED_PRECONDITION
          && status.getDescription() != null
          && status.getDescription().contains("no poller")) {
        throw new CliError(ExitCodes.UNAVAILABLE, new NoAnswer(client, id, command()).noWorker(waited));
      }
      if (status.getCode() == Status.Code.DEADLINE_EXCEEDED) {
        // The client's own deadlines and retries ran out before ours: the same lack of an answer.
        throw new CliError(
            ExitCodes.UNAVAILABLE, new NoAnswer(client, id, command()).noAnswerWithin(waited, command));
      }
      throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliError(ExitCodes.UNEXPECTED, "interrupted while waiting for approval " + id);
    }
  }

  /** Where the launcher (bin/overdue) says what it was run as. */
  static final String COMMAND_VARIABLE = "OVERDUE_COMMAND";

  /**
   * The CLI as the user runs it ({@code bin/overdue}, {@code overdue}), for the commands messages
   * suggest: what the launcher says, else {@code overdue}; quoted when a shell would split it.
   */
  String command() {
    String command = environment.get(COMMAND_VARIABLE);
    if (command == null || command.isBlank()) {
      return "overdue";
    }
    return command.matches("[\\w./~+-]+") ? command : "'" + command.replace("'", "'\\''") + "'";
  }

  PrintWriter out() {
    return spec.commandLine().getOut();
  }

  /** True when stdout gets JSON rather than tables and sentences ({@code -o json}). */
  boolean jsonOutput() {
    return output == Output.JSON;
  }

  /** {@code value} as indented JSON on stdout. */
  void printJson(Object value) throws JsonProcessingException {
    out().println(JSON.writeValueAsString(value));
  }

  PrintWriter err() {
    return spec.commandLine().getErr();
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
        "overdue " + version + " (Temporal Java SDK " + Version.LIBRARY_VERSION + ")"
      };
    }
  }
}
