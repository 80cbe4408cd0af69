package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.client.Approvals;
import dev.overdue.client.WorkList;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.auth.SignedCommands;
import dev.overdue.model.auth.TokenCheck;
import dev.overdue.model.auth.TokenVerifier;
import dev.overdue.starter.CliHarness.Run;
import dev.overdue.workflow.WorkerAuthentication;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.MethodDescriptor;
import io.temporal.api.workflowservice.v1.StartBatchOperationRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --token}, {@code OVERDUE_TOKEN} and {@code --token-command} through Temporal, against
 * approvals that take signed commands only (auth: required), with a stand-in for the worker's JWT
 * verifier: the token signs every steering command, its subject acts, the audit trail names who
 * signed, and the token itself shows nowhere in what the CLI prints.
 */
class SignedCommandsCliTest {
  static final String ISSUER = "https://idp.example";

  // Tokens shaped unlike a JWT, so that no mask for JWTs hides a leak from these tests.
  static final String ALICE = "alice-5f1c2e9d7b3a60c4";
  static final String BOB = "bob-8a7b6c5d4e3f2a1b";
  static final String FORGED = "forged-0d1e2a3d4b5e6e7f";
  static final List<String> TOKENS = List.of(ALICE, BOB, FORGED);

  /** ALICE and BOB are theirs, from {@link #ISSUER}; any other token is forged. */
  static final TokenVerifier STAND_IN =
      (token, now) -> {
        if (token.equals(ALICE)) {
          return TokenCheck.verified("alice", ISSUER);
        }
        if (token.equals(BOB)) {
          return TokenCheck.verified("bob", ISSUER);
        }
        return TokenCheck.refused("no key of issuer '" + ISSUER + "' matches its signature");
      };

  static final String REQUIRED =
      "rejected: this approval takes signed commands only (auth: required): send a 'token' signed"
          + " by a trusted issuer";

  @TempDir Path dir;

  CliHarness cli;

  @BeforeEach
  void startService() {
    // The worker's default when the approvals start: each of them takes signed commands only.
    WorkerAuthentication.use(AuthPolicy.REQUIRED, STAND_IN);
    cli = new CliHarness();
  }

  @AfterEach
  void stopService() {
    WorkerAuthentication.use(AuthPolicy.OFF, TokenVerifier.NONE);
    cli.close();
  }

  /** {@code overdue ARGS}, checked to print no token. */
  private Run run(String... args) {
    return withoutTokens(cli.run(args), args);
  }

  /** The same with {@code environment} as the CLI's variables. */
  private Run runWith(Map<String, String> environment, String... args) {
    return withoutTokens(cli.runWith(environment, args), args);
  }

  private static Run withoutTokens(Run run, String... args) {
    for (String token : TOKENS) {
      assertFalse(run.out().contains(token), () -> String.join(" ", args) + " printed a token: " + run);
      assertFalse(run.err().contains(token), () -> String.join(" ", args) + " printed a token: " + run);
    }
    return run;
  }

  private void start(String id) {
    run("start", "--request-id", id, "--requester", "carol", "--step", "manager=alice,bob").expect(0);
  }

  /** The approval's audit trail as {@code history -o json} prints it. */
  private JsonNode history(String id) {
    return run("history", id, "-o", "json").expect(0).json();
  }

  /** The last entry of the trail for command {@code name}. */
  private JsonNode last(String id, String name) {
    JsonNode found = null;
    for (JsonNode entry : history(id)) {
      if (entry.get("name").asText().equals(name)) {
        found = entry;
      }
    }
    assertTrue(found != null, "no " + name + " in the history of " + id);
    return found;
  }

  private static void signedBy(String subject, JsonNode entry) {
    assertEquals(subject, entry.path("subject").asText(null), entry.toString());
    assertEquals(ISSUER, entry.path("issuer").asText(null), entry.toString());
    assertFalse(entry.get("input").has(Approvals.TOKEN), "the trail keeps no token: " + entry);
  }

