package dev.overdue.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.CommandResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import dev.overdue.model.request.RequestJson;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.failure.ApplicationFailure;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The client library as another Java application embeds it: typed commands, typed answers, a
 * typed refusal; and the Java guide's example, run as written.
 */
@Timeout(60)
class EmbeddedClientTest {
  /** The guide that shows the example. */
  static final Path GUIDE = Path.of("../docs/guide/java-client.md");
  static final Path EXAMPLE = Path.of("../docs/examples/po-4711.json");

  final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  /** The Java guide's example, between its markers: everything it prints goes to {@code out}. */
  static void readmeExample(WorkflowClient client, JsonNode request, PrintStream out) {
    // guide example: begin
    Approvals approvals = new Approvals(client);
    String id = approvals.start(request, "overdue");                      // approval-PO-4711
    approvals.update(id, new ApprovalCommand.Claim(null, "alice"));
    try {
      approvals.update(id, new ApprovalCommand.Approve("mallory", "ok"));
    } catch (RefusedException refused) {
      out.println("refused: " + refused.reason());                        // nothing changed
    }
    approvals.update(id, ApprovalCommand.ExtendDeadline.by("manager.completion", Duration.ofHours(12), "alice"));
    for (PlanEntry next : approvals.plan(id)) {
      out.println(next.at() + " " + next.timer() + " " + next.action() + " " + next.targets());
    }
    CommandResult done = approvals.update(id, new ApprovalCommand.Approve("alice", "within budget"));
    out.println(done.message());
    out.println(approvals.status(id).currentStep());                     // finance
    // guide example: end
  }

  @Test
  void theReadmeExampleRunsAsWritten() throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    readmeExample(
        t.env.getWorkflowClient(), new ObjectMapper().readTree(EXAMPLE.toFile()),
        new PrintStream(printed, true, StandardCharsets.UTF_8));
    List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();

    assertEquals("refused: mallory is not a potential owner of step manager (candidate users: alice, bob)", lines.get(0));
    assertTrue(lines.stream().anyMatch(l -> l.endsWith(" manager.completion warn []")), lines.toString());
    assertEquals("step manager approved by alice; approval is ACTIVE", lines.get(lines.size() - 2));
    assertEquals("finance", lines.get(lines.size() - 1));

