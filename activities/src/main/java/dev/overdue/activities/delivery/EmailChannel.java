package dev.overdue.activities.delivery;

import dev.overdue.activities.settings.EmailSettings;
import dev.overdue.activities.settings.EmailSettings.StartTls;
import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Properties;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.smtp.SMTPSendFailedException;

/**
 * E-mail over SMTP (Angus Mail). The idempotency key becomes the Message-ID (and the header
 * {@code X-Overdue-Idempotency-Key}), so even a resend after a crash is one message to a mail
 * client. SMTP 5xx and bad addresses are permanent; 4xx, refused and timed-out connections are not.
 */
final class EmailChannel implements Channel {
  static final String KEY_HEADER = "X-Overdue-Idempotency-Key";

  private final EmailSettings settings;
  private final Session session;
  private final InternetAddress from;
  private final OutgoingSpan span;
  private final Attributes attributes;

  EmailChannel(EmailSettings settings) {
    this(settings, OpenTelemetry.noop());
  }

  /** Each send in a client span naming the server only: no address, subject or credential. */
  EmailChannel(EmailSettings settings, OpenTelemetry openTelemetry) {
    this.settings = settings;
    this.span = new OutgoingSpan(openTelemetry);
    this.attributes =
        Attributes.builder()
            .put("server.address", settings.host())
            .put("server.port", (long) settings.portOrDefault())
            .put("network.protocol.name", "smtp")
            .build();
    try {
      this.from = new InternetAddress(settings.from(), true);
    } catch (AddressException e) {
      throw new IllegalArgumentException("email.from is not an address: " + settings.from());
    }
    Properties properties = new Properties();
    long timeout = settings.timeoutOrDefault().toMillis();
    properties.put("mail.transport.protocol", "smtp");
    properties.put("mail.smtp.host", settings.host());
    properties.put("mail.smtp.port", String.valueOf(settings.portOrDefault()));
    properties.put("mail.smtp.connectiontimeout", String.valueOf(timeout));
    properties.put("mail.smtp.timeout", String.valueOf(timeout));
    properties.put("mail.smtp.writetimeout", String.valueOf(timeout));
    properties.put("mail.smtp.auth", String.valueOf(settings.password() != null));
    properties.put("mail.smtp.starttls.enable", String.valueOf(settings.startTlsMode() != StartTls.OFF));
    properties.put("mail.smtp.starttls.required", String.valueOf(settings.startTlsMode() == StartTls.REQUIRED));
    // One bad recipient must not stop the others of the same message: there is only one.
    properties.put("mail.smtp.sendpartial", "false");
    this.session = Session.getInstance(properties);
  }

  @Override
  public void send(OutgoingMessage message) throws DeliveryException {
    String address = message.recipient().address();
    MimeMessage mime;
    try {
      InternetAddress to = new InternetAddress(address, true);
      mime = new KeyedMessage(session, messageId(message.idempotencyKey(), from.getAddress()));
      mime.setFrom(from);
      mime.setRecipient(Message.RecipientType.TO, to);
      mime.setSubject(message.subject(), StandardCharsets.UTF_8.name());
      mime.setText(message.body(), StandardCharsets.UTF_8.name());
      mime.setSentDate(new Date());
      mime.setHeader(KEY_HEADER, message.idempotencyKey());
      mime.setHeader("X-Overdue-Event", message.event().key());
    } catch (AddressException e) {
      throw DeliveryException.permanent("not an e-mail address: " + address);
    } catch (MessagingException e) {
      throw DeliveryException.permanent("cannot build the message: " + e.getMessage());
    }
    MimeMessage ready = mime;
    span.around("SMTP send", attributes, current -> {
      transport(ready);
      return null;
    });
  }

  private void transport(MimeMessage mime) throws DeliveryException {
    try {
      if (settings.password() != null) {
        Transport.send(mime, settings.username(), settings.password().reveal());
      } else {
        Transport.send(mime);
      }
    } catch (AuthenticationFailedException e) {
      throw DeliveryException.permanent(
          "SMTP server " + server() + " refused the credentials of user " + settings.username());
    } catch (MessagingException e) {
      throw classify(e);
    }
  }

  private DeliveryException classify(MessagingException e) {
    int code = replyCode(e);
    String reason = "SMTP " + server() + ": " + firstLine(e.getMessage());
    if (code >= 500) {
      return DeliveryException.permanent(reason);
    }
    if (code >= 400) {
      return DeliveryException.transientFailure(reason);
    }
    if (e instanceof SendFailedException failed
        && failed.getInvalidAddresses() != null
        && failed.getInvalidAddresses().length > 0) {
      return DeliveryException.permanent(reason);
    }
    if (e.getMessage() != null && e.getMessage().contains("STARTTLS is required")) {
      return DeliveryException.permanent(reason + " (email.starttls is required)");
    }
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof IOException) {
        return DeliveryException.transientFailure(
            "SMTP " + server() + ": " + cause.getClass().getSimpleName() + ": " + firstLine(cause.getMessage()));
      }
    }
    return DeliveryException.transientFailure(reason);
  }

  /** The SMTP reply code behind {@code e} (or its chained exceptions), 0 when there is none. */
  private static int replyCode(MessagingException e) {
    for (Exception next = e; next != null;
        next = next instanceof MessagingException m ? m.getNextException() : null) {
      if (next instanceof SMTPAddressFailedException failed) {
        return failed.getReturnCode();
      }
      if (next instanceof SMTPSendFailedException failed) {
        return failed.getReturnCode();
      }
    }
    return 0;
  }

  private String server() {
    return settings.host() + ":" + settings.portOrDefault();
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "";
    }
    String line = text.strip().lines().findFirst().orElse("");
    return line.length() > 200 ? line.substring(0, 200) + "..." : line;
  }

  /**
   * {@code <key@domain>} with every character outside RFC 5322's atext written as {@code =XX},
   * so the same key always gives the same Message-ID.
   */
  static String messageId(String key, String fromAddress) {
    StringBuilder local = new StringBuilder();
    for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      boolean atext =
          (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
              || "!#$%&'*+-/?^_`{|}~".indexOf(c) >= 0;
      local.append(atext ? String.valueOf(c) : String.format("=%02X", b & 0xff));
    }
    String domain = fromAddress.substring(fromAddress.indexOf('@') + 1);
    return "<" + local + "@" + domain + ">";
  }

  /** A MimeMessage whose Message-ID is ours, not a fresh random one at every save. */
  private static final class KeyedMessage extends MimeMessage {
    private final String messageId;

    KeyedMessage(Session session, String messageId) {
      super(session);
      this.messageId = messageId;
    }

    @Override
    protected void updateMessageID() throws MessagingException {
      setHeader("Message-ID", messageId);
    }
  }
}
