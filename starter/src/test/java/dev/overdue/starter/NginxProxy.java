package dev.overdue.starter;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A TLS-terminating gRPC proxy in front of a dev server (which cannot serve TLS itself): Debian's
 * nginx, as an operator would put it in front of a Temporal frontend, on three loopback ports —
 *
 * <ul>
 *   <li>{@link #tlsPort}: TLS with the test CA's server certificate;
 *   <li>{@link #mtlsPort}: the same, and a client certificate signed by the test CA is required;
 *   <li>{@link #apiKeyPort}: TLS, and every call must carry {@code authorization: Bearer <key>}.
 * </ul>
 *
 * Refusals are gRPC answers (HTTP 200, {@code grpc-status: 16} UNAUTHENTICATED and a {@code
 * grpc-message}), as a Temporal server or Temporal Cloud gives them, not nginx's HTML error pages.
 */
final class NginxProxy implements AutoCloseable {
  static final Path NGINX = Path.of("/usr/sbin/nginx");

  final int tlsPort;
  final int mtlsPort;
  final int apiKeyPort;
  final Path dir;
  private final Process process;

  private NginxProxy(Path dir, int tlsPort, int mtlsPort, int apiKeyPort, Process process) {
    this.dir = dir;
    this.tlsPort = tlsPort;
    this.mtlsPort = mtlsPort;
    this.apiKeyPort = apiKeyPort;
    this.process = process;
  }

  static boolean installed() {
    return Files.isExecutable(NGINX);
  }

  /** Starts nginx on fresh free ports (retried: a port found free may be taken meanwhile). */
  static NginxProxy start(Path dir, int upstreamPort, Certificates certs, String apiKey) throws Exception {
    AssertionError failure = null;
    for (int attempt = 1; attempt <= 3; attempt++) {
      Path attemptDir = dir.resolve("nginx-" + attempt);
      Files.createDirectories(attemptDir.resolve("tmp"));
      int tls = Processes.freePort();
      int mtls = Processes.freePort();
      int key = Processes.freePort();
      Path config =
          Files.writeString(
              attemptDir.resolve("nginx.conf"), config(attemptDir, upstreamPort, certs, apiKey, tls, mtls, key));
      ProcessBuilder builder =
          new ProcessBuilder(
                  NGINX.toString(), "-p", attemptDir.toString(), "-c", config.toString(),
                  "-e", attemptDir.resolve("error.log").toString())
              .redirectErrorStream(true)
              .redirectOutput(attemptDir.resolve("nginx.out").toFile());
      NginxProxy proxy = new NginxProxy(attemptDir, tls, mtls, key, builder.start());
      try {
        proxy.awaitListening(Duration.ofSeconds(20));
        return proxy;
      } catch (AssertionError e) {
        proxy.close();
        failure = e;
      }
    }
    throw failure;
  }

  static String config(
      Path dir, int upstreamPort, Certificates certs, String apiKey, int tls, int mtls, int key) {
    String upstream = "grpc://127.0.0.1:" + upstreamPort;
    String unauthenticated =
        """
            location @%s {
              add_header grpc-status 16 always;
              add_header grpc-message "%s" always;
              return 200;
            }
        """;
    return """
        # Written by NginxProxy (SecurityIT). Runs in the foreground as one process, so the test
        # owns exactly one pid; every file is under this directory.
        daemon off;
        master_process off;
        worker_processes 1;
        pid %1$s/nginx.pid;
        error_log %1$s/error.log info;
        events { worker_connections 256; }
        http {
          access_log %1$s/access.log;
          client_body_temp_path %1$s/tmp/body;
          proxy_temp_path %1$s/tmp/proxy;
          fastcgi_temp_path %1$s/tmp/fastcgi;
          uwsgi_temp_path %1$s/tmp/uwsgi;
          scgi_temp_path %1$s/tmp/scgi;
          client_max_body_size 0;
          # Workers long-poll for up to about a minute: longer than nginx's 60 s default.
          grpc_read_timeout 600s;
          grpc_send_timeout 600s;
          ssl_certificate %2$s;
          ssl_certificate_key %3$s;
          default_type application/grpc;

          server {
            listen 127.0.0.1:%5$d ssl http2;
            location / { grpc_pass %4$s; }
          }

          server {
            listen 127.0.0.1:%6$d ssl http2;
            ssl_client_certificate %8$s;
            ssl_verify_client on;
            # nginx completes the handshake and then answers 496 (no certificate) or 495 (not
            # trusted); answer as gRPC instead.
            error_page 496 = @no_client_certificate;
            error_page 495 = @bad_client_certificate;
        %9$s%10$s
            location / { grpc_pass %4$s; }
          }

          server {
            listen 127.0.0.1:%7$d ssl http2;
            error_page 401 = @bad_api_key;
        %11$s
            location / {
              if ($http_authorization != "Bearer %12$s") { return 401; }
              grpc_pass %4$s;
            }
          }
        }
        """
        .formatted(
            dir, certs.serverCert(), certs.serverKey(), upstream, tls, mtls, key, certs.caCert(),
            unauthenticated.formatted("no_client_certificate", "client certificate required"),
            unauthenticated.formatted("bad_client_certificate", "client certificate not trusted"),
            unauthenticated.formatted("bad_api_key", "missing or invalid API key"),
            apiKey);
  }

  private void awaitListening(Duration timeout) throws Exception {
    long giveUp = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < giveUp) {
      if (!process.isAlive()) {
        throw new AssertionError("nginx exited (" + process.exitValue() + "):\n" + log());
      }
      if (listens(tlsPort) && listens(mtlsPort) && listens(apiKeyPort)) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("nginx did not listen within " + timeout.toSeconds() + " s:\n" + log());
  }

  private static boolean listens(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  String address(int port) {
    return "127.0.0.1:" + port;
  }

  String log() throws IOException {
    StringBuilder text = new StringBuilder();
    for (String name : List.of("nginx.out", "error.log")) {
      Path file = dir.resolve(name);
      if (Files.exists(file)) {
        text.append("--- ").append(name).append(":\n").append(Files.readString(file));
      }
    }
    return text.toString();
  }

  String accessLog() throws IOException {
    Path file = dir.resolve("access.log");
    return Files.exists(file) ? Files.readString(file) : "";
  }

  /** SIGTERM (nginx's fast shutdown), SIGKILL after 10 s. */
  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }
}
