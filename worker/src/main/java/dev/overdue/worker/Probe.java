package dev.overdue.worker;

import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code overdue-worker probe [URL]}: asks a running worker whether it is ready and exits 0 when
 * the answer is HTTP 200, 1 otherwise (any other status, nothing listening, a timeout). It is the
 * container's HEALTHCHECK and a Kubernetes or systemd exec probe: Temurin's JRE images have no curl
 * or wget, and a JVM is there anyway.
 *
 * <p>Without a URL it asks {@code /readyz} on the worker's metrics port, where the same settings put
 * it: {@code OVERDUE_METRICS_PORT} (default 9464) on {@code OVERDUE_METRICS_HOST}, or loopback when
 * that is a wildcard address or unset. Exit code 2 is never used: Docker reserves it.
 */
public final class Probe {
  public static final String READY_PATH = "/readyz";
  /** Within the 5 s Docker gives a HEALTHCHECK by default, JVM start included. */
  static final Duration TIMEOUT = Duration.ofSeconds(3);
  /** What of the worker's answer goes into the probe's output (Docker keeps 4 KiB of it). */
  static final int MAX_BODY_CHARS = 1000;

  private Probe() {}

  public static void main(String[] args) {
    System.exit(run(args, System::getenv, System.out, System.err));
  }

  /** Runs the probe as {@link #main} does; returns the exit code instead of exiting. */
  static int run(String[] args, Function<String, String> env, PrintStream out, PrintStream err) {
    if (args.length > 1 || (args.length == 1 && args[0].startsWith("-"))) {
      boolean help = args.length == 1 && (args[0].equals("-h") || args[0].equals("--help"));
      (help ? out : err)
          .println(
              "Usage: overdue-worker probe [URL]\n"
                  + "Exits 0 when URL answers HTTP 200, else 1. URL defaults to /readyz on the"
                  + " metrics port:\n"
                  + "http://OVERDUE_METRICS_HOST:OVERDUE_METRICS_PORT/readyz (loopback for a"
                  + " wildcard or unset host, port 9464).");
      return help ? 0 : 1;
    }
    URI url;
    try {
      url = args.length == 1 ? URI.create(args[0]) : defaultUrl(env);
    } catch (IllegalArgumentException e) {
      err.println("probe: " + e.getMessage());
      return 1;
    }
    return probe(url, TIMEOUT, out, err);
  }

  /** {@code /readyz} where the worker serves its metrics under the same environment. */
  static URI defaultUrl(Function<String, String> env) {
    String port = orDefault(env.apply("OVERDUE_METRICS_PORT"), Integer.toString(MetricsServer.DEFAULT_PORT));
    if (port.equals("0")) {
      throw new IllegalArgumentException(
          "OVERDUE_METRICS_PORT is 0: the worker serves no metrics port, so there is nothing to probe");
    }
    if (!port.matches("[0-9]{1,5}")) {
      throw new IllegalArgumentException("OVERDUE_METRICS_PORT is not a port: " + port);
    }
    String host = orDefault(env.apply("OVERDUE_METRICS_HOST"), MetricsServer.DEFAULT_HOST);
    // A worker bound to every interface answers on loopback; the wildcard itself is no destination.
    if (Set.of("0.0.0.0", "::", "[::]").contains(host)) {
      host = "127.0.0.1";
    } else if (host.contains(":") && !host.startsWith("[")) {
      host = "[" + host + "]";
    }
    return URI.create("http://" + host + ":" + port + READY_PATH);
  }

  static int probe(URI url, Duration timeout, PrintStream out, PrintStream err) {
    HttpClient client =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    HttpResponse<String> response;
    try {
      HttpRequest request = HttpRequest.newBuilder(url).timeout(timeout).GET().build();
      response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      err.println("not ready: no answer from " + url + " (" + why(e, timeout) + ")");
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("not ready: interrupted while asking " + url);
      return 1;
    } catch (IllegalArgumentException e) {
      // Not an http(s) URL.
      err.println("probe: cannot ask " + url + ": " + e.getMessage());
      return 1;
    }
    String body = excerpt(response.body());
    if (response.statusCode() == 200) {
      out.println("ready: HTTP 200 from " + url + body);
      return 0;
    }
    err.println("not ready: HTTP " + response.statusCode() + " from " + url + body);
    return 1;
  }

  /** The JDK's HTTP client says "java.net.ConnectException" and no more when nothing listens. */
  private static String why(IOException e, Duration timeout) {
    if (e instanceof HttpTimeoutException) {
      return "nothing within " + timeout.toMillis() + " ms";
    }
    if (e instanceof ConnectException) {
      return "connection refused: is the worker running, with its metrics on this port?";
    }
    return e.toString();
  }

  private static String excerpt(String body) {
    String text = body == null ? "" : body.strip();
    if (text.isEmpty()) {
      return "";
    }
    return ": " + (text.length() > MAX_BODY_CHARS ? text.substring(0, MAX_BODY_CHARS) + "…" : text);
  }

  private static String orDefault(String value, String otherwise) {
    return value == null || value.isBlank() ? otherwise : value.strip();
  }
}
