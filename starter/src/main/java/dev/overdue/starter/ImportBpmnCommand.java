package dev.overdue.starter;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.bpmn.BpmnImport;
import dev.overdue.bpmn.BpmnImportException;
import dev.overdue.bpmn.ImportedRequest;
import dev.overdue.bpmn.LinkedForms;
import dev.overdue.bpmn.Placeholders;
import dev.overdue.bpmn.Unmapped;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code overdue import-bpmn}: a Camunda 7 or 8 model as a request file ({@link BpmnImport}). What
 * it writes passes the checks {@code validate} runs ({@link RequestProblems}) once its placeholders
 * are filled in, which it lists; it never connects to Temporal.
 */
@Command(
    name = "import-bpmn",
    mixinStandardHelpOptions = true,
    description = {
      "Write the request a BPMN 2.0 approval model maps onto, from Camunda 7 (camunda:) or Camunda 8"
          + " (zeebe:) extensions: user tasks become steps, their timers deadlines, the gateway after"
          + " a task its outcomes; a comment on each part names the BPMN element it came from.",
      "Prints the request as YAML (or writes it with --write) and lists, by element id and kind,"
          + " what it could not map and why. When such an element sits on a user task's path it"
          + " writes nothing and exits 1, unless --partial. Camunda 8's linked forms are read from"
          + " the .form files next to FILE.",
      "The mapping, element by element: docs/guide/migrate-from-camunda.md"
    },
    sortOptions = false)
final class ImportBpmnCommand extends CliCommand {
  @Parameters(paramLabel = "FILE", description = "The .bpmn file, as Camunda Modeler saves it.")
  Path file;

  @Option(names = "--process", paramLabel = "ID", description = "The process to import, when the file has several.")
  String process;

  @Option(
      names = "--write",
      paramLabel = "FILE",
      description = "Write the request to FILE (YAML) instead of standard output; the report then goes to standard output.")
  Path write;

  @Option(
      names = "--request-type",
      paramLabel = "FILE",
      description = "Also write it as a request type (JSON) for the inbox's New request page: put FILE in the"
          + " inbox's request types folder (OVERDUE_INBOX_REQUEST_TYPES).")
  Path requestType;

  @Option(
      names = "--partial",
      description = "Write what maps even when parts on a user task's path do not (they are listed).")
  boolean partial;

  private String requestId;

  @Override
  String approvalId() {
    return requestId;
  }

  /** What {@code -o json} prints. */
  record Report(
      String processId, String platform, int steps, boolean written, String file, JsonNode request,
      List<Unmapped> unmapped, List<String> problems) {}

  @Override
  void execute() throws Exception {
    ImportedRequest imported = read();
    JsonNode request = imported.json();
    requestId = StartCommand.requestIdOf(request);
    List<String> problems =
        RequestProblems.refusal(request, List.of(), Instant.now(), false).map(p -> p.lines().toList()).orElse(List.of());
    boolean refused = !partial && (imported.blocked() || !problems.isEmpty());
    if (!refused && write != null) {
      Files.writeString(write, imported.yaml());
    }
    if (!refused && requestType != null) {
      Files.writeString(requestType, Printer.JSON.writeValueAsString(imported.requestType()) + "\n");
    }
    if (json()) {
      printJson(new Report(imported.processId(), imported.platform(), imported.steps(), !refused,
          write == null ? null : write.toString(), request, imported.unmapped(), problems));
    } else {
      if (!refused && write == null) {
        out().print(imported.yaml());
      }
      report(imported, problems, refused, write == null || refused ? err() : out());
    }
    if (refused) {
      exitCode = ExitCodes.REFUSED;
    }
  }

  private ImportedRequest read() throws BpmnImportException, IOException {
    try (InputStream in = Files.newInputStream(file)) {
      Path directory = Optional.ofNullable(file.toAbsolutePath().getParent()).orElse(Path.of("."));
      return BpmnImport.read(in, process, file.getFileName().toString(), LinkedForms.in(directory));
    } catch (NoSuchFileException e) {
      throw new CliError(ExitCodes.REFUSED, "cannot read " + file + ": no such file");
    } catch (BpmnImportException e) {
      throw new CliError(ExitCodes.REFUSED, e.getMessage());
    }
  }

  private void report(ImportedRequest imported, List<String> problems, boolean refused, PrintWriter to) {
    List<Unmapped> blocking = imported.unmapped().stream().filter(Unmapped::blocks).toList();
    List<Unmapped> other = imported.unmapped().stream().filter(u -> !u.blocks()).toList();
    String what = "process " + imported.processId() + " (" + imported.platform() + ") from " + file.getFileName();
    if (refused) {
      to.println("refused: " + what + " does not map onto a request as it stands; nothing written"
          + (blocking.isEmpty() ? "" : " (--partial writes what maps)"));
    } else {
      to.println("imported " + what + ": " + imported.steps() + " step" + (imported.steps() == 1 ? "" : "s")
          + (write == null ? "" : " → " + write) + (requestType == null ? "" : " (request type → " + requestType + ")"));
    }
    section(to, "on a user task's path, not mapped:", blocking);
    section(to, "done Overdue's way or left out:", other);
    if (!refused) {
      List<String> gaps = Placeholders.in(imported.json()).stream().map(Placeholders.Gap::problem).toList();
      if (!gaps.isEmpty()) {
        to.println("to fill in before validate and start accept it:");
        gaps.forEach(gap -> to.println("  " + gap));
      }
    }
    if (!problems.isEmpty()) {
      to.println("what was written does not pass validate:");
      problems.forEach(p -> to.println("  " + p));
    }
    to.flush();
  }

  private static void section(PrintWriter to, String title, List<Unmapped> unmapped) {
    if (!unmapped.isEmpty()) {
      to.println(title);
      unmapped.forEach(u -> to.println("  " + u.line()));
    }
  }
}