  @Test
  void theFieldIsTheOneTheWorkflowTakesOut() {
    assertEquals(SignedCommands.TOKEN, Approvals.TOKEN);
  }

  @Test
  void unsignedIsRefusedAndTheFlagTheVariableAndTheCommandEachSign() {
    start("S-1");
    String status = run("status", "S-1").expect(0).out();
    assertTrue(status.contains("\nAuth          required (signed commands: --token)\n"), status);
    Run unsigned = run("approve", "S-1", "--user", "alice").expect(ExitCodes.REFUSED);
    assertEquals(REQUIRED, unsigned.err().strip());
    assertEquals("", unsigned.out());

    Run flag = run("approve", "S-1", "--user", "alice", "--token", ALICE).expect(ExitCodes.DONE);
    assertEquals("step manager approved by alice; approval is APPROVED", flag.out().strip());
    signedBy("alice", last("S-1", "approve"));

    start("S-2");
    runWith(Map.of("OVERDUE_TOKEN", ALICE), "approve", "S-2", "--user", "alice").expect(ExitCodes.DONE);
    signedBy("alice", last("S-2", "approve"));

    start("S-3");
    run("approve", "S-3", "--user", "bob", "--token-command", "printf '%s\\n' " + BOB)
        .expect(ExitCodes.DONE);
    signedBy("bob", last("S-3", "approve"));

    start("S-4");
    runWith(Map.of("OVERDUE_TOKEN_COMMAND", "echo " + ALICE), "claim", "S-4", "--user", "alice", "-o", "json")
        .expect(ExitCodes.DONE);
    signedBy("alice", last("S-4", "claim"));
  }

  @Test
  void aSignedCommandMayLeaveTheUserOutForTheTokensSubject() {
    start("U-1");
    Run unsigned = run("claim", "U-1").expect(ExitCodes.USAGE);
    assertTrue(
        unsigned.err().startsWith("Missing required option: '--user=USER' (or sign the command with --token"),
        unsigned.err());
    assertTrue(unsigned.err().contains("Try 'overdue claim --help'"), unsigned.err());

    runWith(Map.of("OVERDUE_TOKEN", BOB), "claim", "U-1").expect(ExitCodes.DONE);
    JsonNode claim = last("U-1", "claim");
    signedBy("bob", claim);
    assertEquals("bob", claim.get("input").get("user").asText(), "the workflow fills it in");
    Run approved = run("approve", "U-1", "--comment", "mine", "--token", BOB).expect(ExitCodes.DONE);
    assertEquals("step manager approved by bob; approval is APPROVED", approved.out().strip());
    assertEquals("bob", run("result", "U-1", "-o", "json").json().get("decidedBy").asText());
  }

  @Test
  void aFlagWinsOverTheVariablesAndTwoSourcesAtOnceAreAUsageError() {
    start("W-1");
    Map<String, String> both = Map.of("OVERDUE_TOKEN", BOB, "OVERDUE_TOKEN_COMMAND", "echo " + BOB);
    runWith(both, "claim", "W-1", "--user", "alice", "--token-command", "echo " + ALICE)
        .expect(ExitCodes.DONE);
    signedBy("alice", last("W-1", "claim"));

    Run variables = runWith(both, "release", "W-1", "--user", "alice").expect(ExitCodes.USAGE);
    assertEquals(
        "OVERDUE_TOKEN and OVERDUE_TOKEN_COMMAND are both set: unset one, or give --token or"
            + " --token-command, which wins over both; nothing sent",
        variables.err().strip());

    Run flags =
        run("release", "W-1", "--user", "alice", "--token", ALICE, "--token-command", "echo " + ALICE)
            .expect(ExitCodes.USAGE);
    assertEquals(
        List.of(
            "--token and --token-command do not go together: give one",
            "Try 'overdue --help' for more information."),
        flags.err().lines().toList());
    assertEquals("alice", cli.run("status", "W-1", "-o", "json").json().at("/steps/0/owner").asText(),
        "neither release was sent");
  }

