package dev.overdue.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.envconfig.ClientConfigProfile;
import io.temporal.envconfig.ClientConfigTLS;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class ConnectionTest {
  static final String API_KEY = "tk-3f9a1c7e-never-print-me";

  @Test
  void toStringNeverShowsTheApiKey() {
    ClientConfigProfile profile =
        ClientConfigProfile.newBuilder().setAddress("temporal.example.com:7233").setApiKey(API_KEY).build();
    // The SDK's own toString prints it: the reason Connection has its own.
    assertTrue(profile.toString().contains(API_KEY));

    Connection connection = new Connection(profile);

    assertFalse(connection.toString().contains(API_KEY), connection.toString());
    assertEquals(
        "Connection[address=temporal.example.com:7233, namespace=default, TLS, API key,"
            + " payload encryption off (set OVERDUE_CODEC_KEY or OVERDUE_CODEC_KEY_FILE to turn it on)]",
        connection.toString());
  }

  @Test
  void securityNamesTlsAndItsCertificates() {
    ClientConfigTLS mtls =
        ClientConfigTLS.newBuilder()
            .setClientCertPath("/etc/overdue/client.pem")
            .setClientKeyPath("/etc/overdue/client.key")
            .setServerCACertPath("/etc/overdue/ca.pem")
            .build();

    assertEquals("plaintext", new Connection(ClientConfigProfile.newBuilder().build()).security());
    assertEquals(
        "TLS with a client certificate, server CA from the configuration",
        new Connection(ClientConfigProfile.newBuilder().setTls(mtls).build()).security());
    assertEquals(
        "plaintext",
        new Connection(
                ClientConfigProfile.newBuilder()
                    .setTls(ClientConfigTLS.newBuilder().setDisabled(true).build())
                    .build())
            .security());
  }

  @Test
  void anUntrustedServerCertificateAsksForTheCa() {
    StatusRuntimeException failure =
        Status.UNAVAILABLE
            .withDescription("io exception\nChannel Pipeline: [SslHandler#0, ...]")
            .withCause(
                new SSLHandshakeException("General OpenSslEngine problem") {
                  {
                    initCause(
                        new Exception(
                            "PKIX path building failed",
                            new Exception("unable to find valid certification path to requested target")));
                  }
                })
            .asRuntimeException();

    String explained = ConnectionProblems.explain(failure);

    assertEquals(
        "TLS handshake failed (unable to find valid certification path to requested target): "
            + ConnectionProblems.CA_HINT,
        explained);
  }

  @Test
  void aMissingClientCertificateAsksForIt() {
    StatusRuntimeException failure =
        Status.UNAVAILABLE
            .withDescription("io exception")
            .withCause(new SSLHandshakeException("Received fatal alert: certificate_required"))
            .asRuntimeException();

    assertEquals(
        "TLS handshake failed (Received fatal alert: certificate_required): "
            + ConnectionProblems.CLIENT_CERT_HINT,
        ConnectionProblems.explain(failure));
  }

  @Test
  void refusedCredentialsAskForTheApiKeyOrCertificate() {
    StatusRuntimeException failure =
        Status.UNAUTHENTICATED.withDescription("missing or wrong API key").asRuntimeException();

    assertEquals(
        "the server refused the credentials (UNAUTHENTICATED: missing or wrong API key): "
            + ConnectionProblems.CREDENTIALS_HINT,
        ConnectionProblems.explain(failure));
  }

  @Test
  void aCallTheAuthorizerRefusedAsksForTheToken() {
    StatusRuntimeException failure =
        Status.PERMISSION_DENIED.withDescription("Request unauthorized.").asRuntimeException();

    assertEquals(
        "the server refused the call (PERMISSION_DENIED: Request unauthorized.): "
            + ConnectionProblems.PERMISSION_HINT,
        ConnectionProblems.explain(failure));
  }

  @Test
  void otherFailuresAreLeftToTheCaller() {
    assertNull(ConnectionProblems.explain(Status.UNAVAILABLE.withDescription("Connection refused").asRuntimeException()));
    assertNull(ConnectionProblems.explain(Status.NOT_FOUND.asRuntimeException()));
    assertNull(ConnectionProblems.explain(new IllegalStateException("no")));
  }
}
