package dev.overdue.activities.delivery;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A real HTTP endpoint on loopback that records every POST and answers each with the next scripted
 * status (200 once the script is used up).
 */
public final class WebhookSink implements AutoCloseable {
  /** One request as it arrived. */
  public record Received(String path, Map<String, List<String>> headers, String body) {
    public String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().get(0))
          .findFirst()
          .orElse(null);
    }
  }

  private final HttpServer server;
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final Deque<int[]> script = new ArrayDeque<>();

  public WebhookSink() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", exchange -> {
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      received.add(new Received(exchange.getRequestURI().getPath(), Map.copyOf(exchange.getRequestHeaders()), body));
      int[] answer;
      synchronized (script) {
        answer = script.isEmpty() ? new int[] {200, -1} : script.poll();
      }
      if (answer[1] >= 0) {
        exchange.getResponseHeaders().add("Retry-After", String.valueOf(answer[1]));
      }
      exchange.sendResponseHeaders(answer[0], -1);
      exchange.close();
    });
    server.start();
  }

  /** The next requests get these statuses, in order. */
  public WebhookSink answer(int... statuses) {
    synchronized (script) {
      for (int status : statuses) {
        script.add(new int[] {status, -1});
      }
    }
    return this;
  }

  public WebhookSink answerWithRetryAfter(int status, int seconds) {
    synchronized (script) {
      script.add(new int[] {status, seconds});
    }
    return this;
  }

  public String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  public List<Received> received() {
    return List.copyOf(received);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
