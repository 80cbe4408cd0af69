package dev.overdue.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The shell recipes of README.md, read from the file so that README and tests cannot drift. */
final class Readme {
  static final Path FILE = Processes.ROOT.resolve("README.md");

  /** One command line of a {@code ```bash} block, under its {@code #}-heading. */
  record Recipe(String section, String line) {
    @Override
    public String toString() {
      return line + "   (README, " + section + ")";
    }
  }

  private Readme() {}

  /** Every line of every {@code ```bash} block that starts with one of {@code prefixes}, in README order. */
  static List<Recipe> recipes(String... prefixes) throws IOException {
    List<Recipe> recipes = new ArrayList<>();
    String section = "(top)";
    boolean inBash = false;
    StringBuilder continued = null;
    for (String line : Files.readAllLines(FILE)) {
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
            recipes.add(new Recipe(section, continued.toString()));
            continued = null;
          }
        } else if (List.of(prefixes).stream().anyMatch(text::startsWith)) {
          if (text.endsWith("\\")) {
            continued = new StringBuilder(text);
          } else {
            recipes.add(new Recipe(section, text));
          }
        }
      }
    }
    return recipes;
  }
}
