package dev.overdue.http.tasks;

import dev.overdue.http.problems.ApiProblem;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Where the next page starts: the sort and the last row's sort key and place (workflow id and run), opaque to callers
 * (base64url). Rows come after it in the sort's order, so a page never repeats or skips a row that
 * was there before, even when rows were added or left the list meanwhile.
 */
record Cursor(String sort, String key, String place) {
  private static final char SEPARATOR = '\n';

  String encode() {
    String text = sort + SEPARATOR + key + SEPARATOR + place;
    return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  static Cursor decode(String cursor, String sort) {
    String text;
    try {
      text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException notBase64) {
      throw ApiProblem.badInput("cursor", "not a cursor this API gave");
    }
    String[] parts = text.split(String.valueOf(SEPARATOR), -1);
    if (parts.length != 3) {
      throw ApiProblem.badInput("cursor", "not a cursor this API gave");
    }
    if (!parts[0].equals(sort)) {
      throw ApiProblem.badInput("cursor", "it belongs to a list sorted by " + parts[0] + ", not " + sort);
    }
    if (!TaskSort.readable(sort, parts[1])) {
      throw ApiProblem.badInput("cursor", "not a cursor this API gave");
    }
    return new Cursor(parts[0], parts[1], parts[2]);
  }
}
