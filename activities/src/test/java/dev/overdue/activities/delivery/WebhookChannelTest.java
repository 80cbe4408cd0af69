package dev.overdue.activities.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.activities.settings.Secret;
import dev.overdue.activities.settings.WebhookSettings;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipient.Channel;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WebhookChannelTest {
  static final String SECRET = "whsec-91bd2c";
  static final String TOKEN_PATH = "/hooks/T000/B000/tok-55aa";
  static final Recipient OPS = new Recipient("webhook:ops", Channel.WEBHOOK, "ops");
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-23T09:00:05Z"), ZoneOffset.UTC);

  final WebhookSink sink = new WebhookSink();

  WebhookChannelTest() throws Exception {}

  @AfterEach
  void stop() {
    sink.close();
  }

  WebhookChannel channel(String format, Secret secret) {
    return new WebhookChannel(
        Map.of("ops", new WebhookSettings(sink.url(TOKEN_PATH), format,
            Map.of("Authorization", Secret.of("Bearer api-tok-3")), secret, "PT5S")),
        CLOCK);
  }

  @Test
  void postsTheJsonDocumentWithKeyHeadersAndAVerifiableSignature() throws Exception {
    channel(null, Secret.of(SECRET)).send(Messages.to(OPS, "approval-PO-4711/run-1/finance.completion/1/webhook:ops/webhook"));

    assertEquals(1, sink.received().size());
    WebhookSink.Received request = sink.received().get(0);
    assertEquals(TOKEN_PATH, request.path());
    assertEquals("approval-PO-4711/run-1/finance.completion/1/webhook:ops/webhook", request.header("Idempotency-Key"));
    assertEquals("Bearer api-tok-3", request.header("Authorization"));
    assertEquals("timer-expired", request.header("X-Overdue-Event"));
    JsonNode body = new ObjectMapper().readTree(request.body());
    assertEquals("PO 4711 is late", body.get("subject").asText());
    assertEquals("Finance, please decide.\n", body.get("body").asText());
    assertEquals("PO-4711", body.get("requestId").asText());
    assertEquals("finance.completion", body.get("timer").asText());
    assertEquals(1, body.get("firing").asInt());
    // The receiver recomputes the signature over "<timestamp>.<body>" with the shared secret.
    assertEquals(String.valueOf(CLOCK.instant().getEpochSecond()), request.header("X-Overdue-Timestamp"));
    assertEquals(
        "sha256=" + WebhookChannel.sign(Secret.of(SECRET), String.valueOf(CLOCK.instant().getEpochSecond()), request.body().getBytes(StandardCharsets.UTF_8)),
        request.header("X-Overdue-Signature"));
  }

  @Test
  void slackFormatSendsTheTextOnly() throws Exception {
    channel("slack", null).send(Messages.to(OPS, "k"));
    WebhookSink.Received request = sink.received().get(0);
    JsonNode body = new ObjectMapper().readTree(request.body());
    assertEquals("*PO 4711 is late*\nFinance, please decide.", body.get("text").asText());
    assertEquals(1, body.size());
    assertNull(request.header("X-Overdue-Signature"), "no secret, no signature");
  }

  @Test
  void serverErrorsAndTooManyRequestsAreTransient() {
    sink.answer(503).answerWithRetryAfter(429, 7);
    DeliveryException unavailable = assertThrows(DeliveryException.class, () -> channel(null, null).send(Messages.to(OPS, "k")));
    assertFalse(unavailable.permanent());
    assertTrue(unavailable.getMessage().contains("HTTP 503"), unavailable.getMessage());
    DeliveryException busy = assertThrows(DeliveryException.class, () -> channel(null, null).send(Messages.to(OPS, "k")));
    assertFalse(busy.permanent());
    assertEquals(Duration.ofSeconds(7), busy.retryAfter(), "Retry-After is honoured");
  }

  @Test
  void otherClientErrorsArePermanentAndNameTheEndpointButNotItsPathOrSecrets() {
    sink.answer(404);
    DeliveryException failure =
        assertThrows(DeliveryException.class, () -> channel(null, Secret.of(SECRET)).send(Messages.to(OPS, "k")));
    assertTrue(failure.permanent());
    assertTrue(failure.getMessage().startsWith("webhook ops (http://127.0.0.1:"), failure.getMessage());
    assertTrue(failure.getMessage().endsWith("answered HTTP 404"), failure.getMessage());
    assertFalse(failure.getMessage().contains("tok-55aa"));
    assertFalse(failure.getMessage().contains(SECRET));
    assertFalse(failure.getMessage().contains("api-tok-3"));
  }

  @Test
  void anEndpointThatIsDownIsTransient() throws Exception {
    int closedPort = Messages.closedPort();
    WebhookChannel down =
        new WebhookChannel(Map.of("ops", new WebhookSettings("http://127.0.0.1:" + closedPort + TOKEN_PATH, null, null, null, "PT2S")), CLOCK);
    DeliveryException failure = assertThrows(DeliveryException.class, () -> down.send(Messages.to(OPS, "k")));
    assertFalse(failure.permanent(), failure.getMessage());
    assertFalse(failure.getMessage().contains("tok-55aa"), failure.getMessage());
  }

  @Test
  void anEndpointNoLongerConfiguredIsPermanent() {
    DeliveryException failure =
        assertThrows(DeliveryException.class,
            () -> channel(null, null).send(Messages.to(new Recipient("webhook:gone", Channel.WEBHOOK, "gone"), "k")));
    assertTrue(failure.permanent());
    assertEquals("no webhook endpoint 'gone' is configured", failure.getMessage());
  }
}
