package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.CliHarness.Run;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.temporal.api.workflowservice.v1.ListWorkflowExecutionsRequest;
import io.temporal.api.workflowservice.v1.ListWorkflowExecutionsResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code overdue list --query}: a filter the server cannot read is a usage error (exit 2) with the
 * server's reason; a server that does not answer stays "Temporal unavailable" (exit 3). The server
 * here answers every list call with the status a test sets, as a Temporal server with visibility
 * would answer such a filter.
 */
class ListFilterTest {
  /** What Temporal 1.2x answers for an attribute the namespace does not have. */
  private static final String UNKNOWN_ATTRIBUTE =
      "invalid query: unable to convert filter expression: unable to convert left side of"
          + " \"Foo = 1\": invalid search attribute: Foo";

  private final List<String> queries = new CopyOnWriteArrayList<>();
  private volatile Status answer;
  private final FakeTemporal server =
      new FakeTemporal(
          new FakeTemporal.Server() {
            @Override
            public void listWorkflowExecutions(
                ListWorkflowExecutionsRequest request,
                StreamObserver<ListWorkflowExecutionsResponse> response) {
              queries.add(request.getQuery());
              response.onError(answer.asRuntimeException());
            }
          });

  @AfterEach
  void stopServer() {
    server.close();
  }

  private Run list(String... args) {
    String[] line = new String[args.length + 1];
    line[0] = "list";
    System.arraycopy(args, 0, line, 1, args.length);
    return CliHarness.run(server.client(), line);
  }

  @Test
  void aFilterTheServerCannotReadIsAUsageErrorWithItsReason() {
    answer = Status.INVALID_ARGUMENT.withDescription(UNKNOWN_ATTRIBUTE);

    Run run = list("--query", "Foo = 1").expect(ExitCodes.USAGE);

    assertEquals("", run.out());
    assertEquals(1, run.err().lines().count(), run.err());
    assertTrue(run.err().startsWith("invalid list filter: " + UNKNOWN_ATTRIBUTE), run.err());
    assertTrue(run.err().contains("AND (Foo = 1))"), run.err());
    assertEquals(1, queries.size(), "a refused filter is not retried: " + queries);
  }

  @Test
  void aServerThatDoesNotAnswerIsStillUnavailable() {
    answer = Status.UNAVAILABLE.withDescription("connection refused");

    Run run = list("--query", "HasWarnings = true").expect(ExitCodes.UNAVAILABLE);

    assertTrue(run.err().startsWith("cannot reach "), run.err());
  }
}
