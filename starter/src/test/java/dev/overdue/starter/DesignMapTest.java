package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The design map (docs/design/index.md) sends a newcomer to a class for each rule: every class it
 * names must exist in the sources (main, or a test it names), and every {@code Class.method} it names must be a method of
 * that class, so a rename or a move that leaves the map behind fails here.
 */
class DesignMapTest {
  private static final Path MAP = Docs.DOCS.resolve("design/index.md");
  /** {@code `Name`}, {@code `Name.member`} or {@code `Name#member`}: a Java type, maybe with a member. */
  private static final Pattern NAMED = Pattern.compile("`([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(?:[.#]([a-z][A-Za-z0-9]*))?(?:\\(\\))?`");
  private static final Pattern DECLARED =
      Pattern.compile("\\b(?:class|record|interface|enum)\\s+([A-Z][A-Za-z0-9]*)");

  /** Names in backquotes on the map that are not Java types: the activities' names in a history. */
  private static final Set<String> NOT_TYPES = Set.of("Deliver", "ResolveRecipients", "RaiseWarning");

  @Test
  void everyClassAndMethodTheMapNamesExists() throws IOException {
    Map<String, List<String>> sources = sourcesByType();
    assertTrue(sources.size() > 300, "the main sources were found: " + sources.size() + " types");
    Set<String> missing = new TreeSet<>();
    int named = 0;
    Matcher m = NAMED.matcher(Files.readString(MAP));
    while (m.find()) {
      String type = m.group(1);
      String member = m.group(2);
      if (NOT_TYPES.contains(type) || isJavaLang(type)) {
        continue;
      }
      named++;
      List<String> declaring = sources.get(type);
      if (declaring == null) {
        missing.add(type + " (no such class)");
      } else if (member != null && declaring.stream().noneMatch(text -> text.matches("(?s).*\\b" + member + "\\s*\\(.*"))) {
        missing.add(type + "." + member + " (no such method)");
      }
    }
    assertTrue(named > 50, "the map names classes: " + named);
    assertEquals(Set.of(), missing, "named on " + Docs.DOCS.getParent().relativize(MAP) + " but not in the code");
  }

  private static boolean isJavaLang(String type) {
    try {
      Class.forName("java.lang." + type);
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /** {@code `Name` (N lines}: a size the map gives, which must stay within 5 % of the file's. */
  private static final Pattern SIZE = Pattern.compile("`([A-Z][A-Za-z0-9]*)`\\s+\\((\\d[\\d,]*) lines");
  /** A row of the modules table: {@code | `name` (}. */
  private static final Pattern MODULE_ROW = Pattern.compile("(?m)^\\| `([a-z-]+)`");
  private static final Pattern POM_MODULE = Pattern.compile("<module>([a-z-]+)</module>");

  @Test
  void theModulesTableListsExactlyTheBuildsModules() throws IOException {
    String map = Files.readString(MAP);
    Set<String> listed = new TreeSet<>();
    MODULE_ROW.matcher(map).results().forEach(r -> listed.add(r.group(1)));
    Set<String> built = new TreeSet<>();
    POM_MODULE.matcher(Files.readString(Processes.ROOT.resolve("pom.xml"))).results().forEach(r -> built.add(r.group(1)));
    assertEquals(built, listed);
    String[] words = {"", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve",
        "Thirteen", "Fourteen", "Fifteen"};
    assertTrue(map.contains(words[built.size()] + " modules, each"), "the map counts " + built.size() + " modules in words");
  }

  @Test
  void everySizeTheMapGivesIsTheFilesWithin5Percent() throws IOException {
    Map<String, Path> files = new HashMap<>();
    sources().forEach(f -> files.put(f.getFileName().toString().replace(".java", ""), f));
    List<String> wrong = new ArrayList<>();
    Matcher m = SIZE.matcher(Files.readString(MAP));
    int sizes = 0;
    while (m.find()) {
      sizes++;
      long said = Long.parseLong(m.group(2).replace(",", ""));
      long actual = Files.readAllLines(files.get(m.group(1))).size();
      if (Math.abs(actual - said) > said / 20) {
        wrong.add(m.group(1) + ": the map says " + said + " lines, the file has " + actual);
      }
    }
    assertTrue(sizes >= 4, "the map gives sizes: " + sizes);
    assertEquals(List.of(), wrong);
  }

  /** Each type declared in a source file (nested ones too), to the texts of the files declaring it. */
  private static Map<String, List<String>> sourcesByType() throws IOException {
    Map<String, List<String>> byType = new HashMap<>();
    for (Path file : sources()) {
      String text = Files.readString(file);
      Matcher declared = DECLARED.matcher(text);
      while (declared.find()) {
        byType.computeIfAbsent(declared.group(1), k -> new ArrayList<>()).add(text);
      }
    }
    return byType;
  }

  /** Every main and test source file of the repository's modules. */
  private static List<Path> sources() throws IOException {
    try (Stream<Path> files = Files.walk(Processes.ROOT)) {
      return files.filter(DesignMapTest::isSource).toList();
    }
  }

  private static boolean isSource(Path file) {
    String path = Processes.ROOT.relativize(file).toString().replace('\\', '/');
    return path.endsWith(".java") && (path.contains("/src/main/java/") || path.contains("/src/test/java/"))
        && !path.contains("/target/") && !path.startsWith(".");
  }
}