    String guide = Files.readString(GUIDE);
    assertTrue(guide.contains(exampleSource()), "the Java guide's example differs from " + getClass().getSimpleName());
  }

  /** The example's lines as the guide shows them: unindented, the markers left out. */
  private static String exampleSource() throws Exception {
    String source = Files.readString(Path.of("src/test/java/dev/overdue/workflow/EmbeddedClientTest.java"));
    String body =
        source.substring(
            source.indexOf("// guide example: begin\n") + "// guide example: begin\n".length(),
            source.indexOf("    // guide example: end"));
    return body.lines().map(l -> l.startsWith("    ") ? l.substring(4) : l).reduce((a, b) -> a + "\n" + b).orElseThrow();
  }

  @Test
  void aTypedRequestStartsAsItsJsonWould() throws Exception {
    ApprovalRequest request = RequestJson.parse(new ObjectMapper().readTree(EXAMPLE.toFile()));
    String id = t.approvals.start(request, ApprovalWorkflow.DEFAULT_TASK_QUEUE);

    StatusInfo status = t.approvals.status(id);
    assertEquals("approval-PO-4711", id);
    assertEquals("manager", status.currentStep());
    assertEquals(List.of("alice", "bob"), status.steps().get(0).approvers());
    assertEquals("P5D", t.timer(id, "process").limit());
  }

  @Test
  void aRefusedUpdateIsARefusedExceptionWithTheReasonAndChangesNothing() throws Exception {
    String id = t.approvals.start(new ObjectMapper().readTree(EXAMPLE.toFile()), ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    StatusInfo before = t.approvals.status(id);

    RefusedException refused =
        assertThrows(RefusedException.class, () -> t.approvals.update(id, new ApprovalCommand.Release(null, "alice")));

    assertEquals("step manager: the task is not claimed", refused.reason());
    assertEquals(before, t.approvals.status(id));
  }

  @Test
  void signalsAreCheckedOnArrivalAndRecorded() throws Exception {
    String id = t.approvals.start(new ObjectMapper().readTree(EXAMPLE.toFile()), ApprovalWorkflow.DEFAULT_TASK_QUEUE);

    t.approvals.signal(id, new ApprovalCommand.EnableTimer("reminder", "carol"));
    HistoryEntry entry = t.signalAndAwait(id, "disableTimer", "{'timer':'process'}");

    assertEquals("RUNNING", t.timer(id, "reminder").state());
    assertEquals(false, entry.accepted());
    assertTrue(entry.reason().contains("is a system timer"), entry.reason());
  }

  @Test
  void everyCommandIsWrittenWithExactlyTheFieldsTheWorkflowAccepts() {
    assertEquals(List.copyOf(ApprovalCommand.ALL.keySet()), Commands.NAMES);
    List<ApprovalCommand> samples =
        List.of(
            new ApprovalCommand.EnableTimer("t", "u"), new ApprovalCommand.DisableTimer("t", "u"),
            new ApprovalCommand.Suspend("r"), new ApprovalCommand.Resume(),
            ApprovalCommand.ExtendDeadline.to("t", "PT1H", "u"), ApprovalCommand.ExtendDeadline.by("t", Duration.ofHours(2), "u"),
            new ApprovalCommand.Claim("s", "u"), new ApprovalCommand.Start("s", "u"), new ApprovalCommand.Release("s", "u"),
            new ApprovalCommand.Approve("u", "c"), new ApprovalCommand.Reject("u", "c"),
            new ApprovalCommand.Complete("u", "o", "c"), new ApprovalCommand.Abort("r"));
    for (ApprovalCommand command : samples) {
      // The workflow's own parser takes each as it is written.
      Commands.parse(command.name(), command.input());
    }
    assertEquals("{\"timer\":\"t\",\"by\":\"PT2H\",\"user\":\"u\"}", samples.get(5).input().toString());
    assertEquals("{}", new ApprovalCommand.Resume().input().toString());
  }

  @Test
  void aRefusalIsFinalAndSaysSoToEveryClient() throws Exception {
    String id = t.approvals.start(new ObjectMapper().readTree(EXAMPLE.toFile()), ApprovalWorkflow.DEFAULT_TASK_QUEUE);

    WorkflowUpdateException refused =
        assertThrows(
            WorkflowUpdateException.class,
            () -> t.approvals.update(id, "approve", ApprovalTestEnvironment.json("{'user':'mallory'}")));

    // What the Temporal CLI prints as "(type: CommandRefused, retryable: false)".
    ApplicationFailure failure = (ApplicationFailure) refused.getCause();
    assertEquals("CommandRefused", failure.getType());
    assertTrue(failure.isNonRetryable());
    assertEquals("mallory is not a potential owner of step manager (candidate users: alice, bob)", failure.getOriginalMessage());
  }

  @Test
  void aRequestTheCheckRefusesIsNeverStarted() throws Exception {
    Approvals strict =
        new Approvals(t.env.getWorkflowClient(), request -> dev.overdue.model.request.RequestValidator.refusal(request, Instant.now()));
    JsonNode bad = ApprovalTestEnvironment.json("{'requestId':'BAD-1','steps':[{'name':'m','approvers':[]}]}");

    RefusedException refused = assertThrows(RefusedException.class, () -> strict.start(bad, "overdue"));

    assertTrue(refused.reason().startsWith("invalid approval request:"), refused.reason());
    assertThrows(
        io.temporal.client.WorkflowNotFoundException.class,
        () -> t.env.getWorkflowClient().newUntypedWorkflowStub("approval-BAD-1").describe());
  }
}
