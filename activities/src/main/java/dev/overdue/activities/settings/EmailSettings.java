package dev.overdue.activities.settings;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.util.Locale;

/**
 * The SMTP server messages go through. {@code starttls}: {@code required} (refuse to send in
 * clear), {@code optional} (upgrade when offered), {@code off}; {@code required} is the default
 * whenever a password is set, so credentials never travel in clear by accident.
 */
public record EmailSettings(
    String host,
    Integer port,
    String starttls,
    String username,
    Secret password,
    String from,
    @JsonProperty("timeout") String timeout) {

  public enum StartTls {
    REQUIRED,
    OPTIONAL,
    OFF
  }

  public EmailSettings {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("email.host is required");
    }
    if (from == null || from.isBlank()) {
      throw new IllegalArgumentException("email.from is required (the sender address)");
    }
    if (port != null && (port < 1 || port > 65535)) {
      throw new IllegalArgumentException("email.port must be 1-65535: " + port);
    }
    if (password != null && (username == null || username.isBlank())) {
      throw new IllegalArgumentException("email.password needs email.username");
    }
    Durations.parse("email.timeout", timeout);
    startTls(starttls, password);
  }

  public int portOrDefault() {
    return port == null ? 587 : port;
  }

  public StartTls startTlsMode() {
    return startTls(starttls, password);
  }

  public Duration timeoutOrDefault() {
    return timeout == null ? Duration.ofSeconds(20) : Durations.parse("email.timeout", timeout);
  }

  private static StartTls startTls(String value, Secret password) {
    if (value == null) {
      return password != null ? StartTls.REQUIRED : StartTls.OPTIONAL;
    }
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "required", "true" -> StartTls.REQUIRED;
      case "optional" -> StartTls.OPTIONAL;
      case "off", "false" -> StartTls.OFF;
      default -> throw new IllegalArgumentException(
          "email.starttls must be required, optional or off: " + value);
    };
  }
}
