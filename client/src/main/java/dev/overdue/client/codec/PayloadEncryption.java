package dev.overdue.client.codec;

import dev.overdue.client.ApprovalDataConverter;
import io.temporal.common.converter.CodecDataConverter;
import io.temporal.common.converter.DataConverter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether payloads are encrypted, and with which keys, from the environment:
 *
 * <ul>
 *   <li>{@value #ENV_KEY}: one key, base64 of 32 random bytes ({@code openssl rand -base64 32});
 *   <li>{@value #ENV_KEY_FILE}: a file of keys, one base64 key per line ({@code #} comments and
 *       blank lines ignored); the first encrypts, every one decrypts — rotation is a new first line.
 * </ul>
 *
 * Neither: nothing is encrypted, and an encrypted payload met on decode fails with a message
 * naming the key it needs. Both: an error (one source of keys, so which key encrypts is never a
 * guess). Errors name the variable, the file and the line, never a key.
 */
public final class PayloadEncryption {
  public static final String ENV_KEY = "OVERDUE_CODEC_KEY";
  public static final String ENV_KEY_FILE = "OVERDUE_CODEC_KEY_FILE";

  private final AesGcmPayloadCodec codec;

  private PayloadEncryption(List<EncryptionKey> keys) {
    this.codec = new AesGcmPayloadCodec(keys);
  }

  public static PayloadEncryption none() {
    return new PayloadEncryption(List.of());
  }

  /** @param keys the first encrypts, all decrypt */
  public static PayloadEncryption withKeys(List<EncryptionKey> keys) {
    return new PayloadEncryption(List.copyOf(keys));
  }

  public static PayloadEncryption fromEnvironment() {
    return fromEnvironment(System.getenv());
  }

  /** @throws IllegalArgumentException with what is wrong when a key or the key file is unusable */
  public static PayloadEncryption fromEnvironment(Map<String, String> env) {
    String key = blankToNull(env.get(ENV_KEY));
    String file = blankToNull(env.get(ENV_KEY_FILE));
    if (key != null && file != null) {
      throw new IllegalArgumentException(
          "set either " + ENV_KEY + " or " + ENV_KEY_FILE + ", not both (the file's first key"
              + " encrypts; list older keys after it)");
    }
    if (key != null) {
      return withKeys(List.of(EncryptionKey.fromBase64(ENV_KEY, key)));
    }
    if (file != null) {
      return withKeys(readKeyFile(Path.of(file)));
    }
    return none();
  }

  /** The keys of a key file, in order: one base64 key per line, {@code #} comments. */
  public static List<EncryptionKey> readKeyFile(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          ENV_KEY_FILE + ": cannot read " + file + " (" + e.getClass().getSimpleName() + ")");
    }
    List<EncryptionKey> keys = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      keys.add(EncryptionKey.fromBase64(ENV_KEY_FILE + " " + file + " line " + (i + 1), line));
    }
    if (keys.isEmpty()) {
      throw new IllegalArgumentException(ENV_KEY_FILE + ": " + file + " holds no key");
    }
    return keys;
  }

  /** True when payloads are encrypted. */
  public boolean enabled() {
    return codec.encrypts();
  }

  public AesGcmPayloadCodec codec() {
    return codec;
  }

  /**
   * The SDK's default converter with this codec around it. With encryption on, failure messages
   * and stack traces are encoded too (they can quote approval data); without it, failures stay as
   * they always were.
   */
  public DataConverter dataConverter() {
    return new CodecDataConverter(ApprovalDataConverter.create(), List.of(codec), enabled());
  }

  /** For a start-up log line: the key ids, never a key. */
  public String describe() {
    if (!enabled()) {
      return "payload encryption off (set " + ENV_KEY + " or " + ENV_KEY_FILE + " to turn it on)";
    }
    List<String> ids = codec.keyIds();
    return "payload encryption on: " + AesGcmPayloadCodec.CIPHER_NAME + " with key "
        + codec.encryptingKeyId()
        + (ids.size() > 1
            ? "; older keys for decryption: " + String.join(", ", ids.subList(1, ids.size()))
            : "");
  }

  @Override
  public String toString() {
    return describe();
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
