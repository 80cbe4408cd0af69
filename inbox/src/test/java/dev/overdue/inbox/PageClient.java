package dev.overdue.inbox;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A person's browser without the browser: cookies kept, redirects not followed (a test sees them),
 * forms posted with the CSRF token the last page carried.
 */
final class PageClient {
  /** What a browser asks for when it opens a page: HTML first (Spring's error pages answer JSON otherwise). */
  private static final String ACCEPT = "text/html,application/xhtml+xml,*/*;q=0.8";
  private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

  record Page(int status, String body, HttpResponse<String> response) {
    String header(String name) {
      return response.headers().firstValue(name).orElse(null);
    }

    String location() {
      return header("Location");
    }
  }

  private final String base;
  private final HttpClient http;
  private String csrf;

  PageClient(int port) {
    this.base = "http://127.0.0.1:" + port;
    this.http = HttpClient.newBuilder().cookieHandler(new CookieManager()).followRedirects(HttpClient.Redirect.NEVER).build();
  }

  Page get(String path) {
    return send(HttpRequest.newBuilder(URI.create(base + path)).header("Accept", ACCEPT).GET());
  }

  /** GET, following redirects within the inbox, as a browser would. */
  Page open(String path) {
    Page page = get(path);
    for (int hops = 0; hops < 5 && page.status() / 100 == 3; hops++) {
      String to = page.location();
      page = get(to.startsWith("http") ? URI.create(to).getRawPath() + (URI.create(to).getRawQuery() == null ? "" : "?" + URI.create(to).getRawQuery()) : to);
    }
    return page;
  }

  /** The CSRF token the last page carried, as a form would send it. */
  String csrfToken() {
    return csrf;
  }

  /** A form post with the last page's CSRF token (unless the fields name their own). */
  Page post(String path, Map<String, String> fields) {
    Map<String, String> all = new LinkedHashMap<>();
    if (csrf != null) {
      all.put("_csrf", csrf);
    }
    all.putAll(fields);
    all.values().removeIf(value -> value == null);
    String form = all.entrySet().stream()
        .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
    return send(HttpRequest.newBuilder(URI.create(base + path))
        .header("Accept", ACCEPT)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form)));
  }

  /** Signs in on the development mode's form. */
  PageClient signIn(String user, String groups) {
    get("/sign-in");
    Page signedIn = post("/sign-in", Map.of("user", user, "groups", groups));
    if (signedIn.status() != 302) {
      throw new AssertionError("sign-in answered " + signedIn.status() + ": " + signedIn.body());
    }
    return this;
  }

  private Page send(HttpRequest.Builder request) {
    try {
      HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      Matcher token = CSRF.matcher(response.body());
      if (token.find()) {
        csrf = token.group(1);
      }
      return new Page(response.statusCode(), response.body(), response);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
