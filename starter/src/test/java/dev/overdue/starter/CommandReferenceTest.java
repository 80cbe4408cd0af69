package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.Declarations;
import dev.overdue.api.Declared;
import dev.overdue.api.Input;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The reference tables that list the commands say what the contract declares ({@link Declared} on
 * {@link ApprovalCommand}'s records): every declared command has its row with its fields, and no
 * row names a command that is not declared. The CLI's table is written from the declaration:
 * {@code -Doverdue.writeDocs=true} writes it again into docs/reference/cli.md.
 */
class CommandReferenceTest {
  private static final Path REFERENCE = Docs.DOCS.resolve("reference");
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theContractsTableHasARowForEveryCommandWithItsFields() throws IOException {
    Map<String, String> rows = rows(REFERENCE.resolve("approval-contract.md"), "| command (Signal and Update name) | input |");
    assertEquals(ApprovalCommand.ALL.keySet(), rows.keySet(), "the commands of approval-contract.md's table");
    rows.forEach((name, input) -> {
      List<String> fields = ApprovalCommand.fields(name);
      for (String field : fields) {
        assertTrue(input.contains("\"" + field + "\""), name + "'s row names its field " + field + ": " + input);
      }
      for (String key : exampleKeys(input)) {
        assertTrue(fields.contains(key), name + "'s row shows a field " + key + " it does not take: " + input);
      }
    });
  }

  @Test
  void theTaskApisTableHasARowForEveryActionWithItsBody() throws IOException {
    Map<String, String> rows = new LinkedHashMap<>();
    Pattern post = Pattern.compile("^\\| `POST /approvals/\\{id}/([^`]+)`((?:, `/[^`]+`)*) \\| ([^|]*) \\|");
    for (String line : Files.readAllLines(REFERENCE.resolve("http-api.md"))) {
      Matcher row = post.matcher(line);
      if (row.find()) {
        List<String> paths = new ArrayList<>(List.of(row.group(1)));
        Matcher more = Pattern.compile("`/([^`]+)`").matcher(row.group(2));
        while (more.find()) {
          paths.add(more.group(1));
        }
        paths.forEach(path -> rows.put(path, row.group(3)));
      }
    }
    Map<String, Class<? extends ApprovalCommand>> actions = new LinkedHashMap<>();
    ApprovalCommand.ALL.values().stream()
        .filter(type -> Declarations.http(type) != null)
        .forEach(type -> actions.put(Declarations.http(type).path(), type));
    assertEquals(new TreeSet<>(actions.keySet()), new TreeSet<>(rows.keySet()), "the actions of http-api.md's table");
    actions.forEach((path, type) -> assertEquals(body(type), bodyOf(rows.get(path)), path + "'s body in http-api.md"));
  }

  @Test
  void theClisTableIsTheDeclarations() throws IOException {
    Path page = REFERENCE.resolve("cli.md");
    String text = Files.readString(page);
    String table = cliTable();
    int start = text.indexOf(CLI_TABLE_HEAD);
    assertTrue(start >= 0, "cli.md has the table of steering commands, headed " + CLI_TABLE_HEAD);
    int end = text.indexOf("\n\n", start);
    String written = text.substring(start, end < 0 ? text.length() : end + 1);
    if (Boolean.getBoolean("overdue.writeDocs")) {
      Files.writeString(page, text.replace(written, table));
      written = table;
    }
    assertEquals(table, written, "docs/reference/cli.md's table of steering commands: write it with -Doverdue.writeDocs=true");
  }

  private static final String CLI_TABLE_HEAD = "| command | arguments and options | sends |";

  /** One row a steering command: its positionals and options (required ones bare), the Update it sends. */
  private static String cliTable() {
    StringBuilder table = new StringBuilder(CLI_TABLE_HEAD).append("\n|---|---|---|\n");
    ApprovalCommand.ALL.forEach((name, type) -> {
      Declared declared = Declarations.of(type);
      List<String> words = new ArrayList<>(List.of("ID"));
      List<String> options = new ArrayList<>();
      List<String> oneOf = new ArrayList<>();
      for (RecordComponent field : Declarations.fields(type)) {
        Input input = Declarations.input(field);
        if (input.positional()) {
          words.add(input.label());
          continue;
        }
        String label = field.getType() == List.class ? input.label() + "[," + input.label() + "...]" : input.label();
        String option = SteeringCommand.option(field) + " " + label;
        if (List.of(declared.oneOf()).contains(field.getName())) {
          if (oneOf.isEmpty()) {
            options.add(null); // the group's place
          }
          oneOf.add(option);
        } else {
          options.add(input.required() ? option : "[" + option + "]");
        }
      }
      options.replaceAll(option -> option == null ? "(" + String.join(" \\| ", oneOf) + ")" : option);
      String arguments = String.join(" ", words) + (options.isEmpty() ? "" : " " + String.join(" ", options));
      table.append("| `").append(declared.cli()).append("` | `").append(arguments).append("` | `")
          .append(name).append("` |\n");
    });
    return table.toString();
  }

  /** The first column's names (`a`, `b`) to the second column, of the table under {@code head}. */
  private static Map<String, String> rows(Path page, String head) throws IOException {
    List<String> lines = Files.readAllLines(page);
    int at = lines.indexOf(head);
    assertTrue(at >= 0, page + " has a table headed " + head);
    Map<String, String> rows = new LinkedHashMap<>();
    for (String line : lines.subList(at + 2, lines.size())) {
      if (!line.startsWith("|")) {
        break;
      }
      String[] cells = line.split(" \\| ", 2);
      Matcher name = Pattern.compile("`(\\w+)`").matcher(cells[0]);
      while (name.find()) {
        rows.put(name.group(1), cells[1]);
      }
    }
    return rows;
  }

  /** The fields of the JSON objects a row shows as examples, at their top level. */
  private static Set<String> exampleKeys(String row) {
    String text = row.replace("{…}", "{}").replace("\"…\"", "\"\"");
    Set<String> keys = new TreeSet<>();
    int depth = 0;
    int start = -1;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '{' && depth++ == 0) {
        start = i;
      } else if (c == '}' && --depth == 0) {
        try {
          JsonNode example = JSON.readTree(text.substring(start, i + 1));
          example.fieldNames().forEachRemaining(keys::add);
        } catch (IOException e) {
          throw new AssertionError("not JSON in " + row, e);
        }
      }
    }
    return keys;
  }

  /** A body as http-api.md writes it: {@code {outcome, comment?, output?}}, fields sorted. */
  private static String body(Class<? extends ApprovalCommand> type) {
    return Declarations.fields(type).stream()
        .filter(field -> !Declarations.isSender(field))
        .map(field -> field.getName() + (Declarations.input(field).required() ? "" : "?"))
        .sorted()
        .collect(Collectors.joining(", ", "{", "}"));
  }

  /** The body a row names: its first {@code {…}}, each field's name and its {@code ?}. */
  private static String bodyOf(String cell) {
    Matcher body = Pattern.compile("`\\{([^`]*)}`").matcher(cell);
    assertTrue(body.find(), "a body in " + cell);
    List<String> fields = new ArrayList<>();
    int depth = 0;
    StringBuilder field = new StringBuilder();
    for (char c : (body.group(1) + ",").toCharArray()) {
      depth += c == '[' ? 1 : c == ']' ? -1 : 0;
      if (c == ',' && depth == 0) {
        fields.add(field.toString().strip().replaceAll("^(\\w+\\??).*", "$1"));
        field.setLength(0);
      } else {
        field.append(c);
      }
    }
    return fields.stream().sorted().collect(Collectors.joining(", ", "{", "}"));
  }
}
