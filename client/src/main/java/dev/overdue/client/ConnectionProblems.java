package dev.overdue.client;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * Says in one sentence why a call to the Temporal service failed when the cause is the connection
 * settings — TLS, client certificates, API keys — and which setting fixes it. gRPC reports a failed
 * TLS handshake as {@code UNAVAILABLE: io exception} followed by its channel pipeline; the reason
 * (an untrusted server certificate, a missing client certificate) is only in the cause chain.
 */
public final class ConnectionProblems {
  static final String CA_HINT =
      "the server's certificate is not signed by a CA this client trusts: set"
          + " TEMPORAL_TLS_SERVER_CA_CERT_PATH to the CA certificate that signed it";
  static final String NAME_HINT =
      "the server's certificate does not carry the host name or IP address connected to: use an"
          + " address it names, or set TEMPORAL_TLS_SERVER_NAME to a name it carries";
  static final String CLIENT_CERT_HINT =
      "the server wants a client certificate it trusts: set TEMPORAL_TLS_CLIENT_CERT_PATH and"
          + " TEMPORAL_TLS_CLIENT_KEY_PATH";
  static final String PLAINTEXT_SERVER_HINT =
      "the server does not speak TLS: unset TEMPORAL_TLS and the TEMPORAL_TLS_* paths (and the"
          + " tls section of the profile)";
  static final String TLS_SERVER_HINT =
      "the server expects TLS: set TEMPORAL_TLS=true and TEMPORAL_TLS_SERVER_CA_CERT_PATH";
  static final String CREDENTIALS_HINT =
      "check TEMPORAL_API_KEY, or the client certificate (TEMPORAL_TLS_CLIENT_CERT_PATH,"
          + " TEMPORAL_TLS_CLIENT_KEY_PATH)";
  /**
   * The server's authorizer refused the call: no token, or one whose roles do not cover it (a
   * token with the role read on a Signal or Update, with Temporal's default authorizer).
   */
  static final String PERMISSION_HINT =
      "no token, or its roles do not allow this call (Temporal's default authorizer: read for"
          + " queries and lists, write for starts, Signals, Updates and workers): check the token in"
          + " TEMPORAL_GRPC_META_AUTHORIZATION (--grpc-meta authorization='Bearer ...') or"
          + " TEMPORAL_API_KEY";

  private ConnectionProblems() {}

  /**
   * What went wrong and what to set, when the failure is about TLS or credentials; null when it is
   * something else (no server, a timeout, a refused command), which callers explain their own way.
   */
  public static String explain(Throwable failure) {
    StatusRuntimeException rpc = find(failure, StatusRuntimeException.class);
    Status status = rpc == null ? null : rpc.getStatus();
    SSLException tls = find(failure, SSLException.class);
    if (tls == null && status != null) {
      tls = find(status.getCause(), SSLException.class);
    }
    if (tls != null) {
      String reason = deepestMessage(tls);
      return "TLS handshake failed (" + reason + "): " + tlsHint(reason, tls);
    }
    if (status == null) {
      return null;
    }
    String description = status.getDescription() == null ? "" : status.getDescription();
    switch (status.getCode()) {
      case UNAUTHENTICATED -> {
        return "the server refused the credentials (" + status.getCode()
            + (description.isEmpty() ? "" : ": " + firstLine(description)) + "): " + CREDENTIALS_HINT;
      }
      case PERMISSION_DENIED -> {
        return "the server refused the call (" + status.getCode()
            + (description.isEmpty() ? "" : ": " + firstLine(description)) + "): " + PERMISSION_HINT;
      }
      case UNAVAILABLE, INTERNAL, UNKNOWN -> {
        // A plaintext client at a TLS port reads the server's TLS record or its HTTP/1 error
        // page ("HTTP/1.1 400", hex 485454502f) where it expected an HTTP/2 SETTINGS frame.
        String all = (description + " " + deepestMessage(status.getCause())).toLowerCase(Locale.ROOT);
        if (all.contains("first received frame was not settings")
            || all.contains("485454502f")
            || all.contains("plain http request was sent to https port")) {
          return "the server did not answer in HTTP/2 over plaintext (" + firstLine(description)
              + "): " + TLS_SERVER_HINT;
        }
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  private static String tlsHint(String reason, SSLException tls) {
    String text = reason.toLowerCase(Locale.ROOT);
    if (text.contains("pkix") || text.contains("certification path") || text.contains("unable to find valid")) {
      return CA_HINT;
    }
    if (text.contains("subject alternative") || text.contains("no name matching")
        || text.contains("hostname") || text.contains("host name")) {
      return NAME_HINT;
    }
    if (text.contains("certificate_required") || text.contains("bad_certificate")
        || text.contains("certificate required")) {
      return CLIENT_CERT_HINT;
    }
    if (tls.getClass().getSimpleName().equals("NotSslRecordException")
        || text.contains("not an ssl/tls record")) {
      return PLAINTEXT_SERVER_HINT;
    }
    return "check the TEMPORAL_TLS* settings";
  }

  private static String deepestMessage(Throwable failure) {
    String message = null;
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
        message = firstLine(cause.getMessage());
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return message == null ? (failure == null ? "" : failure.getClass().getSimpleName()) : message;
  }

  private static String firstLine(String text) {
    String stripped = text.strip();
    int newline = stripped.indexOf('\n');
    return newline < 0 ? stripped : stripped.substring(0, newline).strip();
  }

  /** The first cause of {@code failure} (itself included) of {@code type}, or null. */
  public static <T extends Throwable> T find(Throwable failure, Class<T> type) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (type.isInstance(cause)) {
        return type.cast(cause);
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return null;
  }
}
