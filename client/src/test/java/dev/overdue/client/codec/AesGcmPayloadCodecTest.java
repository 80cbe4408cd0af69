package dev.overdue.client.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import io.temporal.api.common.v1.Payload;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.payload.codec.PayloadCodecException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AesGcmPayloadCodecTest {
  static final String SECRET = "Project Nightingale: 12,000 EUR for the Zurich office";
  static final SecureRandom RANDOM = new SecureRandom();

  static EncryptionKey randomKey() {
    byte[] raw = new byte[32];
    RANDOM.nextBytes(raw);
    return EncryptionKey.of(raw);
  }

  static Payload json(Object value) {
    return DefaultDataConverter.STANDARD_INSTANCE.toPayload(value).orElseThrow();
  }

  static boolean contains(Payload payload, String text) {
    return payload.toByteString().toStringUtf8().contains(text)
        || new String(payload.toByteArray(), StandardCharsets.ISO_8859_1).contains(text);
  }

  final EncryptionKey key = randomKey();
  final AesGcmPayloadCodec codec = new AesGcmPayloadCodec(List.of(key));

  @Test
  void roundTripGivesBackThePayloadExactly() {
    Payload original = json(Map.of("requestId", "PO-4711", "data", Map.of("project", SECRET)));
    Payload empty = Payload.newBuilder().build();

    List<Payload> encoded = codec.encode(List.of(original, empty));
    List<Payload> decoded = codec.decode(encoded);

    assertEquals(List.of(original, empty), decoded);
  }

  @Test
  void encodedPayloadHidesTheDataAndItsEncodingAndNamesTheKey() {
    Payload original = json(Map.of("project", SECRET));

    Payload encoded = codec.encode(List.of(original)).get(0);

    assertFalse(contains(encoded, SECRET), encoded.toString());
    assertFalse(contains(encoded, "json/plain"), encoded.toString());
    assertEquals("binary/encrypted", encoded.getMetadataOrThrow("encoding").toStringUtf8());
    assertEquals(key.id(), encoded.getMetadataOrThrow("encryption-key-id").toStringUtf8());
    assertEquals("AES-256-GCM", encoded.getMetadataOrThrow("encryption-cipher").toStringUtf8());
    // nonce (12) + ciphertext (as long as the serialized payload) + tag (16)
    assertEquals(12 + original.getSerializedSize() + 16, encoded.getData().size());
    assertTrue(AesGcmPayloadCodec.isEncrypted(encoded));
  }

  @Test
  void everyEncryptionUsesAFreshNonce() {
    Payload original = json(SECRET);

    Payload first = codec.encode(List.of(original)).get(0);
    Payload second = codec.encode(List.of(original)).get(0);

    assertNotEquals(first.getData().substring(0, 12), second.getData().substring(0, 12));
    assertNotEquals(first.getData(), second.getData());
  }

  @Test
  void tamperedCiphertextIsRejected() {
    Payload encoded = codec.encode(List.of(json(SECRET))).get(0);
    for (int position : new int[] {0, 11, 12, encoded.getData().size() / 2, encoded.getData().size() - 1}) {
      byte[] data = encoded.getData().toByteArray();
      data[position] ^= 0x01;
      Payload tampered = encoded.toBuilder().setData(ByteString.copyFrom(data)).build();

      PayloadCodecException e =
          assertThrows(PayloadCodecException.class, () -> codec.decode(List.of(tampered)));
      assertTrue(e.getMessage().contains("altered"), "byte " + position + ": " + e.getMessage());
      assertTrue(e.getMessage().contains(key.id()), e.getMessage());
    }
  }

  @Test
  void truncatedCiphertextIsRejected() {
    Payload encoded = codec.encode(List.of(json(SECRET))).get(0);
    Payload truncated = encoded.toBuilder().setData(encoded.getData().substring(0, 20)).build();

    PayloadCodecException e =
        assertThrows(PayloadCodecException.class, () -> codec.decode(List.of(truncated)));
    assertTrue(e.getMessage().contains("too short"), e.getMessage());
  }

  @Test
  void aKeyIdSwappedForAnotherConfiguredKeyIsRejected() {
    EncryptionKey other = randomKey();
    AesGcmPayloadCodec both = new AesGcmPayloadCodec(List.of(key, other));
    Payload encoded = both.encode(List.of(json(SECRET))).get(0);
    Payload relabelled =
        encoded.toBuilder().putMetadata("encryption-key-id", ByteString.copyFromUtf8(other.id())).build();

    PayloadCodecException e =
        assertThrows(PayloadCodecException.class, () -> both.decode(List.of(relabelled)));
    assertTrue(e.getMessage().contains("altered"), e.getMessage());
  }

  @Test
  void wrongKeyIsRejectedNamingTheKeyItNeeds() {
    Payload encoded = codec.encode(List.of(json(SECRET))).get(0);
    EncryptionKey wrong = randomKey();
    AesGcmPayloadCodec other = new AesGcmPayloadCodec(List.of(wrong));

    PayloadCodecException e =
        assertThrows(PayloadCodecException.class, () -> other.decode(List.of(encoded)));

    assertEquals(
        "this payload is encrypted with key " + key.id() + ", which is not configured (keys: "
            + wrong.id() + "); add it to OVERDUE_CODEC_KEY_FILE",
        e.getMessage());
  }

  @Test
  void noKeyAtAllSaysWhichSettingIsMissing() {
    Payload encoded = codec.encode(List.of(json(SECRET))).get(0);
    AesGcmPayloadCodec none = new AesGcmPayloadCodec(List.of());

    PayloadCodecException e =
        assertThrows(PayloadCodecException.class, () -> none.decode(List.of(encoded)));

    assertEquals(
        "this payload is encrypted with key " + key.id()
            + " but no key is configured: set OVERDUE_CODEC_KEY or OVERDUE_CODEC_KEY_FILE",
        e.getMessage());
  }

  @Test
  void withoutAKeyEncodeChangesNothing() {
    List<Payload> payloads = List.of(json(SECRET));
    AesGcmPayloadCodec none = new AesGcmPayloadCodec(List.of());

    assertFalse(none.encrypts());
    assertSame(payloads, none.encode(payloads));
  }

  @Test
  void unencryptedPayloadsPassThroughDecode() {
    Payload plain = json(Map.of("project", SECRET));
    Payload binary =
        Payload.newBuilder()
            .putMetadata("encoding", ByteString.copyFromUtf8("binary/plain"))
            .setData(ByteString.copyFromUtf8("raw"))
            .build();
    Payload encrypted = codec.encode(List.of(json("x"))).get(0);

    List<Payload> decoded = codec.decode(List.of(plain, binary, encrypted));

    assertEquals(plain, decoded.get(0));
    assertEquals(binary, decoded.get(1));
    assertEquals(json("x"), decoded.get(2));
    assertEquals(List.of(plain), new AesGcmPayloadCodec(List.of()).decode(List.of(plain)));
  }

  @Test
  void rotationEncryptsWithTheFirstKeyAndDecryptsWithAny() {
    EncryptionKey old = key;
    EncryptionKey current = randomKey();
    Payload underOldKey = codec.encode(List.of(json(SECRET))).get(0);
    AesGcmPayloadCodec rotated = new AesGcmPayloadCodec(List.of(current, old));

    Payload underNewKey = rotated.encode(List.of(json(SECRET))).get(0);

    assertEquals(current.id(), underNewKey.getMetadataOrThrow("encryption-key-id").toStringUtf8());
    assertEquals(json(SECRET), rotated.decode(List.of(underOldKey)).get(0));
    assertEquals(json(SECRET), rotated.decode(List.of(underNewKey)).get(0));
    assertEquals(List.of(current.id(), old.id()), rotated.keyIds());
  }

  @Test
  void anUnknownCipherIsRejected() {
    Payload encoded = codec.encode(List.of(json(SECRET))).get(0);
    Payload other =
        encoded.toBuilder().putMetadata("encryption-cipher", ByteString.copyFromUtf8("ROT13")).build();

    PayloadCodecException e =
        assertThrows(PayloadCodecException.class, () -> codec.decode(List.of(other)));
    assertTrue(e.getMessage().contains("ROT13"), e.getMessage());
  }

  @Test
  void theDataConverterEncryptsValuesAndReadsThemBack() {
    var converter = PayloadEncryption.withKeys(List.of(key)).dataConverter();
    Map<String, Object> value = Map.of("project", SECRET, "amount", 12000);

    Payload payload = converter.toPayload(value).orElseThrow();

    assertTrue(AesGcmPayloadCodec.isEncrypted(payload));
    assertFalse(contains(payload, SECRET));
    assertEquals(value, converter.fromPayload(payload, Map.class, Map.class));
  }

  @Test
  void theConverterWithoutAKeyLeavesPayloadsAsTheSdkWritesThem() {
    var converter = PayloadEncryption.none().dataConverter();

    assertEquals(json(SECRET), converter.toPayload(SECRET).orElseThrow());
  }
}
