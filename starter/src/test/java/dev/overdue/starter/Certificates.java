package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Test certificates made with the {@code openssl} CLI, as an operator makes them: a CA, a server
 * certificate for 127.0.0.1 and localhost signed by it, a client certificate signed by it for
 * mutual TLS, and a client certificate from another CA that nobody trusts. EC P-256 keys in
 * PKCS#8 PEM (what the Temporal SDK's TLS reads); valid for two days.
 */
record Certificates(Path dir) {
  static final String CONFIG =
      """
      [req]
      distinguished_name = dn
      prompt = no
      [dn]
      CN = placeholder
      [ca_ext]
      basicConstraints = critical, CA:TRUE
      keyUsage = critical, keyCertSign, cRLSign
      subjectKeyIdentifier = hash
      [server_ext]
      basicConstraints = CA:FALSE
      keyUsage = critical, digitalSignature
      extendedKeyUsage = serverAuth
      subjectAltName = IP:127.0.0.1, DNS:localhost
      [client_ext]
      basicConstraints = CA:FALSE
      keyUsage = critical, digitalSignature
      extendedKeyUsage = clientAuth
      """;

  static Certificates generate(Path dir) throws Exception {
    Files.createDirectories(dir);
    Path config = Files.writeString(dir.resolve("openssl.cnf"), CONFIG);
    Certificates certs = new Certificates(dir);
    certs.authority("ca", "Overdue test CA", config);
    certs.signed("server", "overdue-test-server", "ca", "server_ext", config);
    certs.signed("client", "overdue-test-worker", "ca", "client_ext", config);
    certs.authority("rogue-ca", "Some other CA", config);
    certs.signed("rogue-client", "overdue-test-intruder", "rogue-ca", "client_ext", config);
    return certs;
  }

  Path caCert() {
    return dir.resolve("ca.pem");
  }

  Path serverCert() {
    return dir.resolve("server.pem");
  }

  Path serverKey() {
    return dir.resolve("server.key");
  }

  Path clientCert() {
    return dir.resolve("client.pem");
  }

  Path clientKey() {
    return dir.resolve("client.key");
  }

  Path rogueClientCert() {
    return dir.resolve("rogue-client.pem");
  }

  Path rogueClientKey() {
    return dir.resolve("rogue-client.key");
  }

  private void authority(String name, String commonName, Path config) throws Exception {
    openssl(
        "req", "-x509", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", name + ".key", "-out", name + ".pem", "-days", "2", "-subj", "/CN=" + commonName,
        "-config", config.toString(), "-extensions", "ca_ext");
  }

  private void signed(String name, String commonName, String ca, String extensions, Path config)
      throws Exception {
    openssl(
        "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", name + ".key", "-out", name + ".csr", "-subj", "/CN=" + commonName,
        "-config", config.toString());
    openssl(
        "x509", "-req", "-in", name + ".csr", "-CA", ca + ".pem", "-CAkey", ca + ".key",
        "-CAcreateserial", "-out", name + ".pem", "-days", "2",
        "-extfile", config.toString(), "-extensions", extensions);
  }

  private void openssl(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("openssl"));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
    Path log = dir.resolve("openssl.log");
    builder.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    Process process = builder.start();
    if (!process.waitFor(Duration.ofSeconds(60).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("openssl did not end within 60 s: " + command);
    }
    assertEquals(0, process.exitValue(), String.join(" ", command) + "\n" + Files.readString(log));
  }
}
