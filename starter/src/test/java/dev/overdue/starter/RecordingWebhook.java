package dev.overdue.starter;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A webhook receiver for the fault tests, on loopback or another address of this machine: records every POST (its {@code
 * Idempotency-Key}, the {@code X-Worker} header naming the worker process that sent it, the status
 * it answered, when) and answers 200, or 503 while {@link #refuse} is on. It can also stop
 * listening altogether and come back on the same port, like an endpoint that is down.
 *
 * <p>Every POST is recorded as it arrived: a real receiver that deduplicates on the key would
 * answer a repeated key 200 and do nothing, so {@link #acceptedByKey} holds raw POSTs, not effects.
 */
final class RecordingWebhook implements AutoCloseable {
  static final String KEY_HEADER = "Idempotency-Key";
  static final String WORKER_HEADER = "X-Worker";

  /** One POST: when it arrived, and what it was answered (after {@link #answerAfter}). */
  record Post(String key, String worker, int status, Instant at) {
    boolean accepted() {
      return status >= 200 && status < 300;
    }
  }

  private final InetAddress address;
  private final int port;
  private final List<Post> posts = new CopyOnWriteArrayList<>();
  /** POSTs that arrived, counted before {@link #answerAfter}'s wait: one being answered counts. */
  private final AtomicInteger received = new AtomicInteger();
  private final ExecutorService threads = Executors.newFixedThreadPool(32);
  private volatile boolean refusing;
  private volatile long delayMillis;
  private volatile Consumer<Post> afterAnswer = post -> {};
  private HttpServer server;

  RecordingWebhook() throws IOException {
    this(InetAddress.getLoopbackAddress());
  }

  /** Listening on {@code address}: the fleet tests' hosts reach the bridge's, not loopback. */
  RecordingWebhook(InetAddress address) throws IOException {
    this.address = address;
    server = listen(0);
    port = server.getAddress().getPort();
  }

  private HttpServer listen(int onPort) throws IOException {
    HttpServer http = HttpServer.create(new InetSocketAddress(address, onPort), 128);
    http.createContext("/", this::handle);
    http.setExecutor(threads);
    http.start();
    return http;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      Instant arrived = Instant.now();
      received.incrementAndGet();
      exchange.getRequestBody().readAllBytes();
      int status = refusing ? 503 : 200;
      if (delayMillis > 0) {
        try {
          Thread.sleep(delayMillis);
        } catch (InterruptedException stopping) {
          Thread.currentThread().interrupt();
        }
      }
      Post post =
          new Post(
              exchange.getRequestHeaders().getFirst(KEY_HEADER),
              exchange.getRequestHeaders().getFirst(WORKER_HEADER),
              status,
              arrived);
      posts.add(post);
      exchange.sendResponseHeaders(status, -1);
      exchange.close();
      afterAnswer.accept(post);
    }
  }

  /** {@code hook} runs for each POST right after its answer was sent (on the receiver's thread). */
  void afterAnswer(Consumer<Post> hook) {
    afterAnswer = hook;
  }

  String url() {
    return "http://" + address.getHostAddress() + ":" + port + "/overdue";
  }

  /**
   * Each POST is answered this long after it arrived, as a receiver that does some work first:
   * meanwhile the sender waits, so a sender killed then leaves a key the receiver took but the
   * sender never marked delivered.
   */
  void answerAfter(java.time.Duration delay) {
    delayMillis = delay.toMillis();
  }

  /** While on, every POST is answered 503 Service Unavailable (a transient failure to the worker). */
  void refuse(boolean on) {
    refusing = on;
  }

  /** Closes the port: connections are refused until {@link #listenAgain}. */
  synchronized void stopListening() {
    if (server != null) {
      server.stop(0);
      server = null;
    }
  }

  /** Listens on the same port again (retried a few times: the port may linger briefly). */
  synchronized void listenAgain() throws Exception {
    if (server != null) {
      return;
    }
    for (int attempt = 1; ; attempt++) {
      try {
        server = listen(port);
        return;
      } catch (BindException taken) {
        if (attempt == 20) {
          throw new AssertionError("cannot listen on port " + port + " again", taken);
        }
        Thread.sleep(250);
      }
    }
  }

  int received() {
    return received.get();
  }

  List<Post> posts() {
    return List.copyOf(posts);
  }

  /** The accepted (2xx) POSTs of each key, in arrival order. */
  Map<String, List<Post>> acceptedByKey() {
    Map<String, List<Post>> byKey = new LinkedHashMap<>();
    for (Post post : posts) {
      if (post.accepted()) {
        byKey.computeIfAbsent(post.key(), k -> new ArrayList<>()).add(post);
      }
    }
    return byKey;
  }

  long acceptedKeys() {
    return posts.stream().filter(Post::accepted).map(Post::key).distinct().count();
  }

  @Override
  public synchronized void close() {
    stopListening();
    threads.shutdownNow();
  }
}
