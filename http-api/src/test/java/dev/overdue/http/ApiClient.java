package dev.overdue.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Plain HTTP calls to the API as a caller would make them, answers read as JSON. */
final class ApiClient {
  static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpClient http = HttpClient.newHttpClient();
  private final String base;

  ApiClient(int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  /** An answer: its status, headers' content type, and body as JSON (null when empty or not JSON). */
  record Answer(int status, String contentType, String text, JsonNode json, HttpResponse<String> raw) {
    String detail() {
      return json == null ? text : json.path("detail").asText();
    }
  }

  Answer get(String path, String... headers) {
    return send(HttpRequest.newBuilder(URI.create(base + path)).GET(), headers);
  }

  Answer post(String path, String body, String... headers) {
    List<String> all = new ArrayList<>(List.of(headers));
    all.add("Content-Type");
    all.add("application/json");
    return send(HttpRequest.newBuilder(URI.create(base + path))
        .POST(body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body)),
        all.toArray(String[]::new));
  }

  Answer delete(String path, String... headers) {
    return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE(), headers);
  }

  Answer send(HttpRequest.Builder request, String... headers) {
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    try {
      HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      String type = response.headers().firstValue("Content-Type").orElse("");
      JsonNode json = null;
      if (type.contains("json") && !response.body().isEmpty()) {
        json = JSON.readTree(response.body());
      }
      return new Answer(response.statusCode(), type, response.body(), json, response);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The development mode's caller headers. */
  static String[] as(String user, String... groups) {
    return groups.length == 0
        ? new String[] {"X-Overdue-User", user}
        : new String[] {"X-Overdue-User", user, "X-Overdue-Groups", String.join(",", groups)};
  }
}
