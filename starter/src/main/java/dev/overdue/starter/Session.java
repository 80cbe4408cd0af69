package dev.overdue.starter;

import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.client.Approvals;
import dev.overdue.client.ConnectionProblems;
import dev.overdue.client.RequestCheck;
import dev.overdue.tracing.Tracing;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.client.WorkflowClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * A command's connection to Temporal: made from the connection flags, the environment and the
 * profile, on first use (or in the background, {@link BackgroundConnection}); the steering
 * commands signed with the sender's token, which every message then leaves out; and how long a
 * call waits for the approval to answer. A mixin of the root, which hands it to every command.
 */
final class Session {
  /** The workflow's own rules, run before a request starts ({@code start}) or instead ({@code validate}). */
  static final RequestCheck REQUEST_CHECK =
      request -> RequestProblems.refusal(request, List.of(), Instant.now());

  /** The root: the token flags' usage errors are its own, as their help is. */
  @Spec(Spec.Target.MIXEE)
  CommandSpec root;

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

  private final ClientFactory clientFactory;
  private final CommandEventLoop eventLoop;
  /** Where OVERDUE_TOKEN and OVERDUE_TOKEN_COMMAND are read: the process's, or a test's. */
  private final Map<String, String> environment;
  /** The CLI as the user runs it ({@link Printer#command}), for the hints of {@link NoAnswer}. */
  private final String overdue;
  /** The connection being made meanwhile, when {@link #connectInBackgroundFor} was asked to. */
  private BackgroundConnection background;
  private WorkflowClient client;
  private Approvals approvals;
  /** {@link #approvals} signing every command, once the token is known; see {@link #steering}. */
  private Approvals steering;
  /** The token the steering commands carry, once read: for {@link #redact}. */
  private String token;
  /** Set by the connection (from another thread when it is made in the background). */
  private volatile Tracing tracing = Tracing.off();

  /** Connected as the environment says, the channel on {@code eventLoop}, traced as it says. */
  Session(CommandEventLoop eventLoop, Map<String, String> environment, String overdue) {
    this.clientFactory = ClientFactory.fromEnvironment(eventLoop, made -> {
      // A background connection whose guess of the flags was wrong is replaced: close its Tracing.
      Tracing replaced = tracing;
      tracing = made;
      replaced.close();
    });
    this.eventLoop = eventLoop;
    this.environment = environment;
    this.overdue = overdue;
  }

  Session(ClientFactory clientFactory, Map<String, String> environment, String overdue) {
    this.clientFactory = clientFactory;
    this.eventLoop = new CommandEventLoop();
    this.environment = environment;
    this.overdue = overdue;
  }

  /** Starts connecting while the command line is parsed, when {@code args} need the server. */
  void connectInBackgroundFor(String[] args) {
    background = BackgroundConnection.startFor(args, clientFactory);
  }

  /** Closes the connection and stops its thread, so that the process ends without waiting. */
  void disconnect() {
    if (client == null && background != null) {
      background.close();
    }
    ClientFactory.close(client);
    eventLoop.close();
    tracing.close(); // exports the command's spans before the process exits
  }

  /** Connects on first use, so that usage errors and invalid files need no server. */
  Approvals approvals() {
    if (approvals == null) {
      try {
        Map<String, String> flags = connection.variables();
        if (background != null && !background.madeWith(flags)) {
          background.close();
          background = null;
        }
        client = background != null ? background.client() : clientFactory.connect(flags);
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

  /**
   * The client itself, connected on first use, for the queries {@link Approvals} has no method for
   * ({@code plan}): they go to the same untyped workflow stub.
   */
  WorkflowClient client() {
    approvals();
    return client;
  }

  /** The service for messages: "Temporal at host:port (namespace n)" once connected. */
  String service() {
    return client == null
        ? "the Temporal service"
        : "Temporal at "
            + client.getWorkflowServiceStubs().getOptions().getTarget()
            + " (namespace "
            + client.getOptions().getNamespace()
            + ")";
  }

  /** The token flags' usage error, whatever the command, as the root's: their help is there. */
  void checkTokenFlags() {
    String misuse = signing.misuse();
    if (misuse != null) {
      throw new CommandLine.ParameterException(root.commandLine(), misuse);
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

  /** The tokens {@code args} (null: the parsed flags), the environment and its command gave. */
  List<String> secrets(String[] args) {
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
    CompletableFuture<T> future =
        CompletableFuture.supplyAsync(call, BackgroundConnection.daemon("overdue-call"));
    try {
      return future.get(answerTimeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new CliError(
          ExitCodes.UNAVAILABLE,
          new NoAnswer(client, id, overdue).noAnswerWithin(answerTimeout.toSeconds(), command));
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      long waited = Math.round((System.nanoTime() - started) / 1e9);
      StatusRuntimeException rpc = ConnectionProblems.find(cause, StatusRuntimeException.class);
      Status status = rpc == null ? Status.OK : rpc.getStatus();
      if (status.getCode() == Status.Code.FAILED_PRECONDITION
          && status.getDescription() != null
          && status.getDescription().contains("no poller")) {
        throw new CliError(
            ExitCodes.UNAVAILABLE, new NoAnswer(client, id, overdue).noWorker(waited));
      }
      if (status.getCode() == Status.Code.DEADLINE_EXCEEDED) {
        // The client's own deadlines and retries ran out before ours: the same lack of an answer.
        throw new CliError(
            ExitCodes.UNAVAILABLE,
            new NoAnswer(client, id, overdue).noAnswerWithin(waited, command));
      }
      throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliError(ExitCodes.UNEXPECTED, "interrupted while waiting for approval " + id);
    }
  }
}
