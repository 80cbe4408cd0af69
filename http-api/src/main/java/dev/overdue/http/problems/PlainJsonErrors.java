package dev.overdue.http.problems;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.io.ContentReference;
import dev.overdue.client.PlainSyntaxErrors;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamReadException;

/**
 * A body that is no JSON, said as the CLI says a broken request file ({@link PlainSyntaxErrors}):
 * where it breaks, by line and column, and what was expected there, never the parser's echo of
 * the body ({@code [Source: …]}) or its class names. The API reads with Jackson 3, the client
 * library's words are for Jackson 2's messages: the failure is handed over as Jackson 2's, with
 * Jackson 3's "property name" said as Jackson 2's "field name".
 */
final class PlainJsonErrors {
  private PlainJsonErrors() {}

  static String describe(StreamReadException failure) {
    String message = failure.getOriginalMessage() == null ? "" : failure.getOriginalMessage()
        .replace("property name", "field name")
        .replace("Duplicate Object property", "Duplicate field");
    TokenStreamLocation at = failure.getLocation();
    // Jackson 3 counts the column of the character it stopped at; Jackson 2, the one after it.
    boolean atACharacter = message.startsWith("Unexpected character") || message.startsWith("Unexpected close marker")
        || message.startsWith("Illegal unquoted character");
    JsonLocation location = at == null ? null : new JsonLocation(
        ContentReference.unknown(), -1L, at.getLineNr(), at.getColumnNr() + (atACharacter ? 1 : 0));
    String words = PlainSyntaxErrors.describe(new JsonParseException(null, message, location), text(at));
    return words.isBlank() ? "not JSON" : "not JSON: " + words;
  }

  /** The body read, where the parser kept it (it tells a trailing comma from a missing name); else null. */
  private static String text(TokenStreamLocation at) {
    Object raw = at == null || at.contentReference() == null ? null : at.contentReference().getRawContent();
    if (raw instanceof CharSequence chars) {
      return chars.toString();
    }
    if (raw instanceof byte[] bytes) {
      return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }
    if (raw instanceof char[] chars) {
      return new String(chars);
    }
    return null;
  }
}