  @Test
  void aTokenForSomeoneElseIsRefusedAndSoIsAForgedOne() {
    start("B-1");
    String notAlice =
        "rejected: the token names 'bob' (issuer 'https://idp.example'), not 'alice': leave 'user'"
            + " out or make it the token's subject";
    Run update = run("approve", "B-1", "--user", "alice", "--token", BOB).expect(ExitCodes.REFUSED);
    assertEquals(notAlice, update.err().strip());
    Run json = run("approve", "B-1", "--user", "alice", "--token", BOB, "-o", "json").expect(ExitCodes.REFUSED);
    assertEquals("", json.out());
    assertEquals(notAlice, json.err().strip());
    Run forged = run("approve", "B-1", "--user", "alice", "--token", FORGED).expect(ExitCodes.REFUSED);
    assertEquals(
        "rejected: token refused: no key of issuer 'https://idp.example' matches its signature",
        forged.err().strip());

    // As a Signal: refused on arrival, and the trail says why and whose token it was.
    Run signal = run("approve", "B-1", "--user", "alice", "--token", BOB, "--signal", "-o", "json").expect(0);
    assertEquals("signal", signal.json().get("sentAs").asText());
    JsonNode refused = last("B-1", "approve");
    assertFalse(refused.get("accepted").asBoolean(), refused.toString());
    assertEquals(notAlice.substring("rejected: ".length()), refused.get("reason").asText());
    signedBy("bob", refused);
    assertEquals("ACTIVE", run("status", "B-1", "-o", "json").json().get("state").asText());
  }

  @Test
  void historyNamesWhoSignedEachCommandAndLeavesTheFieldsOutOfUnsignedOnes() {
    start("H-1");
    run("approve", "H-1", "--user", "alice", "--signal").expect(0); // unsigned: refused on arrival
    run("claim", "H-1", "--user", "alice", "--token", ALICE).expect(0);

    JsonNode trail = history("H-1");
    JsonNode unsigned = trail.get(trail.size() - 2);
    assertEquals("approve", unsigned.get("name").asText());
    assertFalse(unsigned.has("subject") || unsigned.has("issuer"), "no nulls: " + unsigned);
    signedBy("alice", trail.get(trail.size() - 1));
    for (JsonNode entry : trail) {
      if (!entry.get("kind").asText().equals("update") && !entry.get("kind").asText().equals("signal")) {
        assertFalse(entry.has("subject") || entry.has("issuer"), "an event is signed by no one: " + entry);
      }
    }

    List<String> table = run("history", "H-1").expect(0).out().lines().toList();
    assertTrue(table.get(0).matches("AT +KIND +NAME +RESULT +SIGNED BY +INPUT +REASON"), table.get(0));
    String claim = table.get(table.size() - 1);
    assertTrue(
        claim.matches(".*update +claim +accepted +alice \\(https://idp\\.example\\) +\\{\"user\":\"alice\"}.*"),
        claim);
    String approve = table.get(table.size() - 2);
    assertTrue(approve.matches(".*signal +approve +rejected +- +\\{\"user\":\"alice\"} +this approval takes.*"),
        approve);

    // An approval no one signed for keeps the table it had.
    WorkerAuthentication.use(AuthPolicy.OFF, STAND_IN);
    start("H-2");
    run("claim", "H-2", "--user", "alice", "--token", ALICE).expect(0); // off: the token is dropped
    assertFalse(last("H-2", "claim").has("subject"));
    assertTrue(run("history", "H-2").expect(0).out().startsWith("AT  "));
    assertFalse(run("history", "H-2").out().contains("SIGNED BY"));
  }

