package dev.overdue.activities.settings;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP endpoint messages are POSTed to. {@code format}: {@code json} (Overdue's document) or
 * {@code slack} (a {@code {"text": ...}} body Slack-compatible incoming webhooks accept). With a
 * {@code secret}, each request is signed: {@code X-Overdue-Signature: sha256=<HMAC of
 * "<timestamp>.<body>">} and {@code X-Overdue-Timestamp}. Header values may be secrets too: none is
 * ever logged.
 */
public record WebhookSettings(
    String url, String format, Map<String, Secret> headers, Secret secret, String timeout) {

  public enum Format {
    JSON,
    SLACK
  }

  public WebhookSettings {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException("url is required");
    }
    URI uri;
    try {
      uri = URI.create(url);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("url is not a URL");
    }
    if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
      throw new IllegalArgumentException("url must be http:// or https://");
    }
    headers = headers == null ? Map.of() : Map.copyOf(headers);
    format(format);
    Durations.parse("timeout", timeout);
  }

  public Format formatOrDefault() {
    return format(format);
  }

  public Duration timeoutOrDefault() {
    return timeout == null ? Duration.ofSeconds(10) : Durations.parse("timeout", timeout);
  }

  private static Format format(String value) {
    if (value == null) {
      return Format.JSON;
    }
    try {
      return Format.valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("format must be json or slack: " + value);
    }
  }

  /** Without the URL's path: Slack-style URLs are themselves secrets. */
  @Override
  public String toString() {
    return "WebhookSettings[url=" + safeLabel() + "/..., format=" + formatOrDefault() + ", headers="
        + headers.keySet() + ", secret=" + (secret == null ? "none" : secret) + "]";
  }

  /** The URL without its path and query, which may carry a token (Slack's do). */
  public String safeLabel() {
    URI uri = URI.create(url);
    return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
  }
}
