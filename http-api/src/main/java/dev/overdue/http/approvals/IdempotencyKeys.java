package dev.overdue.http.approvals;

import dev.overdue.http.problems.ApiProblem;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The {@code Idempotency-Key} header, as Temporal's own ids: a POST repeated with the same key by
 * the same caller becomes the same Update id (or start request id), which Temporal answers with
 * the first attempt's result, changing nothing. The API keeps no state, so any of its instances
 * answers the retry. The key is bound to the caller, the approval and what is asked: the same key
 * with another body is another request.
 */
final class IdempotencyKeys {
  static final String HEADER = "Idempotency-Key";

  private static final Pattern KEY = Pattern.compile("[\\x21-\\x7e]{1,255}");

  private IdempotencyKeys() {}

  /** The Temporal id for {@code key}, or null when the caller sent none. */
  static String id(String key, String user, String approval, String what) {
    if (key == null) {
      return null;
    }
    if (!KEY.matcher(key).matches()) {
      throw ApiProblem.badInput(HEADER, "1 to 255 visible ASCII characters");
    }
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String part : new String[] {user, approval, what, key}) {
        sha.update(part.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      return "api-" + HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException impossible) {
      throw new IllegalStateException(impossible);
    }
  }
}
