package dev.overdue.worker.index;

import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.client.Connection;
import dev.overdue.index.TaskIndex;
import dev.overdue.index.TaskIndexes;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionMetadata;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowQueryException;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/overdue index verify} and {@code rebuild}: the task index against the approvals'
 * own state (docs/guide/work-lists.md). The approvals are listed by Temporal's visibility store and
 * each is asked with the {@code indexed} query; the index is never the authority.
 */
@Command(
    name = "overdue index",
    mixinStandardHelpOptions = true,
    description = "The task index against the approvals: verify names each drift, rebuild mends it.",
    subcommands = {IndexCommand.Verify.class, IndexCommand.Rebuild.class},
    footer = {
      "",
      "Connection settings are Temporal's (TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, a profile), as for the",
      "worker; the index is OVERDUE_TASK_INDEX's (default ~/.overdue/task-index.db), as the worker's."
    })
public final class IndexCommand {
  static final String RUNNING =
      "WorkflowType = '" + ApprovalWorkflow.TYPE + "' AND ExecutionStatus = 'Running'";

  public static void main(String[] args) {
    System.exit(new CommandLine(new IndexCommand()).execute(args));
  }

  /** What both subcommands take. */
  abstract static class Check implements Callable<Integer> {
    @Option(names = "--task-index", paramLabel = "FILE|URL",
        description = "The index: an SQLite file or a PostgreSQL JDBC URL (env OVERDUE_TASK_INDEX; default ~/.overdue/task-index.db).",
        defaultValue = "${env:OVERDUE_TASK_INDEX}")
    String taskIndex;

    @Option(names = "--batch", paramLabel = "N", defaultValue = "200",
        description = "Approvals asked, and index rows read, at a time (default ${DEFAULT-VALUE}).")
    int batch;

    PrintStream out = System.out;

    abstract boolean mend();

    /** The running approvals to compare, by workflow id. */
    List<String> running(WorkflowClient client) {
      try (Stream<WorkflowExecutionMetadata> listed = client.listExecutions(RUNNING)) {
        return listed.map(execution -> execution.getExecution().getWorkflowId()).distinct().toList();
      }
    }

    @Override
    public Integer call() {
      if (batch < 1 || batch > 10_000) {
        throw new CommandLine.ParameterException(new CommandLine(this), "--batch is 1 to 10000: " + batch);
      }
      Connection connection = Connection.load();
      WorkflowServiceStubs stubs = connection.serviceStubs();
      try (TaskIndex index = TaskIndexes.open(TaskIndexes.location(taskIndex))) {
        WorkflowClient client = connection.client(stubs);
        IndexCheck check = new IndexCheck(workflowId -> indexed(client, workflowId), index, batch);
        IndexCheck.Result result = check.run(running(client), mend(), line -> System.err.println(line));
        result.drifts().forEach(drift -> out.println(drift.line()));
        out.println(summary(result, index.where()));
        return mend() || result.drifts().isEmpty() ? 0 : 1;
      } finally {
        stubs.shutdown();
      }
    }

    String summary(IndexCheck.Result result, String where) {
      String drifts = result.drifts().size() == 1 ? "1 drift" : result.drifts().size() + " drifts";
      return "checked " + result.checked() + " approvals against the task index at " + where + ": " + drifts
          + (mend() ? ", " + result.written() + " rows written" : "");
    }
  }

  @Command(name = "verify", mixinStandardHelpOptions = true,
      description = "Compares the index with the approvals and prints each drift (missing, behind, differs);"
          + " exit code 1 when there is any.")
  static final class Verify extends Check {
    @Option(names = "--sample", paramLabel = "N",
        description = "Compare N running approvals chosen at random (and every open row of the index) instead of all.")
    Integer sample;

    @Override
    boolean mend() {
      return false;
    }

    @Override
    List<String> running(WorkflowClient client) {
      List<String> all = super.running(client);
      if (sample == null || sample >= all.size()) {
        return all;
      }
      List<String> shuffled = new ArrayList<>(all);
      Collections.shuffle(shuffled, new Random());
      return shuffled.subList(0, Math.max(0, sample));
    }
  }

  @Command(name = "rebuild", mixinStandardHelpOptions = true,
      description = "Writes each approval's row where the index drifted from it, in batches; run it again after"
          + " an interruption and it redoes only what is still wrong.")
  static final class Rebuild extends Check {
    @Override
    boolean mend() {
      return true;
    }
  }

  /**
   * What approval {@code workflowId} says its row is; null when it cannot be asked: deleted
   * meanwhile, or still starting (its first workflow task writes its row).
   */
  static IndexedApproval indexed(WorkflowClient client, String workflowId) {
    try {
      return client.newUntypedWorkflowStub(workflowId).query("indexed", IndexedApproval.class);
    } catch (WorkflowNotFoundException gone) {
      return null;
    } catch (WorkflowQueryException refused) {
      if (String.valueOf(rootMessage(refused)).contains("is starting")) {
        return null;
      }
      throw refused;
    }
  }

  private static String rootMessage(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root.getMessage();
  }
}
