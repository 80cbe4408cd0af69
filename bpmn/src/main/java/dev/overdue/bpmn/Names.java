package dev.overdue.bpmn;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Overdue names (steps, deadlines, outcomes: letters, digits, _ and -, at most 64) from BPMN ids
 * and names. An id Camunda Modeler generated ({@code Activity_0x1y2z3}) says nothing to a reader
 * of the CLI or the inbox, so the element's name is used in its place.
 */
final class Names {
  private Names() {}

  private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
  private static final Pattern GENERATED =
      Pattern.compile("(?i)(Activity|Task|UserTask|Event|StartEvent|EndEvent|BoundaryEvent|Gateway|Flow|Timer\\w*)_[0-9a-z]{5,8}");

  /** The name for an element with {@code id} and {@code name}, not among {@code taken}. */
  static String of(String id, String name, Set<String> taken) {
    String base;
    if (id != null && VALID.matcher(id).matches() && !GENERATED.matcher(id).matches()) {
      base = id;
    } else if (name != null && !slug(name).isEmpty()) {
      base = slug(name);
    } else {
      base = slug(id == null ? "step" : id);
    }
    String unique = base;
    for (int n = 2; taken.contains(unique); n++) {
      unique = base.substring(0, Math.min(base.length(), 60)) + "-" + n;
    }
    return unique;
  }

  /**
   * A name or label as one line: Modeler keeps the line breaks typed into a shape's label
   * ({@code Prepare&#10;&#10;Bank&#10;&#10;Transfer}), which a title shows as blank lines.
   */
  static String text(String name) {
    return name == null ? null : name.replaceAll("\\s+", " ").strip();
  }

  /** {@code text} in lower case without accents, runs of anything but letters and digits as one dash. */
  static String slug(String text) {
    String slug = Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}", "").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
    return slug.length() > 64 ? slug.substring(0, 64).replaceAll("-+$", "") : slug;
  }
}
