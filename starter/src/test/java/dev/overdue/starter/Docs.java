package dev.overdue.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pages a user reads — README.md, then the documentation site's pages in its order — and the
 * shell recipes and examples in them, read from the files so that the docs and the tests cannot
 * drift.
 */
final class Docs {
  static final Path README = Processes.ROOT.resolve("README.md");
  static final Path DOCS = Processes.ROOT.resolve("docs");
  static final Path SITE = Processes.ROOT.resolve("mkdocs.yml");
  /** The tutorial: the whole walk through one approval that README's shorter one is taken from. */
  static final Path TUTORIAL = DOCS.resolve("getting-started.md");

  private static final Pattern NAV_PAGE = Pattern.compile(":\\s+(\\S+\\.md)\\s*$");

  /** One command line of a {@code ```bash} block, with its page and {@code #}-heading. */
  record Recipe(Path page, String section, String line) {
    @Override
    public String toString() {
      return line + "   (" + Processes.ROOT.relativize(page) + ", " + section + ")";
    }
  }

  private Docs() {}

  /** README.md, then every page of the site's navigation, in its order. */
  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(README));
    for (String line : Files.readAllLines(SITE)) {
      Matcher page = NAV_PAGE.matcher(line);
      if (page.find()) {
        pages.add(DOCS.resolve(page.group(1)));
      }
    }
    return pages;
  }

  /** Every line of every page's {@code ```bash} blocks that starts with one of {@code prefixes}. */
  static List<Recipe> recipes(String... prefixes) throws IOException {
    List<Recipe> recipes = new ArrayList<>();
    for (Path page : pages()) {
      recipes.addAll(recipes(page, prefixes));
    }
    return recipes;
  }

  /** The lines of one page's {@code ```bash} blocks that start with one of {@code prefixes}, in order. */
  static List<Recipe> recipes(Path page, String... prefixes) throws IOException {
    List<Recipe> recipes = new ArrayList<>();
    String section = "(top)";
    boolean inBash = false;
    StringBuilder continued = null;
    for (String line : Files.readAllLines(page)) {
      if (!inBash && line.startsWith("#")) {
        section = line.replaceFirst("^#+\\s*", "");
      } else if (!inBash && line.strip().equals("```bash")) {
        inBash = true;
      } else if (inBash && line.strip().equals("```")) {
        inBash = false;
      } else if (inBash) {
        String text = line.strip();
        if (continued != null) {
          continued.append('\n').append(line);
          if (!text.endsWith("\\")) {
            recipes.add(new Recipe(page, section, continued.toString()));
            continued = null;
          }
        } else if (List.of(prefixes).stream().anyMatch(text::startsWith)) {
          if (text.endsWith("\\")) {
            continued = new StringBuilder(text);
          } else {
            recipes.add(new Recipe(page, section, text));
          }
        }
      }
    }
    return recipes;
  }

  /** One {@code $ } line of a {@code ```console} block, and the lines shown after it up to the next. */
  record Session(String line, List<String> shown) {}

  /** The {@code ```console} lines of one page that start {@code $ prefix}, each with the output shown. */
  static List<Session> sessions(Path page, String prefix) throws IOException {
    List<Session> sessions = new ArrayList<>();
    boolean inConsole = false;
    List<String> shown = null;
    for (String line : Files.readAllLines(page)) {
      if (!inConsole && line.strip().equals("```console")) {
        inConsole = true;
      } else if (inConsole && line.strip().equals("```")) {
        inConsole = false;
        shown = null;
      } else if (inConsole && line.startsWith("$ ")) {
        shown = null;
        if (line.startsWith("$ " + prefix)) {
          shown = new ArrayList<>();
          sessions.add(new Session(line.substring(2), shown));
        }
      } else if (shown != null) {
        shown.add(line);
      }
    }
    return sessions;
  }

  /**
   * One line a reader runs, in page order: a {@code ```bash} line ({@code shown} null: it must
   * succeed) or a {@code $ } line of a {@code ```console} block with the output shown after it.
   */
  record Step(Recipe recipe, List<String> shown) {}

  /** The lines of one page starting with {@code prefix}, bash and console blocks alike, in order. */
  static List<Step> walk(Path page, String prefix) throws IOException {
    List<Step> steps = new ArrayList<>();
    String section = "(top)";
    String fence = null;
    StringBuilder continued = null;
    List<String> shown = null;
    for (String line : Files.readAllLines(page)) {
      String text = line.strip();
      if (fence == null && line.startsWith("#")) {
        section = line.replaceFirst("^#+\\s*", "");
      } else if (fence == null && (text.equals("```bash") || text.equals("```console"))) {
        fence = text.substring(3);
      } else if (fence != null && text.equals("```")) {
        fence = null;
        shown = null;
      } else if ("console".equals(fence) && line.startsWith("$ ")) {
        shown = null;
        if (line.startsWith("$ " + prefix)) {
          shown = new ArrayList<>();
          steps.add(new Step(new Recipe(page, section, line.substring(2)), shown));
        }
      } else if ("console".equals(fence)) {
        if (shown != null) {
          shown.add(line);
        }
      } else if (fence != null && continued != null) {
        continued.append('\n').append(line);
        if (!text.endsWith("\\")) {
          steps.add(new Step(new Recipe(page, section, continued.toString()), null));
          continued = null;
        }
      } else if (fence != null && text.startsWith(prefix)) {
        if (text.endsWith("\\")) {
          continued = new StringBuilder(text);
        } else {
          steps.add(new Step(new Recipe(page, section, text), null));
        }
      }
    }
    return steps;
  }

  /** The bodies of every page's fenced blocks in one of {@code languages} ({@code json}, {@code yaml}). */
  static List<String> blocks(String... languages) throws IOException {
    List<String> blocks = new ArrayList<>();
    for (Path page : pages()) {
      StringBuilder block = null;
      for (String line : Files.readAllLines(page)) {
        String fence = line.strip();
        if (block == null && fence.startsWith("```") && List.of(languages).contains(fence.substring(3))) {
          block = new StringBuilder();
        } else if (block != null && line.strip().equals("```")) {
          blocks.add(block.toString());
          block = null;
        } else if (block != null) {
          block.append(line).append('\n');
        }
      }
    }
    return blocks;
  }
}
