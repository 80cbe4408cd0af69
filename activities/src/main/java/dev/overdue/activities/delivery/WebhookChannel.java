package dev.overdue.activities.delivery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.activities.settings.Secret;
import dev.overdue.activities.settings.WebhookSettings;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HTTP POST of a JSON document (or a Slack-compatible {@code {"text": ...}}) to configured
 * endpoints, with the idempotency key as the {@code Idempotency-Key} header. 2xx delivers; 408,
 * 429 and 5xx are transient (honouring Retry-After); other statuses are permanent. Failures name
 * the endpoint and its host, never its path, headers or secret.
 */
final class WebhookChannel implements Channel {
  static final String KEY_HEADER = "Idempotency-Key";
  static final String SIGNATURE_HEADER = "X-Overdue-Signature";
  static final String TIMESTAMP_HEADER = "X-Overdue-Timestamp";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration LONGEST_RETRY_AFTER = Duration.ofMinutes(10);

  private final Map<String, WebhookSettings> endpoints;
  private final HttpClient http;
  private final Clock clock;
  private final OutgoingSpan span;
  private final TextMapPropagator propagator;

  WebhookChannel(Map<String, WebhookSettings> endpoints, Clock clock) {
    this(endpoints, clock, OpenTelemetry.noop());
  }

  /** Each POST in a client span whose context the request carries (W3C {@code traceparent}). */
  WebhookChannel(Map<String, WebhookSettings> endpoints, Clock clock, OpenTelemetry openTelemetry) {
    this.endpoints = endpoints;
    this.clock = clock;
    this.span = new OutgoingSpan(openTelemetry);
    this.propagator = openTelemetry.getPropagators().getTextMapPropagator();
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  @Override
  public void send(OutgoingMessage message) throws DeliveryException {
    String name = message.recipient().address();
    WebhookSettings endpoint = endpoints.get(name);
    if (endpoint == null) {
      throw DeliveryException.permanent("no webhook endpoint '" + name + "' is configured");
    }
    String where = "webhook " + name + " (" + endpoint.safeLabel() + ")";
    byte[] body = body(message, endpoint.formatOrDefault()).getBytes(StandardCharsets.UTF_8);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(endpoint.url()))
            .timeout(endpoint.timeoutOrDefault())
            .header("Content-Type", "application/json; charset=utf-8")
            .header("User-Agent", "overdue-worker")
            .header(KEY_HEADER, message.idempotencyKey())
            .header("X-Overdue-Event", message.event().key())
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    endpoint.headers().forEach((header, value) -> request.setHeader(header, value.reveal()));
    if (endpoint.secret() != null) {
      String timestamp = String.valueOf(clock.instant().getEpochSecond());
      request.setHeader(TIMESTAMP_HEADER, timestamp);
      request.setHeader(SIGNATURE_HEADER, "sha256=" + sign(endpoint.secret(), timestamp, body));
    }
    URI uri = URI.create(endpoint.url());
    // HTTP client conventions, without url.full: a webhook's path often is its secret.
    Attributes attributes =
        Attributes.builder()
            .put("http.request.method", "POST")
            .put("server.address", String.valueOf(uri.getHost()))
            .put("server.port", (long) port(uri))
            .put("overdue.webhook", name)
            .build();
    span.around("POST", attributes, current -> {
      propagator.inject(Context.current(), request, HttpRequest.Builder::setHeader);
      HttpResponse<Void> response = post(request.build(), where);
      current.setAttribute("http.response.status_code", (long) response.statusCode());
      check(response, where);
      return response;
    });
  }

  private HttpResponse<Void> post(HttpRequest request, String where) throws DeliveryException {
    try {
      return http.send(request, HttpResponse.BodyHandlers.discarding());
    } catch (IOException e) {
      throw DeliveryException.transientFailure(where + ": " + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw DeliveryException.transientFailure(where + ": interrupted");
    }
  }

  private static void check(HttpResponse<Void> response, String where) throws DeliveryException {
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      return;
    }
    String reason = where + " answered HTTP " + status;
    if (status == 408 || status == 429 || status >= 500) {
      throw DeliveryException.transientFailure(reason, retryAfter(response).orElse(null));
    }
    throw DeliveryException.permanent(reason);
  }

  private static int port(URI uri) {
    if (uri.getPort() >= 0) {
      return uri.getPort();
    }
    return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
  }

  /** The document: Overdue's own, or the {@code text} a Slack incoming webhook shows. */
  static String body(OutgoingMessage message, WebhookSettings.Format format) {
    ObjectNode json = JSON.createObjectNode();
    if (format == WebhookSettings.Format.SLACK) {
      json.put("text", "*" + message.subject() + "*\n" + message.body().strip());
    } else {
      json.put("idempotencyKey", message.idempotencyKey());
      json.put("event", message.event().key());
      json.put("recipient", message.recipient().name());
      json.put("subject", message.subject());
      json.put("body", message.body());
      json.put("workflowId", message.context().workflowId());
      json.put("requestId", message.context().requestId());
      json.put("title", message.context().title());
      json.put("step", message.context().step());
      json.put("timer", message.context().timer());
      json.put("firing", message.context().firing());
      json.put("expiresAt", message.context().expiresAt());
      json.put("expiredAt", message.context().expiredAt());
    }
    try {
      return JSON.writeValueAsString(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  static String sign(Secret secret, String timestamp, byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.reveal().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(mac.doFinal(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available", e);
    }
  }

  private static Optional<Duration> retryAfter(HttpResponse<?> response) {
    return response.headers().firstValue("Retry-After").flatMap(value -> {
      try {
        long seconds = Long.parseLong(value.strip());
        Duration delay = Duration.ofSeconds(Math.max(1, seconds));
        return Optional.of(delay.compareTo(LONGEST_RETRY_AFTER) > 0 ? LONGEST_RETRY_AFTER : delay);
      } catch (NumberFormatException notSeconds) {
        return Optional.empty(); // an HTTP date: the retry policy's own backoff is as good
      }
    });
  }
}
