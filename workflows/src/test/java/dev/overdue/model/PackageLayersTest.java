package dev.overdue.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The model's sub-packages form layers: no package imports one that imports it back, directly or
 * through others. Read from the import lines, since using a class of another package needs one.
 */
class PackageLayersTest {
  private static final Path MODEL = Path.of("src/main/java/dev/overdue/model");
  /** An import of a model class: group 1 its sub-package with a dot, none for the model's own. */
  private static final Pattern IMPORT =
      Pattern.compile("^import (?:static )?dev\\.overdue\\.model\\.([a-z]\\w*\\.)?[A-Z]", Pattern.MULTILINE);

  @Test
  void noSubPackageImportsOneThatImportsItBack() {
    Map<String, Set<String>> imports = imports();
    assertTrue(imports.keySet().containsAll(List.of("", "process", "command", "timer")), imports.keySet().toString());
    List<String> cycles = new ArrayList<>();
    for (String from : imports.keySet()) {
      for (String to : imports.get(from)) {
        if (reaches(imports, to, from, new TreeSet<>())) {
          cycles.add(name(from) + " -> " + name(to));
        }
      }
    }
    assertEquals(List.of(), cycles, "imports in a circle");
  }

  @Test
  void findsACircleWhereThereIsOne() {
    Map<String, Set<String>> circle = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"));
    assertTrue(reaches(circle, "b", "a", new TreeSet<>()));
    assertFalse(reaches(Map.of("a", Set.of("b"), "b", Set.of()), "b", "a", new TreeSet<>()));
  }

  /** Whether {@code from} imports {@code to}, or a package that does. */
  private static boolean reaches(Map<String, Set<String>> imports, String from, String to, Set<String> seen) {
    if (from.equals(to)) {
      return true;
    }
    return seen.add(from)
        && imports.getOrDefault(from, Set.of()).stream().anyMatch(next -> reaches(imports, next, to, seen));
  }

  /** Each package of the model ("" for the model's own), with the other packages of it it imports. */
  private static Map<String, Set<String>> imports() {
    Map<String, Set<String>> imports = new TreeMap<>();
    try (Stream<Path> files = Files.walk(MODEL)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        Path folder = MODEL.relativize(file.getParent());
        String from = folder.toString().replace('/', '.');
        Set<String> to = imports.computeIfAbsent(from, key -> new TreeSet<>());
        Matcher m = IMPORT.matcher(Files.readString(file));
        while (m.find()) {
          String target = m.group(1) == null ? "" : m.group(1).substring(0, m.group(1).length() - 1);
          if (!target.equals(from)) {
            to.add(target);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return imports;
  }

  private static String name(String sub) {
    return sub.isEmpty() ? "dev.overdue.model" : "dev.overdue.model." + sub;
  }
}
