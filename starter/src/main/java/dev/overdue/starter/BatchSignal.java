package dev.overdue.starter;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.client.ConnectionProblems;
import dev.overdue.client.WorkList;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.batch.v1.BatchOperationSignal;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.enums.v1.BatchOperationState;
import io.temporal.api.workflowservice.v1.DescribeBatchOperationRequest;
import io.temporal.api.workflowservice.v1.DescribeBatchOperationResponse;
import io.temporal.api.workflowservice.v1.StartBatchOperationRequest;
import io.temporal.client.WorkflowClient;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A command as a Signal to every approval a list filter selects, by one of Temporal's own batch
 * operations: the server lists the approvals and signals each, at its own pace (a dev server's
 * default is 50 a second), and goes on if this command is interrupted. The CLI waits for the job
 * and reports its counts; a signal has no answer, so whether each approval accepted the command
 * shows only in its history.
 */
final class BatchSignal {
  private static final long POLL_MILLIS = 500;
  private static final int REASON_MAX = 1_000;

  private final Session session;
  private final Printer printer;
  private final String name;
  /** {@link Printer#sentences}. */
  private final PrintWriter out;

  /** With {@code -o json}: the job's figures as one document when it ends. */
  private final boolean json;

  /** The job's figures, as {@code -o json} prints them. */
  record Document(String command, String jobId, String state, long total, long signalled, long failed, double seconds) {}

  BatchSignal(Session session, Printer printer, String name) {
    this.session = session;
    this.printer = printer;
    this.name = name;
    this.out = printer.sentences();
    this.json = printer.json();
  }

  /**
   * Starts the job over {@code list}'s filter and waits until it ends.
   *
   * @param listed how many approvals the filter matched when the CLI listed them
   * @return 0 when every approval was signalled, 3 when some could not be
   */
  int run(WorkList list, ApprovalCommand command, int listed)
      throws InterruptedException, JsonProcessingException {
    WorkflowClient client = session.client();
    String namespace = client.getOptions().getNamespace();
    String jobId = "overdue-" + command.name() + "-" + UUID.randomUUID();
    // Signed, when the CLI has a token: the batch job sends this one input to every approval.
    Payloads input =
        client
            .getOptions()
            .getDataConverter()
            .toPayloads(session.steering().signed(command.input()))
            .orElseThrow();
    StartBatchOperationRequest request =
        StartBatchOperationRequest.newBuilder()
            .setNamespace(namespace)
            .setJobId(jobId)
            .setVisibilityQuery(list.query())
            .setReason(
                Table.shorten("overdue " + name + " --signal --query " + list.query(), REASON_MAX))
            .setSignalOperation(
                BatchOperationSignal.newBuilder()
                    .setSignal(command.name())
                    .setInput(input)
                    .setIdentity(client.getOptions().getIdentity()))
            .build();
    long started = System.nanoTime();
    try {
      client.getWorkflowServiceStubs().blockingStub().startBatchOperation(request);
    } catch (StatusRuntimeException e) {
      String said = String.valueOf(e.getStatus().getDescription());
      if (e.getStatus().getCode() == Status.Code.RESOURCE_EXHAUSTED
          || said.contains("Max concurrent batch operations")) {
        throw new CliError(
            ExitCodes.UNAVAILABLE,
            session.service()
                + " runs a limited number of batch operations at a time (one, by default) and"
                + " is busy: wait for the running one (`temporal batch list`), or send updates"
                + " (without --signal)");
      }
      throw e;
    }
    out.println(
        "signalling "
            + name
            + " "
            + command.input()
            + " to the running approvals that match "
            + list.query()
            + " ("
            + listed
            + " just now)");
    out.println(
        "by Temporal batch job "
            + jobId
            + ": it runs in the server and goes on if this command is interrupted (`temporal"
            + " batch describe --job-id "
            + jobId
            + "`)");
    out.flush();
    AtomicReference<DescribeBatchOperationResponse> last = new AtomicReference<>();
    try (ProgressLine progress =
        printer.progress(() -> status(last.get(), listed, System.nanoTime() - started))) {
      while (true) {
        DescribeBatchOperationResponse job = describe(client, namespace, jobId);
        if (job != null) {
          last.set(job);
          if (job.getState() != BatchOperationState.BATCH_OPERATION_STATE_RUNNING
              && job.getState() != BatchOperationState.BATCH_OPERATION_STATE_UNSPECIFIED) {
            break;
          }
        }
        Thread.sleep(POLL_MILLIS);
      }
    }
    DescribeBatchOperationResponse job = last.get();
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    long total = job.getTotalOperationCount();
    long signalled = job.getCompleteOperationCount();
    long failed = job.getFailureOperationCount();
    double seconds = took.toMillis() / 1000.0;
    if (json) {
      printer.printJson(
          new Document(name, jobId, job.getState().name().replace("BATCH_OPERATION_STATE_", ""),
              total, signalled, failed, seconds));
    }
    out.println(
        String.format(
            Locale.ROOT,
            "%s: %d approval%s, %d signalled, %d failed in %.1f s (%.1f approvals/s), by Temporal"
                + " batch job %s",
            name,
            total,
            total == 1 ? "" : "s",
            signalled,
            failed,
            seconds,
            (signalled + failed) / Math.max(seconds, 0.001),
            jobId));
    if (failed > 0) {
      out.println(
          String.format(
              "  failed   %d  not signalled by the batch job (an approval that ended after the"
                  + " filter matched it is one cause)",
              failed));
    }
    out.println(
        "each approval checks the signal on arrival: a refusal shows in `"
            + printer.command()
            + " history ID`, not here");
    if (job.getState() != BatchOperationState.BATCH_OPERATION_STATE_COMPLETED) {
      throw new CliError(
          ExitCodes.UNAVAILABLE,
          "Temporal batch job "
              + jobId
              + " ended "
              + job.getState().name().replace("BATCH_OPERATION_STATE_", "")
              + ": `temporal batch describe --job-id "
              + jobId
              + "`");
    }
    return failed > 0 ? ExitCodes.UNAVAILABLE : ExitCodes.DONE;
  }

  /** The job, or null while the server does not know it yet (just after it was started). */
  private static DescribeBatchOperationResponse describe(
      WorkflowClient client, String namespace, String jobId) {
    try {
      return client
          .getWorkflowServiceStubs()
          .blockingStub()
          .withDeadlineAfter(10, TimeUnit.SECONDS)
          .describeBatchOperation(
              DescribeBatchOperationRequest.newBuilder()
                  .setNamespace(namespace)
                  .setJobId(jobId)
                  .build());
    } catch (RuntimeException e) {
      StatusRuntimeException rpc = ConnectionProblems.find(e, StatusRuntimeException.class);
      if (rpc != null && rpc.getStatus().getCode() == Status.Code.NOT_FOUND) {
        return null;
      }
      throw e;
    }
  }

  /** {@code suspend: batch job running, 1000 approvals, 340 signalled 7 s} */
  private String status(DescribeBatchOperationResponse job, int listed, long elapsedNanos) {
    long total =
        job == null || job.getTotalOperationCount() == 0 ? listed : job.getTotalOperationCount();
    long done = job == null ? 0 : job.getCompleteOperationCount() + job.getFailureOperationCount();
    return String.format(
        Locale.ROOT,
        "%s %s batch job running: %d/%d signalled, %d s",
        name,
        ProgressLine.bar((int) done, (int) total, 10),
        done,
        total,
        TimeUnit.NANOSECONDS.toSeconds(elapsedNanos));
  }
}
