package dev.overdue.client.codec;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.temporal.api.common.v1.Payload;
import io.temporal.payload.codec.PayloadCodec;
import io.temporal.payload.codec.PayloadCodecException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Encrypts every payload with AES-256-GCM: the whole original payload (its metadata, such as
 * {@code encoding: json/plain}, and its data) becomes the ciphertext of a new payload with
 * encoding {@code binary/encrypted}, the id of the key in {@code encryption-key-id} and a fresh
 * random 12-byte nonce in front of the ciphertext. The server, and anyone reading its history
 * without a key, sees neither the data nor what kind of data it is.
 *
 * <p>The first key encrypts; every key decrypts, found by the id in the payload, so keys rotate by
 * putting a new one first and keeping the old ones as long as histories encrypted with them live.
 * With no key at all, encode leaves payloads as they are and decode fails on an encrypted one with
 * a message saying which key it needs. Payloads that are not encrypted pass decode unchanged, so
 * histories written before encryption was turned on stay readable.
 *
 * <p>The key id and cipher name are authenticated data: a payload whose metadata was changed to
 * name another key fails like one whose ciphertext was changed.
 */
public final class AesGcmPayloadCodec implements PayloadCodec {
  public static final String ENCODING = "binary/encrypted";
  public static final String METADATA_ENCODING = "encoding";
  public static final String METADATA_KEY_ID = "encryption-key-id";
  public static final String METADATA_CIPHER = "encryption-cipher";
  public static final String CIPHER_NAME = "AES-256-GCM";

  static final int NONCE_BYTES = 12;
  static final int TAG_BITS = 128;

  private static final String TRANSFORMATION = "AES/GCM/NoPadding";
  private static final ByteString ENCODING_BYTES = ByteString.copyFromUtf8(ENCODING);
  private static final ByteString CIPHER_BYTES = ByteString.copyFromUtf8(CIPHER_NAME);
  private static final SecureRandom RANDOM = new SecureRandom();

  private final EncryptionKey encryptingKey;
  private final Map<String, EncryptionKey> keysById = new LinkedHashMap<>();

  /** @param keys the first encrypts, all decrypt; empty: nothing is encrypted */
  public AesGcmPayloadCodec(List<EncryptionKey> keys) {
    this.encryptingKey = keys.isEmpty() ? null : keys.get(0);
    for (EncryptionKey key : keys) {
      keysById.putIfAbsent(key.id(), key);
    }
  }

  /** True when payloads are encrypted on encode. */
  public boolean encrypts() {
    return encryptingKey != null;
  }

  /** The id of the key that encrypts; null when none does. */
  public String encryptingKeyId() {
    return encryptingKey == null ? null : encryptingKey.id();
  }

  /** The ids of every key that decrypts, the encrypting one first. */
  public List<String> keyIds() {
    return List.copyOf(keysById.keySet());
  }

  @Override
  public List<Payload> encode(List<Payload> payloads) {
    if (encryptingKey == null) {
      return payloads;
    }
    List<Payload> encoded = new ArrayList<>(payloads.size());
    for (Payload payload : payloads) {
      encoded.add(encrypt(payload));
    }
    return encoded;
  }

  @Override
  public List<Payload> decode(List<Payload> payloads) {
    List<Payload> decoded = new ArrayList<>(payloads.size());
    for (Payload payload : payloads) {
      decoded.add(isEncrypted(payload) ? decrypt(payload) : payload);
    }
    return decoded;
  }

  public static boolean isEncrypted(Payload payload) {
    return ENCODING_BYTES.equals(payload.getMetadataMap().get(METADATA_ENCODING));
  }

  private Payload encrypt(Payload payload) {
    byte[] nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    String keyId = encryptingKey.id();
    try {
      Cipher cipher = Cipher.getInstance(TRANSFORMATION);
      cipher.init(Cipher.ENCRYPT_MODE, encryptingKey.secretKey(), new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(associatedData(keyId));
      byte[] plain = payload.toByteArray();
      ByteBuffer sealed = ByteBuffer.allocate(NONCE_BYTES + cipher.getOutputSize(plain.length));
      sealed.put(nonce);
      cipher.doFinal(ByteBuffer.wrap(plain), sealed);
      sealed.flip();
      return Payload.newBuilder()
          .putMetadata(METADATA_ENCODING, ENCODING_BYTES)
          .putMetadata(METADATA_KEY_ID, ByteString.copyFromUtf8(keyId))
          .putMetadata(METADATA_CIPHER, CIPHER_BYTES)
          .setData(ByteString.copyFrom(sealed))
          .build();
    } catch (GeneralSecurityException e) {
      throw new PayloadCodecException("cannot encrypt a payload with key " + keyId + ": " + e, e);
    }
  }

  private Payload decrypt(Payload payload) {
    ByteString keyIdBytes = payload.getMetadataMap().get(METADATA_KEY_ID);
    String keyId = keyIdBytes == null ? null : keyIdBytes.toStringUtf8();
    if (keyId == null || keyId.isEmpty()) {
      throw new PayloadCodecException(
          "cannot decrypt a payload: it is " + ENCODING + " but names no " + METADATA_KEY_ID);
    }
    ByteString cipherName = payload.getMetadataMap().get(METADATA_CIPHER);
    if (cipherName != null && !CIPHER_BYTES.equals(cipherName)) {
      throw new PayloadCodecException(
          "cannot decrypt a payload encrypted with " + cipherName.toStringUtf8() + "; only "
              + CIPHER_NAME + " is known");
    }
    EncryptionKey key = keysById.get(keyId);
    if (key == null) {
      throw new PayloadCodecException(
          keysById.isEmpty()
              ? "this payload is encrypted with key " + keyId + " but no key is configured: set "
                  + PayloadEncryption.ENV_KEY + " or " + PayloadEncryption.ENV_KEY_FILE
              : "this payload is encrypted with key " + keyId + ", which is not configured (keys: "
                  + String.join(", ", keysById.keySet()) + "); add it to "
                  + PayloadEncryption.ENV_KEY_FILE);
    }
    byte[] sealed = payload.getData().toByteArray();
    if (sealed.length < NONCE_BYTES + TAG_BITS / 8) {
      throw new PayloadCodecException(
          "cannot decrypt a payload with key " + keyId + ": it is too short to be "
              + CIPHER_NAME + " output (" + sealed.length + " bytes)");
    }
    byte[] plain;
    try {
      Cipher cipher = Cipher.getInstance(TRANSFORMATION);
      cipher.init(
          Cipher.DECRYPT_MODE, key.secretKey(), new GCMParameterSpec(TAG_BITS, sealed, 0, NONCE_BYTES));
      cipher.updateAAD(associatedData(keyId));
      plain = cipher.doFinal(sealed, NONCE_BYTES, sealed.length - NONCE_BYTES);
    } catch (AEADBadTagException e) {
      throw new PayloadCodecException(
          "cannot decrypt a payload with key " + keyId + ": it was altered after it was"
              + " encrypted (its ciphertext, nonce or key id)");
    } catch (GeneralSecurityException e) {
      throw new PayloadCodecException("cannot decrypt a payload with key " + keyId + ": " + e, e);
    }
    try {
      return Payload.parseFrom(plain);
    } catch (InvalidProtocolBufferException e) {
      throw new PayloadCodecException(
          "a payload decrypted with key " + keyId + " is not a Temporal payload", e);
    }
  }

  private static byte[] associatedData(String keyId) {
    return (CIPHER_NAME + "\0" + keyId).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return "AesGcmPayloadCodec[encrypting key " + encryptingKeyId() + ", keys " + keysById.keySet() + "]";
  }
}
