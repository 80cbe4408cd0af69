package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code overdue validate --file}: the checks {@code start --file} runs, and nothing else. The
 * file is read as {@code start} reads it ({@link RequestFiles}) and checked by the same rules
 * ({@link RequestProblems}, which {@code start} runs as {@link Session#REQUEST_CHECK}), so
 * "valid" means {@code start} would start it; it never connects to Temporal (see {@link
 * Commands#connects}), so it works offline and in CI.
 */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Check a request file as start --file does, without starting it or connecting to Temporal.",
      "Prints 'valid: <requestId> (N steps, M timers)', or exits 1 with the problems numbered:"
          + " every unknown field (with the field it was probably meant to be), then every rule"
          + " the rest breaks, or else the first value of the wrong shape, and with --config"
          + " every name the directory lacks.",
      "Editors check and complete request files with docs/schema/approval-request.schema.json."
    },
    sortOptions = false)
final class ValidateCommand extends CliCommand {
  @Option(
      names = "--file",
      required = true,
      paramLabel = "FILE",
      description = "The request as JSON, or YAML (.yaml, .yml); - reads either from standard input.")
  String file;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "The worker's configuration file: the request's candidate groups and the users and groups its"
              + " reassignments name are checked against its directory too, as start --config does.")
  String config;

  private String requestId;

  @Override
  String approvalId() {
    return requestId;
  }

  /** What {@code -o json} prints for a valid request; a refusal is a line on stderr, exit 1. */
  record Valid(boolean valid, String requestId, int steps, int timers) {}

  @Override
  void execute() throws JsonProcessingException {
    JsonNode request = RequestFiles.read(file, System.in);
    requestId = StartCommand.requestIdOf(request);
    Optional<String> refusal =
        RequestProblems.refusal(
            request, StartCommand.directoryProblems(request, config), Instant.now());
    if (refusal.isPresent()) {
      throw new CliError(ExitCodes.REFUSED, refusal.get());
    }
    int steps = request.path("steps").size();
    int timers = request.path("timers").size();
    if (json()) {
      printJson(new Valid(true, requestId, steps, timers));
      return;
    }
    out().println("valid: " + requestId + " (" + count(steps, "step") + ", " + count(timers, "timer") + ")");
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
