package dev.overdue.starter;

import io.temporal.client.WorkflowClient;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The connection made on a thread of its own while the main thread builds and parses the command
 * line: each loads and initialises its own share of some 5,000 classes (gRPC, Netty and Temporal's
 * API there; picocli, Jackson and the command here), on two cores at once, and the transport is
 * opened meanwhile. Nothing is sent; a command that turns out not to need the server closes the
 * connection unused.
 */
final class BackgroundConnection {
  /** The flags it is made with: the command line's, as guessed before parsing it. */
  private final CompletableFuture<Map<String, String>> flags;

  private final CompletableFuture<WorkflowClient> connecting;

  private BackgroundConnection(String[] args, ClientFactory clients) {
    String[] line = args.clone();
    flags =
        CompletableFuture.supplyAsync(
            () -> ConnectionOptions.scan(line).variables(), daemon("overdue-connect"));
    connecting =
        flags.thenApplyAsync(
            guessed -> {
              WorkflowClient connected = clients.connect(guessed);
              // Resolves the address and opens the transport now, without a call: a server that
              // is down is then found by the command's own call, as without this.
              connected.getWorkflowServiceStubs().getRawChannel().getState(true);
              return connected;
            },
            daemon("overdue-connect"));
  }

  /** Starts connecting when {@code args} likely run a command that connects; else null. */
  static BackgroundConnection startFor(String[] args, ClientFactory clients) {
    return Commands.connects(args) ? new BackgroundConnection(args, clients) : null;
  }

  /** Whether it is made with {@code parsed}: the guess may read a value as a flag. */
  boolean madeWith(Map<String, String> parsed) {
    return parsed.equals(flags.join());
  }

  /** The connection, or what stopped it, as if made here. */
  WorkflowClient client() {
    try {
      return connecting.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  /** Closes the connection, made or not, when the command is not going to use it. */
  void close() {
    WorkflowClient made;
    try {
      made = connecting.join();
    } catch (RuntimeException failed) {
      return; // It failed to connect: there is nothing to close.
    }
    ClientFactory.close(made);
  }

  /** Runs each task on a daemon thread of its own: none of them may keep the process alive. */
  static Executor daemon(String name) {
    return task -> {
      Thread thread = new Thread(task, name);
      thread.setDaemon(true);
      thread.start();
    };
  }
}
