package dev.overdue.client.codec;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * One AES-256 key and the id that names it in each payload it encrypts. The id is a fingerprint of
 * the key ({@code sha256:} and 16 hex digits of a SHA-256 over a fixed label and the key), so keys
 * need no names, two different keys never share an id, and rotating is adding a key. The
 * fingerprint tells nothing useful about a random 256-bit key; {@link #toString()} never shows the
 * key itself.
 */
public final class EncryptionKey {
  public static final int BYTES = 32;

  private static final byte[] FINGERPRINT_LABEL =
      "overdue payload encryption key id\0".getBytes(StandardCharsets.US_ASCII);

  private final String id;
  private final SecretKey key;

  private EncryptionKey(byte[] raw) {
    this.id = fingerprint(raw);
    this.key = new SecretKeySpec(raw, "AES");
  }

  /**
   * A key from its base64 text (standard or URL-safe alphabet, surrounding blanks ignored).
   *
   * @param source where the text came from, for the error message (never the text itself)
   * @throws IllegalArgumentException when it is not base64 of exactly 32 bytes
   */
  public static EncryptionKey fromBase64(String source, String base64) {
    String text = base64 == null ? "" : base64.strip();
    byte[] raw;
    try {
      raw = (text.indexOf('-') >= 0 || text.indexOf('_') >= 0)
          ? Base64.getUrlDecoder().decode(text)
          : Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          source + " is not base64; generate a key with: openssl rand -base64 32");
    }
    if (raw.length != BYTES) {
      throw new IllegalArgumentException(
          source + " must be base64 of " + BYTES + " random bytes (an AES-256 key), not "
              + raw.length + " bytes; generate one with: openssl rand -base64 32");
    }
    try {
      return new EncryptionKey(raw);
    } finally {
      Arrays.fill(raw, (byte) 0);
    }
  }

  /** A key from its 32 raw bytes (tests and tools). */
  public static EncryptionKey of(byte[] raw) {
    if (raw.length != BYTES) {
      throw new IllegalArgumentException("an AES-256 key has " + BYTES + " bytes, not " + raw.length);
    }
    return new EncryptionKey(raw.clone());
  }

  public String id() {
    return id;
  }

  SecretKey secretKey() {
    return key;
  }

  private static String fingerprint(byte[] raw) {
    try {
      MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
      sha256.update(FINGERPRINT_LABEL);
      byte[] digest = sha256.digest(raw);
      StringBuilder hex = new StringBuilder("sha256:");
      for (int i = 0; i < 8; i++) {
        hex.append(String.format("%02x", digest[i]));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof EncryptionKey that && id.equals(that.id);
  }

  @Override
  public int hashCode() {
    return id.hashCode();
  }

  /** The id only: a key must never reach a log by way of toString. */
  @Override
  public String toString() {
    return "EncryptionKey[" + id + "]";
  }
}
