package dev.overdue.model;

import java.util.List;

/**
 * Keeps user-supplied text in messages short: a refusal that quoted a 10 MB field in full would
 * itself be the 10 MB payload it refuses.
 */
public final class Texts {
  private Texts() {}

  /** How much of a user-supplied value a message quotes. */
  public static final int QUOTED_LENGTH = 100;

  /** How many names a message lists before it says how many there are. */
  public static final int LISTED_NAMES = 20;

  /** {@code text} itself when short, else its first {@code max} characters and its length. */
  public static String abbreviate(String text, int max) {
    if (text == null || text.length() <= max) {
      return text;
    }
    return text.substring(0, max) + "… (" + text.length() + " characters)";
  }

  /** {@code 'value'}, abbreviated; {@code nothing} for null. */
  public static String quote(String value) {
    return value == null ? "nothing" : "'" + abbreviate(value, QUOTED_LENGTH) + "'";
  }

  /** The names joined by ", ", each abbreviated, the list cut after {@link #LISTED_NAMES}. */
  public static String list(List<String> names) {
    List<String> shown =
        names.stream().limit(LISTED_NAMES).map(n -> abbreviate(n, QUOTED_LENGTH)).toList();
    String joined = String.join(", ", shown);
    return names.size() > LISTED_NAMES ? joined + ", … (" + names.size() + " in all)" : joined;
  }
}