  @Test
  void aFailingTokenCommandIsAClearErrorAndSendsNothing() throws Exception {
    start("F-1");
    int entries = history("F-1").size();
    // As Signals, which would land in the trail even when refused: nothing must be sent.
    Run failed =
        run("approve", "F-1", "--user", "alice", "--signal", "--token-command", "echo no idp >&2; exit 3")
            .expect(ExitCodes.USAGE);
    assertEquals("the token command (--token-command) failed (exit 3); nothing sent", failed.err().strip());
    assertEquals("", failed.out());

    Run empty = run("approve", "F-1", "--user", "alice", "--signal", "--token-command", "true").expect(ExitCodes.USAGE);
    assertEquals("the token command (--token-command) printed no token; nothing sent", empty.err().strip());

    Run missing =
        runWith(Map.of("OVERDUE_TOKEN_COMMAND", "no-such-token-helper"), "approve", "F-1", "--user", "alice", "--signal")
            .expect(ExitCodes.USAGE);
    assertEquals(
        "the token command (OVERDUE_TOKEN_COMMAND) failed (exit 127: command not found); nothing sent",
        missing.err().strip());

    Run bearer =
        run("approve", "F-1", "--user", "alice", "--signal", "--token-command", "echo Bearer " + ALICE)
            .expect(ExitCodes.USAGE);
    assertEquals(
        "the token command (--token-command) printed more than a token: a token is one word, the JWT"
            + " alone (no 'Bearer ', no other lines); nothing sent",
        bearer.err().strip());

    Run blank = run("approve", "F-1", "--user", "alice", "--signal", "--token", " ").expect(ExitCodes.USAGE);
    assertTrue(blank.err().startsWith("--token is empty"), blank.err());

    assertEquals(entries, history("F-1").size(), "nothing was sent");

    // Queries and start never ask for the token: its command does not even run.
    Path ran = dir.resolve("ran");
    String touch = "touch " + ran + "; echo " + ALICE;
    run("status", "F-1", "--token-command", touch).expect(0);
    run("history", "F-1", "--token-command", touch).expect(0);
    run("start", "--request-id", "F-2", "--step", "manager=alice", "--token-command", touch).expect(0);
    assertFalse(Files.exists(ran), "the token command ran for a query or a start");
    run("claim", "F-2", "--user", "alice", "--token-command", touch).expect(0);
    assertTrue(Files.exists(ran));
  }

  @Test
  void aTokenShowsInNoUsageErrorEvenMistyped() {
    String jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLW9mLWFsaWNl";
    Run typo = cli.run("approve", "PO-1", "--user", "alice", "--tokn", jwt).expect(ExitCodes.USAGE);
    assertFalse(typo.err().contains(jwt), typo.err());
    assertTrue(typo.err().contains("<token>"), typo.err());
    assertTrue(typo.err().contains("Did you mean: --token?"), typo.err());

    // codec-server never calls Temporal and takes no --token: picocli quotes what it cannot place.
    Run unplaced = run("codec-server", "--token", ALICE).expect(ExitCodes.USAGE);
    assertTrue(unplaced.err().contains("<token>"), unplaced.err());

    Run environment = runWith(Map.of("OVERDUE_TOKEN", ALICE), "approve", "PO-1", "--user", "alice", ALICE).expect(ExitCodes.USAGE);
    assertTrue(environment.err().contains("<token>"), environment.err());
  }

  @Test
  void theHelpShowsTheFlagsOnceAndTheSteeringCommandsPointThere() {
    String root = run("--help").expect(0).out();
    assertTrue(root.contains("--token=JWT"), root);
    assertTrue(root.contains("--token-command=CMD"), root);
    assertTrue(root.contains("OVERDUE_TOKEN "), root);
    assertTrue(root.contains("OVERDUE_TOKEN_COMMAND"), root);

    String approve = run("approve", "--help").expect(0).out();
    assertFalse(approve.contains("--token="), approve);
    assertTrue(approve.contains(CommonOptions.SIGNING_LINE), approve);

    String status = run("status", "--help").expect(0).out();
    assertFalse(status.contains("--token="), status);
    assertFalse(status.contains(CommonOptions.SIGNING_LINE), "a query sends no token: " + status);
  }

