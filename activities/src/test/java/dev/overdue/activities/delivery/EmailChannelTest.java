package dev.overdue.activities.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetupTest;
import dev.overdue.activities.settings.EmailSettings;
import dev.overdue.activities.settings.Secret;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipient.Channel;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import jakarta.mail.internet.MimeMessage;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class EmailChannelTest {
  static final String PASSWORD = "smtp-pw-7f3a91";

  @RegisterExtension
  static final GreenMailExtension smtp =
      new GreenMailExtension(ServerSetupTest.SMTP)
          .withConfiguration(GreenMailConfiguration.aConfig().withUser("overdue", PASSWORD))
          .withPerMethodLifecycle(true);

  static EmailSettings settings(String starttls, Secret password) {
    return new EmailSettings(
        "127.0.0.1", smtp.getSmtp().getPort(), starttls, password == null ? null : "overdue", password,
        "Overdue <overdue@example.com>", "PT5S");
  }

  static final Recipient FRANK = new Recipient("frank", Channel.EMAIL, "frank@example.com");

  @Test
  void deliversSubjectBodyAndTheIdempotencyKeyAsMessageId() throws Exception {
    new EmailChannel(settings("off", Secret.of(PASSWORD)))
        .send(Messages.to(FRANK, "approval-PO-4711/run-1/finance.completion/1/frank/email"));

    MimeMessage[] received = smtp.getReceivedMessages();
    assertEquals(1, received.length);
    MimeMessage mail = received[0];
    assertEquals("PO 4711 is late", mail.getSubject());
    assertEquals("frank@example.com", mail.getAllRecipients()[0].toString());
    assertEquals("Overdue <overdue@example.com>", mail.getFrom()[0].toString());
    assertEquals("Finance, please decide.", GreenMailUtil.getBody(mail).strip());
    assertEquals(
        "<approval-PO-4711/run-1/finance=2Ecompletion/1/frank/email@example.com>", mail.getMessageID());
    assertEquals(
        "approval-PO-4711/run-1/finance.completion/1/frank/email",
        mail.getHeader(EmailChannel.KEY_HEADER, null));
    assertEquals("timer-expired", mail.getHeader("X-Overdue-Event", null));
  }

  @Test
  void theSameKeyAlwaysGivesTheSameMessageId() {
    String key = "approval-a b/run/t<1>/1/x\u00e9/email";
    assertEquals(EmailChannel.messageId(key, "o@example.com"), EmailChannel.messageId(key, "o@example.com"));
    assertEquals("<approval-a=20b/run/t=3C1=3E/1/x=C3=A9/email@example.com>", EmailChannel.messageId(key, "o@example.com"));
  }

  @Test
  void wrongCredentialsArePermanentAndTheErrorDoesNotShowThePassword() {
    DeliveryException failure =
        assertThrows(
            DeliveryException.class,
            () -> new EmailChannel(settings("off", Secret.of("not-the-password-55")))
                .send(Messages.to(FRANK, "k1")));
    assertTrue(failure.permanent(), failure.getMessage());
    assertTrue(failure.getMessage().contains("refused the credentials of user overdue"), failure.getMessage());
    assertFalse(failure.getMessage().contains("not-the-password-55"));
    assertEquals(0, smtp.getReceivedMessages().length);
  }

  @Test
  void credentialsNeverTravelInClearByDefault() {
    // With a password and no starttls setting, STARTTLS is required; this server does not offer it.
    DeliveryException failure =
        assertThrows(
            DeliveryException.class,
            () -> new EmailChannel(settings(null, Secret.of(PASSWORD))).send(Messages.to(FRANK, "k2")));
    assertTrue(failure.permanent(), failure.getMessage());
    assertTrue(failure.getMessage().contains("starttls"), failure.getMessage());
    assertEquals(0, smtp.getReceivedMessages().length);
  }

  @Test
  void aMalformedAddressIsPermanent() {
    DeliveryException failure =
        assertThrows(
            DeliveryException.class,
            () -> new EmailChannel(settings("off", null))
                .send(Messages.to(new Recipient("x", Channel.EMAIL, "not an address@@"), "k3")));
    assertTrue(failure.permanent());
    assertTrue(failure.getMessage().contains("not an e-mail address"), failure.getMessage());
  }

  @Test
  void aServerThatIsDownIsTransient() throws Exception {
    int closedPort = Messages.closedPort();
    EmailSettings down =
        new EmailSettings("127.0.0.1", closedPort, "off", null, null, "overdue@example.com", "PT2S");
    DeliveryException failure =
        assertThrows(DeliveryException.class, () -> new EmailChannel(down).send(Messages.to(FRANK, "k4")));
    assertFalse(failure.permanent(), failure.getMessage());
    assertTrue(failure.getMessage().contains("127.0.0.1:" + closedPort), failure.getMessage());
  }

  @Test
  void eachSendIsAClientSpanNamingTheServerAndNeitherTheAddressNorTheCredentials() throws Exception {
    InMemorySpanExporter spans = InMemorySpanExporter.create();
    try (OpenTelemetrySdk otel =
        OpenTelemetrySdk.builder()
            .setTracerProvider(
                SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .build()) {
      new EmailChannel(settings("off", Secret.of(PASSWORD)), otel).send(Messages.to(FRANK, "k5"));
      assertThrows(DeliveryException.class,
          () -> new EmailChannel(settings("off", Secret.of("wrong-pw-0")), otel).send(Messages.to(FRANK, "k6")));

      List<SpanData> sent = spans.getFinishedSpanItems();
      assertEquals(2, sent.size());
      SpanData ok = sent.get(0);
      assertEquals("SMTP send", ok.getName());
      assertEquals(SpanKind.CLIENT, ok.getKind());
      assertEquals("127.0.0.1", ok.getAttributes().get(AttributeKey.stringKey("server.address")));
      assertEquals((long) smtp.getSmtp().getPort(), ok.getAttributes().get(AttributeKey.longKey("server.port")));
      assertEquals(StatusCode.UNSET, ok.getStatus().getStatusCode());
      SpanData refused = sent.get(1);
      assertEquals(StatusCode.ERROR, refused.getStatus().getStatusCode());
      assertEquals("permanent", refused.getAttributes().get(AttributeKey.stringKey("error.type")));
      for (SpanData span : sent) {
        String everything = span.toString();
        assertFalse(everything.contains("frank@example.com"), everything);
        assertFalse(everything.contains(PASSWORD), everything);
        assertFalse(everything.contains("wrong-pw-0"), everything);
      }
    }
  }
}
