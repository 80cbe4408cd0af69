package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.client.codec.AesGcmPayloadCodec;
import dev.overdue.client.codec.EncryptionKey;
import io.temporal.api.common.v1.Payload;
import io.temporal.common.converter.DefaultDataConverter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The codec server over real HTTP on loopback, as the Web UI and the Temporal CLI call it. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CodecServerTest {
  static final String UI = "http://127.0.0.1:8233";
  static final String SECRET = "Project Nightingale: budget 12,000 EUR";
  static final ObjectMapper JSON = new ObjectMapper();

  final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  AesGcmPayloadCodec codec;
  CodecServer server;

  @BeforeEach
  void start() throws Exception {
    byte[] raw = new byte[32];
    new SecureRandom().nextBytes(raw);
    codec = new AesGcmPayloadCodec(List.of(EncryptionKey.of(raw)));
    server =
        CodecServer.start(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), codec, Set.of(UI));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  HttpResponse<String> post(String path, String body, Map<String, String> headers) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(server.url() + path))
            .timeout(Duration.ofSeconds(10))
            .POST(HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(request::header);
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> post(String path, String body) throws Exception {
    return post(path, body, Map.of("Content-Type", "application/json", "X-Namespace", "default"));
  }

  static String payloadsJson(String text) throws Exception {
    Payload payload = DefaultDataConverter.STANDARD_INSTANCE.toPayload(Map.of("project", text)).orElseThrow();
    return JSON.writeValueAsString(
        Map.of(
            "payloads",
            List.of(
                Map.of(
                    "metadata",
                    Map.of("encoding", base64("json/plain")),
                    "data",
                    Base64.getEncoder().encodeToString(payload.getData().toByteArray())))));
  }

  static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  static String decoded(String base64) {
    return new String(Base64.getDecoder().decode(base64), StandardCharsets.UTF_8);
  }

  @Test
  void encodeThenDecodeOverHttpGivesTheDataBack() throws Exception {
    HttpResponse<String> encoded = post("/encode", payloadsJson(SECRET));
    assertEquals(200, encoded.statusCode(), encoded.body());
    assertTrue(encoded.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    JsonNode encrypted = JSON.readTree(encoded.body()).get("payloads").get(0);
    assertEquals("binary/encrypted", decoded(encrypted.get("metadata").get("encoding").asText()));
    assertEquals(codec.encryptingKeyId(), decoded(encrypted.get("metadata").get("encryption-key-id").asText()));
    assertFalse(decoded(encrypted.get("data").asText()).contains("Nightingale"));

    HttpResponse<String> plain = post("/decode", encoded.body());

    assertEquals(200, plain.statusCode(), plain.body());
    JsonNode payload = JSON.readTree(plain.body()).get("payloads").get(0);
    assertEquals("json/plain", decoded(payload.get("metadata").get("encoding").asText()));
    assertEquals(Map.of("project", SECRET), JSON.readValue(decoded(payload.get("data").asText()), Map.class));
  }

  @Test
  void decodeLeavesUnencryptedPayloadsAsTheyAre() throws Exception {
    String plain = payloadsJson("not secret");

    HttpResponse<String> response = post("/decode", plain);

    assertEquals(200, response.statusCode(), response.body());
    assertEquals(JSON.readTree(plain), JSON.readTree(response.body()));
    assertEquals("{\"payloads\":[]}", post("/decode", "{\"payloads\":[]}").body());
    assertEquals("{\"payloads\":[]}", post("/decode", "{}").body());
  }

  @Test
  void aTamperedPayloadIsRefusedWithTheReason() throws Exception {
    JsonNode encoded = JSON.readTree(post("/encode", payloadsJson(SECRET)).body());
    byte[] data = Base64.getDecoder().decode(encoded.get("payloads").get(0).get("data").asText());
    data[data.length - 1] ^= 1;
    ((com.fasterxml.jackson.databind.node.ObjectNode) encoded.get("payloads").get(0))
        .put("data", Base64.getEncoder().encodeToString(data));

    HttpResponse<String> response = post("/decode", JSON.writeValueAsString(encoded));

    assertEquals(400, response.statusCode());
    assertTrue(response.body().contains("altered"), response.body());
  }

  @Test
  void thePreflightOfTheWebUiGetsTheCorsHeaders() throws Exception {
    HttpRequest preflight =
        HttpRequest.newBuilder(URI.create(server.url() + "/decode"))
            .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
            .header("Origin", UI)
            .header("Access-Control-Request-Method", "POST")
            .header("Access-Control-Request-Headers", "content-type,x-namespace")
            .build();

    HttpResponse<String> response = http.send(preflight, HttpResponse.BodyHandlers.ofString());

    assertEquals(204, response.statusCode());
    assertEquals(UI, response.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
    assertTrue(response.headers().firstValue("Access-Control-Allow-Methods").orElse("").contains("POST"));
    String allowed = response.headers().firstValue("Access-Control-Allow-Headers").orElse("").toLowerCase();
    assertTrue(allowed.contains("content-type") && allowed.contains("x-namespace"), allowed);
    assertEquals("true", response.headers().firstValue("Access-Control-Allow-Credentials").orElse(null));

    HttpResponse<String> post =
        post("/decode", payloadsJson("x"), Map.of("Content-Type", "application/json", "Origin", UI));
    assertEquals(200, post.statusCode());
    assertEquals(UI, post.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
  }

  @Test
  void otherOriginsAreRefused() throws Exception {
    String evil = "http://evil.example";
    HttpRequest preflight =
        HttpRequest.newBuilder(URI.create(server.url() + "/decode"))
            .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
            .header("Origin", evil)
            .header("Access-Control-Request-Method", "POST")
            .build();

    HttpResponse<String> response = http.send(preflight, HttpResponse.BodyHandlers.ofString());
    HttpResponse<String> post =
        post("/decode", payloadsJson("x"), Map.of("Content-Type", "application/json", "Origin", evil));

    assertEquals(403, response.statusCode());
    assertNull(response.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
    assertEquals(403, post.statusCode());
    assertNull(post.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
  }

  @Test
  void onlyJsonPostsToEncodeAndDecode() throws Exception {
    assertEquals(415, post("/decode", payloadsJson("x"), Map.of("Content-Type", "text/plain")).statusCode());
    assertEquals(404, post("/decrypt", payloadsJson("x")).statusCode());
    HttpResponse<String> bad = post("/decode", "{\"payloads\": 42}");
    assertEquals(400, bad.statusCode());
    assertTrue(bad.body().startsWith("not a JSON Payloads object"), bad.body());
    HttpResponse<String> get =
        http.send(
            HttpRequest.newBuilder(URI.create(server.url() + "/decode")).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(405, get.statusCode());
  }
}