  // ---- many approvals at once -------------------------------------------------------------------

  /** {@code --query} without --signal: each approval's Update carries the token. */
  @Test
  void everyUpdateOfABulkCommandIsSigned() throws Exception {
    List<String> ids = List.of("approval-Q-1", "approval-Q-2", "approval-Q-3");
    for (String id : ids) {
      start(Approvals.requestId(id));
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    OverdueCli overdue = root(() -> cli.env.getWorkflowClient(), out, err, "--token", BOB);
    int code =
        new Bulk(overdue.session(), overdue.printer(), "approve", new Bulk.Options())
            .updates(ids, new ApprovalCommand.Approve("bob", "all of them"));

    assertEquals(ExitCodes.DONE, code, out.toString());
    withoutTokens(new Run(code, out.toString(), err.toString()));
    assertTrue(out.toString().contains("approve: 3 approvals, 3 applied, 0 refused, 0 failed"), out.toString());
    for (String id : ids) {
      signedBy("bob", last(id, "approve"));
    }
  }

  /** {@code --query --signal}: the one input the Temporal batch job sends to each carries it. */
  @Test
  void theBatchJobsSignalIsSigned() {
    List<StartBatchOperationRequest> sent = new ArrayList<>();
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder(cli.env.getWorkflowServiceStubs().getOptions())
                .setGrpcClientInterceptors(List.of(capture(sent)))
                .build());
    try {
      WorkflowClient client =
          WorkflowClient.newInstance(
              stubs,
              WorkflowClientOptions.newBuilder(cli.env.getWorkflowClient().getOptions()).build());
      StringWriter out = new StringWriter();
      OverdueCli overdue = root(() -> client, out, new StringWriter(), "--token", ALICE);
      BatchSignal batch = new BatchSignal(overdue.session(), overdue.printer(), "suspend");
      // The in-memory service runs no batch jobs: it refuses the job once it has it.
      assertThrows(
          RuntimeException.class,
          () -> batch.run(new WorkList().where("ApprovalState = 'ACTIVE'"), new ApprovalCommand.Suspend("audit"), 2));

      assertEquals(1, sent.size());
      JsonNode input =
          ApprovalDataConverter.create()
              .fromPayloads(
                  0,
                  Optional.of(sent.get(0).getSignalOperation().getInput()),
                  JsonNode.class,
                  JsonNode.class);
      assertEquals("audit", input.get("reason").asText());
      assertEquals(ALICE, input.get(Approvals.TOKEN).asText());
      assertFalse(sent.get(0).getReason().contains(ALICE), sent.get(0).getReason());
      assertFalse(out.toString().contains(ALICE), out.toString());
    } finally {
      stubs.shutdownNow();
    }
  }

  /** The CLI with {@code rootOptions} parsed and its output captured, as a command runs Bulk. */
  private static OverdueCli root(
      ClientFactory clients, StringWriter out, StringWriter err, String... rootOptions) {
    OverdueCli overdue = new OverdueCli(clients, Map.of());
    CommandLine line = OverdueCli.commandLine(overdue);
    line.setOut(new PrintWriter(out, true));
    line.setErr(new PrintWriter(err, true));
    line.parseArgs(rootOptions);
    return overdue;
  }

  /** Records each StartBatchOperation request on its way to the service. */
  private static ClientInterceptor capture(List<StartBatchOperationRequest> sent) {
    return new ClientInterceptor() {
      @Override
      public <Q, A> ClientCall<Q, A> interceptCall(
          MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
        return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
          @Override
          public void sendMessage(Q message) {
            if (message instanceof StartBatchOperationRequest request) {
              sent.add(request);
            }
            super.sendMessage(message);
          }
        };
      }
    };
  }
}
