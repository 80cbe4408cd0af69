package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * README.md is a front door: short, its links and anchors resolve (GitHub's anchors, which the
 * site's are configured to equal), every page of the site is at most two clicks from it, and its
 * map of the docs is the site's home page's. The site's own pages are checked by its strict build
 * (DocsSiteIT).
 */
class DocsTest {
  private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)\\]\\(([^)\\s]+)\\)", Pattern.DOTALL);
  private static final Pattern FENCE = Pattern.compile("(?ms)^```.*?^```\\s*$");

  @Test
  void theReadmeIsAFrontDoorOfAtMost300Lines() throws IOException {
    int lines = Files.readAllLines(Docs.README).size();
    assertTrue(lines <= 300, "README.md has " + lines + " lines: move guides and reference to docs/");
  }

  @Test
  void everyLinkOfTheReadmeResolvesToAFileAndAnAnchorInIt() throws IOException {
    List<String> broken = new ArrayList<>();
    for (String target : links(Docs.README)) {
      Path file = Processes.ROOT.resolve(target.replaceFirst("#.*", "")).normalize();
      if (!Files.exists(file)) {
        broken.add(target + " (no such file)");
      } else if (target.contains("#") && !anchors(file).contains(target.replaceFirst(".*#", ""))) {
        broken.add(target + " (no such heading in " + Processes.ROOT.relativize(file) + ")");
      }
    }
    assertEquals(List.of(), broken);
  }

  @Test
  void everyPageOfTheSiteIsAtMostTwoClicksFromTheReadme() throws IOException {
    Set<Path> reached = new LinkedHashSet<>();
    for (Path first : pagesLinkedFrom(Docs.README)) {
      reached.add(first);
      reached.addAll(pagesLinkedFrom(first));
    }
    Set<Path> unreached = new TreeSet<>(Docs.pages());
    unreached.remove(Docs.README);
    unreached.removeAll(reached);
    assertEquals(Set.of(), unreached);
  }

  @Test
  void theReadmesMapOfTheDocsIsTheSitesHomePage() throws IOException {
    List<String> readme = mapRows(Docs.README).stream().map(row -> row.replace("](docs/", "](")).toList();
    assertTrue(readme.size() >= 10, "README's map: " + readme);
    assertEquals(readme, mapRows(Docs.DOCS.resolve("index.md")));
  }

  /** The relative link targets of a page, outside its code blocks. */
  static List<String> links(Path page) throws IOException {
    String text = FENCE.matcher(Files.readString(page)).replaceAll("");
    List<String> targets = new ArrayList<>();
    Matcher link = LINK.matcher(text);
    while (link.find()) {
      String target = link.group(2);
      if (!target.matches("^[a-z]+:.*") && !target.startsWith("#")) {
        targets.add(page.getParent().equals(Processes.ROOT) ? target
            : Processes.ROOT.relativize(page.getParent().resolve(target).normalize()).toString());
      }
    }
    return targets;
  }

  private static Set<Path> pagesLinkedFrom(Path page) throws IOException {
    Set<Path> pages = new LinkedHashSet<>();
    for (String target : links(page)) {
      Path file = Processes.ROOT.resolve(target.replaceFirst("#.*", "")).normalize();
      if (file.toString().endsWith(".md") && Files.exists(file)) {
        pages.add(file);
      }
    }
    return pages;
  }

  /** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to '-'. */
  static Set<String> anchors(Path page) throws IOException {
    Set<String> anchors = new LinkedHashSet<>();
    for (String line : FENCE.matcher(Files.readString(page)).replaceAll("").split("\n")) {
      if (line.matches("^#{1,6} .*")) {
        anchors.add(line.replaceFirst("^#+ ", "").strip().toLowerCase(Locale.ROOT)
            .replaceAll("[^\\p{L}\\p{N}\\- _]", "").replace(' ', '-'));
      }
    }
    return anchors;
  }

  private static List<String> mapRows(Path page) throws IOException {
    return Files.readAllLines(page).stream()
        .dropWhile(line -> !line.startsWith("| you want to |"))
        .takeWhile(line -> line.startsWith("|"))
        .toList();
  }
}
