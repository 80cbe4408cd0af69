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
import jakarta.mail.internet.MimeMessage;
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
}
