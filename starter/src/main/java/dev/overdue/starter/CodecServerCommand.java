package dev.overdue.starter;

import dev.overdue.client.codec.PayloadEncryption;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code overdue codec-server}: decrypts payloads for the Web UI and the Temporal CLI. */
@Command(
    name = "codec-server",
    mixinStandardHelpOptions = true,
    description = {
      "Decrypt approval data for the Web UI and the temporal CLI, over HTTP.",
      "It speaks Temporal's remote codec protocol (POST /decode and /encode), so that the Web UI"
          + " and `temporal --codec-endpoint` show encrypted approval data in clear. Uses the"
          + " key(s) of OVERDUE_CODEC_KEY or OVERDUE_CODEC_KEY_FILE, like the worker. Runs until"
          + " stopped (Ctrl-C).",
      "Anyone who can reach it can decrypt: it listens on loopback unless --host says otherwise,"
          + " and answers browsers only from the --origin pages.",
      "Web UI: temporal server start-dev --ui-codec-endpoint http://127.0.0.1:8081"
          + " (or bin/dev-server --ui-codec-endpoint ...)."
    })
final class CodecServerCommand implements Callable<Integer> {
  static final List<String> DEFAULT_ORIGINS = List.of("http://127.0.0.1:8233", "http://localhost:8233");

  @ParentCommand CommandContext context;

  @Mixin ExitCodes exitCodes;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      defaultValue = "8081",
      description = "Port to listen on; 0 for any free one (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--host",
      paramLabel = "ADDRESS",
      defaultValue = "127.0.0.1",
      description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only).")
  String host;

  @Option(
      names = "--origin",
      paramLabel = "URL",
      split = ",",
      description =
          "Web UI origin allowed to call it (CORS), repeatable (default: the dev server's UI,"
              + " http://127.0.0.1:8233 and http://localhost:8233).")
  List<String> origins;

  /** Tests stop the server through this; Ctrl-C ends the JVM. */
  final CountDownLatch stop = new CountDownLatch(1);

  @Override
  public Integer call() throws Exception {
    PrintWriter out = context.printer().out();
    PrintWriter err = context.printer().err();
    if (port < 0 || port > 65535) {
      err.println("--port must be 0 (any free port) or a port up to 65535: " + port);
      return ExitCodes.USAGE;
    }
    PayloadEncryption encryption;
    try {
      encryption = PayloadEncryption.fromEnvironment();
    } catch (IllegalArgumentException e) {
      err.println("cannot start the codec server: " + e.getMessage());
      return ExitCodes.UNAVAILABLE;
    }
    if (!encryption.enabled()) {
      err.println(
          "cannot start the codec server: no key; set " + PayloadEncryption.ENV_KEY + " or "
              + PayloadEncryption.ENV_KEY_FILE + " as for the worker");
      return ExitCodes.UNAVAILABLE;
    }
    List<String> allowed = origins == null || origins.isEmpty() ? DEFAULT_ORIGINS : origins;
    CodecServer server;
    try {
      server =
          CodecServer.start(
              new InetSocketAddress(host, port), encryption.codec(), new LinkedHashSet<>(allowed));
    } catch (IOException e) {
      err.println("cannot listen on " + host + ":" + port + ": " + e.getMessage());
      return ExitCodes.UNAVAILABLE;
    }
    Thread hook = new Thread(() -> { server.close(); stop.countDown(); }, "codec-server-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    out.println("codec server listening on " + server.url() + " (POST /decode, /encode); "
        + encryption.describe());
    out.println("allowed origins: " + String.join(", ", allowed));
    out.println("Web UI: temporal server start-dev --ui-codec-endpoint " + server.url());
    out.println("CLI:    temporal workflow show -w approval-PO-4711 --codec-endpoint " + server.url());
    out.flush();
    try {
      stop.await();
    } finally {
      server.close();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running: it closes the server itself
      }
    }
    return ExitCodes.DONE;
  }
}
