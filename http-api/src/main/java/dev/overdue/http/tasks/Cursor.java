package dev.overdue.http.tasks;

import dev.overdue.http.problems.ApiProblem;
import dev.overdue.index.Keyset;
import dev.overdue.index.Sort;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Where the next page starts: the sort and the last row's sort value, workflow id and chain, opaque
 * to callers (base64url). Rows come after it in the sort's order, so a page never repeats or skips
 * a row that was there before, even when rows were added or left the list meanwhile.
 */
final class Cursor {
  private static final char SEPARATOR = '\n';

  private Cursor() {}

  static String encode(String sort, Keyset keyset) {
    String text = sort + SEPARATOR + keyset.value() + SEPARATOR + keyset.workflowId() + SEPARATOR + keyset.chainId();
    return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  /** The keyset a cursor of {@code sort}'s list names; a 400 for one this API did not give. */
  static Keyset decode(String cursor, String sort, Sort order) {
    String text;
    try {
      text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException notBase64) {
      throw notOurs();
    }
    String[] parts = text.split(String.valueOf(SEPARATOR), -1);
    if (parts.length != 4) {
      throw notOurs();
    }
    if (!parts[0].equals(sort)) {
      throw ApiProblem.badInput("cursor", "it belongs to a list sorted by " + parts[0] + ", not " + sort);
    }
    try {
      return Keyset.checked(order, parts[1], parts[2], parts[3]);
    } catch (IllegalArgumentException forged) {
      throw notOurs();
    }
  }

  private static RuntimeException notOurs() {
    return ApiProblem.badInput("cursor", "not a cursor this API gave");
  }
}
