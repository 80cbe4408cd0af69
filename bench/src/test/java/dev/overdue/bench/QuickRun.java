package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine;

/** One bench run in this JVM for an IT: what it printed (echoed to the test's output) and its last line's JSON. */
record QuickRun(List<String> lines, JsonNode json) {
  static QuickRun of(String... args) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = System.out;
    int exit;
    try (PrintStream captured = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      System.setOut(captured);
      exit = new CommandLine(new BenchCli()).execute(args);
    } finally {
      System.setOut(out);
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);
    out.print(printed);
    assertEquals(0, exit, printed);
    List<String> lines = printed.strip().lines().toList();
    return new QuickRun(lines, new ObjectMapper().readTree(lines.get(lines.size() - 1)));
  }

  String printed() {
    return String.join("\n", lines);
  }
}
