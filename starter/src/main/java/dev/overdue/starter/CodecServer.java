package dev.overdue.starter;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.Payloads;
import io.temporal.payload.codec.PayloadCodec;
import io.temporal.payload.codec.PayloadCodecException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.UnaryOperator;

/**
 * Temporal's remote codec protocol over HTTP, for the Web UI and {@code temporal --codec-endpoint}:
 * {@code POST /decode} and {@code POST /encode} take and return {@code {"payloads": [{"metadata":
 * {...}, "data": "..."}]}}, the protobuf JSON of {@code Payloads} (bytes as base64), and run the
 * codec over them.
 *
 * <p>Whoever can reach it can decrypt, so it binds to loopback unless told otherwise and answers
 * browsers only from the allowed origins (the Web UI's): a request with another {@code Origin} is
 * refused, a preflight from an allowed one gets the CORS headers the UI needs, and a POST must be
 * {@code application/json} (which a page of another origin cannot send without a preflight).
 */
final class CodecServer implements AutoCloseable {
  /** A history event's payloads are small; a 10 MB comment encrypted is about 14 MB of JSON. */
  static final int MAX_BODY_BYTES = 32 * 1024 * 1024;

  private static final JsonFormat.Parser PARSER = JsonFormat.parser().ignoringUnknownFields();
  private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();

  private final HttpServer server;
  private final ExecutorService executor;
  private final PayloadCodec codec;
  private final Set<String> allowedOrigins;

  private CodecServer(HttpServer server, ExecutorService executor, PayloadCodec codec, Set<String> allowedOrigins) {
    this.server = server;
    this.executor = executor;
    this.codec = codec;
    this.allowedOrigins = allowedOrigins;
  }

  /** Serves {@code codec} at {@code address} (port 0: any free port) until closed. */
  static CodecServer start(InetSocketAddress address, PayloadCodec codec, Set<String> allowedOrigins)
      throws IOException {
    HttpServer server = HttpServer.create(address, 0);
    ExecutorService executor = Executors.newFixedThreadPool(4, runnable -> {
      Thread thread = new Thread(runnable, "codec-server");
      thread.setDaemon(true);
      return thread;
    });
    CodecServer codecServer = new CodecServer(server, executor, codec, Set.copyOf(allowedOrigins));
    server.createContext("/", codecServer::handle);
    server.setExecutor(executor);
    server.start();
    return codecServer;
  }

  int port() {
    return server.getAddress().getPort();
  }

  String url() {
    String host = server.getAddress().getAddress().getHostAddress();
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try {
      String origin = exchange.getRequestHeaders().getFirst("Origin");
      if (origin != null && !allowedOrigins.contains(origin)) {
        respond(exchange, 403, "text/plain", "origin " + origin + " is not allowed (see --origin)");
        return;
      }
      if (origin != null) {
        corsHeaders(exchange.getResponseHeaders(), origin);
      }
      String path = exchange.getRequestURI().getPath();
      UnaryOperator<List<Payload>> operation =
          switch (path) {
            case "/decode" -> codec::decode;
            case "/encode" -> codec::encode;
            default -> null;
          };
      if (operation == null) {
        respond(exchange, 404, "text/plain", "not found: POST /encode or /decode");
        return;
      }
      String method = exchange.getRequestMethod();
      if (method.equals("OPTIONS")) {
        exchange.sendResponseHeaders(204, -1);
        return;
      }
      if (!method.equals("POST")) {
        exchange.getResponseHeaders().set("Allow", "POST, OPTIONS");
        respond(exchange, 405, "text/plain", "use POST");
        return;
      }
      String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
      if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("application/json")) {
        respond(exchange, 415, "text/plain", "the body must be application/json");
        return;
      }
      byte[] body = readAtMost(exchange.getRequestBody(), MAX_BODY_BYTES);
      if (body == null) {
        respond(exchange, 413, "text/plain", "the body exceeds " + MAX_BODY_BYTES + " bytes");
        return;
      }
      Payloads.Builder request = Payloads.newBuilder();
      try {
        PARSER.merge(new String(body, StandardCharsets.UTF_8), request);
      } catch (InvalidProtocolBufferException e) {
        respond(exchange, 400, "text/plain", "not a JSON Payloads object: " + e.getMessage());
        return;
      }
      List<Payload> result;
      try {
        result = operation.apply(request.getPayloadsList());
      } catch (PayloadCodecException e) {
        respond(exchange, 400, "text/plain", e.getMessage());
        return;
      }
      // Protobuf JSON leaves out an empty list; callers read the "payloads" field regardless.
      respond(
          exchange,
          200,
          "application/json",
          result.isEmpty() ? "{\"payloads\":[]}" : PRINTER.print(Payloads.newBuilder().addAllPayloads(result)));
    } finally {
      exchange.close();
    }
  }

  private static void corsHeaders(Headers headers, String origin) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Methods", "POST, OPTIONS");
    headers.set("Access-Control-Allow-Headers", "Content-Type, X-Namespace, Authorization");
    headers.set("Access-Control-Allow-Credentials", "true");
    headers.set("Access-Control-Max-Age", "600");
    headers.set("Vary", "Origin");
  }

  private static void respond(HttpExchange exchange, int status, String contentType, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", contentType + "; charset=utf-8");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** The whole stream, or null when it is longer than {@code limit}. */
  private static byte[] readAtMost(InputStream in, int limit) throws IOException {
    byte[] bytes = in.readNBytes(limit + 1);
    return bytes.length > limit ? null : bytes;
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
