package dev.overdue.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The contract stays free of Temporal, so the inbox, the BPMN import and any other reader of the
 * shapes needs no SDK: no Temporal class on its classpath (a dependency added, even one that brings
 * the SDK along), and no Temporal import in its sources.
 */
class NoTemporalTest {
  @Test
  void noTemporalClassIsOnTheContractsClasspath() {
    for (String type : List.of(
        "io.temporal.client.WorkflowClient", // temporal-sdk
        "io.temporal.api.common.v1.Payload", // temporal-serviceclient, the protos
        "io.temporal.common.converter.DataConverter")) {
      assertThrows(ClassNotFoundException.class, () -> Class.forName(type), type + " is on the contract's classpath");
    }
  }

  @Test
  void noContractSourceImportsTemporal() throws IOException {
    Path sources = Path.of("src/main/java");
    try (Stream<Path> files = Files.walk(sources)) {
      List<Path> temporal = files.filter(f -> f.toString().endsWith(".java"))
          .filter(f -> read(f).contains("io.temporal."))
          .toList();
      assertEquals(List.of(), temporal, "contract sources that use Temporal");
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
