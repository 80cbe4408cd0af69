package dev.overdue.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/reference/published-semantics.md says only what the ported cases show: its counts and its
 * list of every differing case are generated from them ({@code -Doverdue.writeDocs=true} writes
 * them), and every reason a case names has its row in the page's table of reasons, and no other.
 */
class PublishedSemanticsDocTest {
  static final Path PAGE = Path.of("../docs/reference/published-semantics.md");
  static final Path CASES = Path.of("src/test/resources/published");
  static final String BEGIN = "<!-- generated from the ported cases: do not edit -->";
  static final String END = "<!-- end of the generated part -->";

  /** Columns that say where a row came from or how it is answered, not what it asks. */
  static final Set<String> NOT_INPUT =
      Set.of("case", "engine", "overdue", "verdict", "source", "format", "zone", "kind", "op", "step", "overdue-date");

  @Test
  void theGeneratedPartIsUpToDate() throws IOException {
    String page = Files.readString(PAGE);
    int begin = page.indexOf(BEGIN);
    int end = page.indexOf(END);
    assertTrue(begin >= 0 && end > begin, "the page has its generated part between " + BEGIN + " and " + END);
    String generated = generated(files());
    String written = page.substring(begin + BEGIN.length(), end);
    if (Boolean.getBoolean("overdue.writeDocs")) {
      Files.writeString(PAGE, page.substring(0, begin + BEGIN.length()) + generated + page.substring(end));
      return;
    }
    assertEquals(generated, written, "run: mvn -B -o -q test -pl workflows -am -Dtest=PublishedSemanticsDocTest"
        + " -Dsurefire.failIfNoSpecifiedTests=false -Doverdue.writeDocs=true");
  }

  @Test
  void everyReasonACaseNamesIsExplainedAndNoOtherIs() throws IOException {
    Set<String> named = new TreeSet<>();
    for (PublishedCases file : files()) {
      file.cases().forEach(c -> c.divergence().ifPresent(named::add));
    }
    String page = Files.readString(PAGE);
    Set<String> explained = new TreeSet<>();
    Matcher row = Pattern.compile("(?m)^\\| <a id=\"([a-z0-9-]+)\"></a>`\\1` \\|").matcher(page);
    while (row.find()) {
      explained.add(row.group(1));
    }
    assertEquals(named, explained, "the table of reasons has one row per reason the cases name");
  }

  @Test
  void theFrontDoorSaysHowManyCasesThereAre() throws IOException {
    int cases = files().stream().mapToInt(f -> f.cases().size()).sum();
    for (Path page : List.of(Path.of("../README.md"), Path.of("../docs/index.md"))) {
      assertTrue(
          Files.readString(page).contains("checked against " + cases + " cases"),
          page + " says its dates are checked against " + cases + " cases");
    }
  }

  static List<PublishedCases> files() throws IOException {
    try (Stream<Path> paths = Files.list(CASES)) {
      return paths
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".tsv"))
          .sorted()
          .map(n -> PublishedCases.load(n.substring(0, n.length() - 4)))
          .toList();
    }
  }

  static String generated(List<PublishedCases> files) {
    StringBuilder out = new StringBuilder("\n\n### Cases per source\n\n");
    out.append("| cases file | source | rows | of them restated | agree | differ |\n|---|---|---:|---:|---:|---:|\n");
    int[] total = new int[4];
    for (PublishedCases file : files) {
      Map<String, List<PublishedCases.Case>> bySource = new TreeMap<>();
      for (PublishedCases.Case c : file.cases()) {
        bySource.computeIfAbsent(c.columns().getOrDefault("source", "—"), k -> new ArrayList<>()).add(c);
      }
      bySource.forEach((source, cases) -> {
        long restated = cases.stream().filter(PublishedSemanticsDocTest::restated).count();
        long differ = cases.stream().filter(c -> c.divergence().isPresent()).count();
        out.append("| `").append(file.name()).append(".tsv` | ").append(source).append(" | ").append(cases.size())
            .append(" | ").append(restated).append(" | ").append(cases.size() - differ).append(" | ").append(differ)
            .append(" |\n");
        total[0] += cases.size();
        total[1] += (int) restated;
        total[2] += (int) (cases.size() - differ);
        total[3] += (int) differ;
      });
    }
    out.append("| all | | ").append(total[0]).append(" | ").append(total[1]).append(" | ").append(total[2])
        .append(" | ").append(total[3]).append(" |\n");
    out.append("\n### Every case where Overdue differs\n\n");
    out.append("| cases file | case | input | engine's answer | Overdue's answer | why |\n|---|---|---|---|---|---|\n");
    for (PublishedCases file : files) {
      for (PublishedCases.Case c : file.cases()) {
        if (c.divergence().isEmpty()) {
          continue;
        }
        String id = c.divergence().get();
        out.append("| ").append(file.name()).append(" | ").append(cell(c.get("case"))).append(" | ")
            .append(cell(input(c))).append(" | ").append(cell(c.engine())).append(" | ")
            .append(cell(c.overdue())).append(" | [").append(id).append("](#").append(id).append(") |\n");
      }
    }
    return out.append('\n').toString();
  }

  /** A row that restates a source's assertion past a limit of Overdue's (in minutes, with ?). */
  static boolean restated(PublishedCases.Case c) {
    String name = c.get("case");
    return name.contains("in minutes") || name.contains("x60") || name.contains("with ?");
  }

  static String input(PublishedCases.Case c) {
    return c.columns().entrySet().stream()
        .filter(e -> !NOT_INPUT.contains(e.getKey()))
        .filter(e -> !e.getValue().isBlank() && !e.getValue().equals("-"))
        .map(e -> e.getKey() + ": `" + e.getValue() + "`")
        .collect(Collectors.joining(", "));
  }

  static String cell(String text) {
    return text.replace("|", "\\|");
  }
}
