package dev.overdue.http;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A request written byte for byte on a socket, as curl or a hostile client sends it: what Java's
 * HTTP client refuses to send (a bad %-escape, a method of any name) reaches Tomcat's own parser.
 */
final class RawHttp {
  private final int port;

  RawHttp(int port) {
    this.port = port;
  }

  /** The answer: status, headers by lower-case name, body. */
  record Answer(int status, Map<String, String> headers, String text) {
    String contentType() {
      return headers.getOrDefault("content-type", "");
    }

    JsonNode json() {
      return ApiClient.JSON.readTree(text);
    }

    String detail() {
      return json().path("detail").asText();
    }
  }

  /** {@code method target}, the headers given as name, value pairs, and a body (none if null). */
  Answer send(String method, String target, String body, String... headers) {
    StringBuilder request = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (int i = 0; i < headers.length; i += 2) {
      request.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
    }
    byte[] content = body == null ? new byte[0] : body.getBytes(UTF_8);
    if (body != null) {
      request.append("Content-Length: ").append(content.length).append("\r\n");
    }
    request.append("\r\n");
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(request.toString().getBytes(ISO_8859_1));
      socket.getOutputStream().write(content);
      socket.getOutputStream().flush();
      return parse(socket.getInputStream().readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Answer parse(byte[] raw) {
    String text = new String(raw, UTF_8);
    int end = text.indexOf("\r\n\r\n");
    String[] head = text.substring(0, end).split("\r\n");
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < head.length; i++) {
      int colon = head[i].indexOf(':');
      headers.put(head[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), head[i].substring(colon + 1).strip());
    }
    String body = text.substring(end + 4);
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      body = unchunk(body.getBytes(UTF_8));
    }
    return new Answer(Integer.parseInt(head[0].split(" ")[1]), headers, body);
  }

  private static String unchunk(byte[] chunked) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    InputStream in = new java.io.ByteArrayInputStream(chunked);
    try {
      while (true) {
        StringBuilder size = new StringBuilder();
        for (int c = in.read(); c != '\n' && c >= 0; c = in.read()) {
          if (c != '\r') {
            size.append((char) c);
          }
        }
        int length = size.isEmpty() ? 0 : Integer.parseInt(size.toString().split(";")[0].strip(), 16);
        if (length == 0) {
          return out.toString(UTF_8);
        }
        out.write(in.readNBytes(length));
        in.skip(2);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
