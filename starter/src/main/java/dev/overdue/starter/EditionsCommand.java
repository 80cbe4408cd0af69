package dev.overdue.starter;

import dev.overdue.client.RunningEditions;
import dev.overdue.client.WorkList;
import dev.overdue.model.process.Edition;
import dev.overdue.workflow.Versions;
import io.temporal.client.WorkflowClient;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine.Command;

/**
 * How many running approvals run by each {@link Edition}, and how many by one retired at 1.0: what
 * retiring one waits for (docs/design/editions.md). The editions are read by {@link
 * RunningEditions}: from TemporalChangeVersion, or for a run without it from its history.
 */
@Command(
    name = "editions",
    mixinStandardHelpOptions = true,
    description = {
      "Count the running approvals by edition (the way each runs: docs/design/editions.md);"
          + " \"retired\" counts those of an edition retired at 1.0, which a 1.0 worker cannot run.",
      "By their TemporalChangeVersion search attribute; those started before it existed by the"
          + " version markers at the start of their history, one call each. Needs a Temporal"
          + " server with a visibility store (bin/dev-server)."
    })
final class EditionsCommand extends ManyApprovalsCommand {
  /** What the edition column says of a run of an edition retired at 1.0. */
  static final String RETIRED = "retired";

  /** Running approvals of one edition ("1.0", or "retired"), and how many were read from their history. */
  record Count(String edition, long running, long fromHistory) {}

  @Override
  void execute() throws Exception {
    WorkList running = new WorkList();
    List<Count> counts = ListCommand.listing(session(), running, () -> count(session().client(), running.query()));
    if (json()) {
      printJson(counts);
      return;
    }
    Table table = Table.of("EDITION", "RUNNING", "WITHOUT TEMPORALCHANGEVERSION");
    counts.forEach(c -> table.row(c.edition(), String.valueOf(c.running()), String.valueOf(c.fromHistory())));
    if (table.isEmpty()) {
      out().println("no approvals match " + running.query());
    } else {
      table.print(out());
    }
  }

  /** The editions of the approvals {@code query} lists, newest first, the retired ones last. */
  static List<Count> count(WorkflowClient client, String query) {
    Map<Edition, long[]> counts = new EnumMap<>(Edition.class);
    long[] retired = new long[2];
    try (Stream<RunningEditions.Run> runs = RunningEditions.list(client, query)) {
      runs.forEach(
          run -> {
            long[] count = Versions.editionOf(run).map(e -> counts.computeIfAbsent(e, k -> new long[2])).orElse(retired);
            count[0]++;
            count[1] += run.fromHistory() ? 1 : 0;
          });
    }
    List<Count> listed = new ArrayList<>();
    counts.forEach((edition, count) -> listed.add(0, new Count(edition.label(), count[0], count[1])));
    if (retired[0] > 0) {
      listed.add(new Count(RETIRED, retired[0], retired[1]));
    }
    return listed;
  }
}
