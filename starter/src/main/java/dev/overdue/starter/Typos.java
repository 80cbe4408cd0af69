package dev.overdue.starter;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The names a mistyped word was probably meant to be. picocli's own suggestions compare letter
 * pairs, which ranks {@code codec-server} next to {@code approve} for {@code aprove}; a typo is a
 * letter missing, extra, wrong or two swapped, so this counts those edits instead.
 */
final class Typos {
  private Typos() {}

  /**
   * The names within a typo or two of {@code word}, closest first, or that it begins (at least
   * three letters: {@code extend} for {@code extend-deadline}); none when nothing is close.
   */
  static List<String> closest(String word, Collection<String> names) {
    int allowed = word.length() <= 4 ? 1 : 2;
    record Candidate(String name, int distance) {}
    return names.stream()
        .map(name -> new Candidate(name, distance(word, name)))
        .filter(c -> c.distance() <= allowed || (word.length() >= 3 && c.name().startsWith(word)))
        .sorted(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::name))
        .map(Candidate::name)
        .toList();
  }

  /**
   * Edits from {@code a} to {@code b}: letters inserted, deleted, replaced, or two neighbours
   * swapped (the optimal string alignment distance), ignoring case.
   */
  static int distance(String a, String b) {
    String s = a.toLowerCase(Locale.ROOT);
    String t = b.toLowerCase(Locale.ROOT);
    int[][] d = new int[s.length() + 1][t.length() + 1];
    for (int i = 0; i <= s.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= t.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= s.length(); i++) {
      for (int j = 1; j <= t.length(); j++) {
        int cost = s.charAt(i - 1) == t.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && s.charAt(i - 1) == t.charAt(j - 2)
            && s.charAt(i - 2) == t.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[s.length()][t.length()];
  }
}
