package dev.overdue.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.model.RuleViolation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Cases ported from other engines' published test suites (inputs and expected outputs only, each
 * file citing its source), read from {@code src/test/resources/published/<name>.tsv}.
 *
 * <p>A file starts with {@code #} lines (the source: repository, path, commit, licence), then a
 * header row of tab-separated column names, then one case per row. Three columns are required:
 * {@code case} (the source's test method, and which of its assertions), {@code engine} (what the
 * engine's test expects), {@code overdue} (what Overdue answers), and {@code verdict}: {@code
 * agrees} (the test then checks that {@code overdue} equals {@code engine}) or {@code differs
 * <id>} (it checks they differ; {@code <id>} is the row of docs/reference/published-semantics.md
 * that says why). Overdue's refusal is written {@code refused: <part of its reason>}, an engine's {@code refused}.
 */
record PublishedCases(String name, List<Case> cases) {
  /** One row: its columns by name. */
  record Case(String file, int line, Map<String, String> columns) {
    String get(String column) {
      String value = columns.get(column);
      if (value == null) {
        throw new IllegalArgumentException(file + ":" + line + " has no column " + column);
      }
      return value;
    }

    String engine() {
      return get("engine");
    }

    String overdue() {
      return get("overdue");
    }

    /** The divergence's id, for a case whose verdict is {@code differs <id>}. */
    Optional<String> divergence() {
      String verdict = get("verdict").trim();
      return verdict.startsWith("differs ") ? Optional.of(verdict.substring(8).trim()) : Optional.empty();
    }

    /**
     * Checks Overdue's {@code answer} against the row: it is the {@code overdue} column (for a
     * refusal, its reason contains the column's), and it is the engine's answer exactly when the
     * verdict says they agree (an engine's refusal is written {@code refused}).
     */
    void check(String answer) {
      String expected = overdue();
      if (expected.startsWith(REFUSED)) {
        assertTrue(
            answer.startsWith(REFUSED) && answer.contains(expected.substring(REFUSED.length())),
            this + ": expected " + expected + ", got " + answer);
      } else {
        assertEquals(expected, answer, this + ": Overdue's answer changed");
      }
      String shown = answer.startsWith(REFUSED) ? "refused" : answer;
      if (divergence().isPresent()) {
        assertNotEquals(engine(), shown, this + ": marked as differing, but agrees");
      } else {
        assertEquals("agrees", get("verdict").trim(), this + ": verdict is 'agrees' or 'differs <id>'");
        assertEquals(engine(), shown, this + ": marked as agreeing, but differs");
      }
    }

    @Override
    public String toString() {
      return file + ":" + line + " " + columns.get("case");
    }
  }

  static PublishedCases load(String name) {
    String resource = "/published/" + name + ".tsv";
    try (InputStream in = PublishedCases.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no " + resource);
      }
      String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", -1);
      List<String> header = null;
      List<Case> cases = new ArrayList<>();
      for (int i = 0; i < lines.length; i++) {
        String line = lines[i];
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        List<String> cells = Arrays.asList(line.split("\t", -1));
        if (header == null) {
          header = cells;
          assertTrue(header.containsAll(List.of("case", "engine", "overdue", "verdict")), resource + ": " + header);
          continue;
        }
        assertEquals(header.size(), cells.size(), resource + ":" + (i + 1) + " has " + cells.size() + " cells");
        Map<String, String> columns = new LinkedHashMap<>();
        for (int c = 0; c < header.size(); c++) {
          columns.put(header.get(c), cells.get(c));
        }
        cases.add(new Case(name, i + 1, columns));
      }
      return new PublishedCases(name, List.copyOf(cases));
    } catch (IOException e) {
      throw new IllegalStateException(resource, e);
    }
  }

  static final String REFUSED = "refused: ";

  /** A refusal as {@link Case#check} reads it. */
  static String refused(RuleViolation refusal) {
    return REFUSED + refusal.getMessage();
  }
}
