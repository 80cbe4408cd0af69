package dev.overdue.client.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PayloadEncryptionTest {
  @TempDir Path dir;

  static String base64Key(int fill) {
    byte[] raw = new byte[32];
    java.util.Arrays.fill(raw, (byte) fill);
    return Base64.getEncoder().encodeToString(raw);
  }

  @Test
  void nothingSetMeansNoEncryption() {
    PayloadEncryption encryption = PayloadEncryption.fromEnvironment(Map.of());

    assertFalse(encryption.enabled());
    assertTrue(encryption.describe().startsWith("payload encryption off"), encryption.describe());
  }

  @Test
  void oneKeyFromTheEnvironment() {
    String key = base64Key(7);
    PayloadEncryption encryption = PayloadEncryption.fromEnvironment(Map.of("OVERDUE_CODEC_KEY", key));

    assertTrue(encryption.enabled());
    String id = EncryptionKey.fromBase64("test", key).id();
    assertEquals(id, encryption.codec().encryptingKeyId());
    assertTrue(id.matches("sha256:[0-9a-f]{16}"), id);
    assertEquals("payload encryption on: AES-256-GCM with key " + id, encryption.describe());
    assertFalse(encryption.describe().contains(key));
    assertFalse(encryption.toString().contains(key));
  }

  @Test
  void urlSafeBase64AndBlanksAreAccepted() {
    byte[] raw = new byte[32];
    java.util.Arrays.fill(raw, (byte) 0xfb); // '+' and '/' in standard base64, '-' and '_' url-safe
    String urlSafe = Base64.getUrlEncoder().encodeToString(raw);
    String standard = Base64.getEncoder().encodeToString(raw);

    assertEquals(
        EncryptionKey.fromBase64("a", standard).id(), EncryptionKey.fromBase64("b", " " + urlSafe + "\n").id());
  }

  @Test
  void aKeyOfTheWrongLengthIsRefusedWithoutQuotingIt() {
    String shortKey = Base64.getEncoder().encodeToString(new byte[16]);

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> PayloadEncryption.fromEnvironment(Map.of("OVERDUE_CODEC_KEY", shortKey)));

    assertEquals(
        "OVERDUE_CODEC_KEY must be base64 of 32 random bytes (an AES-256 key), not 16 bytes;"
            + " generate one with: openssl rand -base64 32",
        e.getMessage());
  }

  @Test
  void aKeyThatIsNotBase64IsRefusedWithoutQuotingIt() {
    String notBase64 = "correct horse battery staple!";

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> PayloadEncryption.fromEnvironment(Map.of("OVERDUE_CODEC_KEY", notBase64)));

    assertEquals(
        "OVERDUE_CODEC_KEY is not base64; generate a key with: openssl rand -base64 32", e.getMessage());
  }

  @Test
  void aKeyFileListsTheEncryptingKeyFirstAndOlderOnesAfter() throws Exception {
    Path file = dir.resolve("keys");
    Files.writeString(
        file, "# current\n" + base64Key(2) + "\n\n# retired 2026-01\n  " + base64Key(1) + "  \n");

    PayloadEncryption encryption =
        PayloadEncryption.fromEnvironment(Map.of("OVERDUE_CODEC_KEY_FILE", file.toString()));

    String current = EncryptionKey.fromBase64("t", base64Key(2)).id();
    String old = EncryptionKey.fromBase64("t", base64Key(1)).id();
    assertEquals(current, encryption.codec().encryptingKeyId());
    assertEquals(List.of(current, old), encryption.codec().keyIds());
    assertEquals(
        "payload encryption on: AES-256-GCM with key " + current + "; older keys for decryption: " + old,
        encryption.describe());
  }

  @Test
  void aBadLineOfTheKeyFileIsNamedByNumber() throws Exception {
    Path file = dir.resolve("keys");
    Files.writeString(file, base64Key(2) + "\nnot a key\n");

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> PayloadEncryption.fromEnvironment(Map.of("OVERDUE_CODEC_KEY_FILE", file.toString())));

    assertEquals(
        "OVERDUE_CODEC_KEY_FILE " + file + " line 2 is not base64; generate a key with: openssl rand -base64 32",
        e.getMessage());
  }

  @Test
  void aMissingOrEmptyKeyFileIsRefused() throws Exception {
    Path missing = dir.resolve("missing");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> PayloadEncryption.fromEnvironment(Map.of("OVERDUE_CODEC_KEY_FILE", missing.toString())));
    assertEquals("OVERDUE_CODEC_KEY_FILE: cannot read " + missing + " (NoSuchFileException)", e.getMessage());

    Path empty = Files.writeString(dir.resolve("empty"), "# nothing yet\n");
    e = assertThrows(
        IllegalArgumentException.class,
        () -> PayloadEncryption.fromEnvironment(Map.of("OVERDUE_CODEC_KEY_FILE", empty.toString())));
    assertEquals("OVERDUE_CODEC_KEY_FILE: " + empty + " holds no key", e.getMessage());
  }

  @Test
  void bothSourcesAtOnceAreRefused() throws Exception {
    Path file = Files.writeString(dir.resolve("keys"), base64Key(1) + "\n");

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                PayloadEncryption.fromEnvironment(
                    Map.of("OVERDUE_CODEC_KEY", base64Key(2), "OVERDUE_CODEC_KEY_FILE", file.toString())));

    assertTrue(e.getMessage().startsWith("set either OVERDUE_CODEC_KEY or OVERDUE_CODEC_KEY_FILE"), e.getMessage());
  }

  @Test
  void aKeyNeverShowsInToString() {
    String key = base64Key(9);
    EncryptionKey parsed = EncryptionKey.fromBase64("t", key);

    assertEquals("EncryptionKey[" + parsed.id() + "]", parsed.toString());
  }
}
