package dev.overdue.worker;

import static dev.overdue.worker.TestTokens.claims;
import static dev.overdue.worker.TestTokens.sign;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.jwk.RSAKey;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.HistoryEntry;
import dev.overdue.client.Approvals;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.auth.TokenVerifier;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import dev.overdue.workflow.WorkerAuthentication;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signed commands as the worker runs them: its settings file's auth section, real JWTs, the
 * four-eyes rules with tokens, a key rotated while the approval runs, and a replay of its history
 * once the key it was signed with is gone.
 */
class SignedCommandsEndToEndTest {
  static final String CORP = "https://login.corp.example";
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  RSAKey key = TestTokens.rsa("corp-1");
  Path jwks;
  TestWorkflowEnvironment env;
  Approvals approvals;

  @BeforeEach
  void startWorker() throws Exception {
    jwks = TestTokens.writeJwks(dir.resolve("corp-jwks.json"), key);
    WorkerSettings settings =
        new SettingsFiles(dir).load("""
            auth:
              policy: required
              issuers:
                - issuer: %s
                  jwks: corp-jwks.json
              audiences: [overdue]
            """.formatted(CORP));
    // As the worker does at its start.
    WorkerAuthentication.use(settings.auth().defaultPolicy(), settings.auth().verifier());
    env = ApprovalTestService.start();
    approvals = new Approvals(env.getWorkflowClient(), request -> RequestValidator.refusal(request, Instant.now()));
  }

  @AfterEach
  void stop() {
    WorkerAuthentication.use(AuthPolicy.OFF, TokenVerifier.NONE);
    env.close();
  }

  private String token(RSAKey with, String user) {
    return sign(with, claims(CORP, user, Instant.ofEpochMilli(env.currentTimeMillis())).build());
  }

  private ObjectNode input(String json, String token) throws Exception {
    ObjectNode input = (ObjectNode) JSON.readTree(json.replace('\'', '"'));
    return token == null ? input : input.put("token", token);
  }

  private String refusal(String id, String command, ObjectNode input) {
    try {
      approvals.update(id, command, input);
    } catch (WorkflowUpdateException refused) {
      return ((ApplicationFailure) refused.getCause()).getOriginalMessage();
    }
    throw new AssertionError(command + " was accepted");
  }

  /** This worker runs no activities: the approval sends no offers, whose delivery would never end. */
  @Test
  void fourEyesWithTokensThroughAKeyRotationAndAReplayAfterIt() throws Exception {
    String id = approvals.start(JSON.readTree("""
        {"requestId": "PO-4711", "requester": "carol", "notifyOffered": false, "steps": [
          {"name": "manager", "approvers": ["alice", "bob", "carol"], "notBy": ["requester"]},
          {"name": "finance", "approvers": ["alice", "bob"], "distinctFrom": ["manager"]}]}"""),
        ApprovalWorkflow.DEFAULT_TASK_QUEUE);

    assertTrue(refusal(id, "approve", input("{'user':'alice'}", null)).contains("auth: required"));
    assertEquals(
        "carol requested this approval and may not act on step manager (notBy: requester)",
        refusal(id, "approve", input("{}", token(key, "carol"))));
    assertTrue(refusal(id, "approve", input("{'user':'alice'}", token(key, "bob"))).startsWith("the token names 'bob'"));
    approvals.update(id, "approve", input("{'comment':'within budget'}", token(key, "alice")));
    assertEquals(
        "alice decided step manager and may not act on step finance too (distinctFrom: manager)",
        refusal(id, "approve", input("{}", token(key, "alice"))));

    // The identity provider rotates its key: the new one works at once, the old one no more.
    RSAKey next = TestTokens.rsa("corp-2");
    TestTokens.writeJwks(jwks, next);
    assertEquals(
        "token refused: issuer 'https://login.corp.example' has no RS256 key with key id 'corp-1'",
        refusal(id, "approve", input("{}", token(key, "bob"))));
    approvals.update(id, "approve", input("{}", token(next, "bob")));
    assertEquals("APPROVED", approvals.result(id).outcome());

    List<HistoryEntry> decided =
        approvals.history(id).stream().filter(e -> e.name().equals("approve") && e.accepted()).toList();
    assertEquals(List.of("alice", "bob"), decided.stream().map(HistoryEntry::subject).toList());
    assertTrue(decided.stream().allMatch(e -> CORP.equals(e.issuer())));
    JsonNode exported = JSON.valueToTree(approvals.history(id));
    assertFalse(exported.toString().contains(token(next, "bob").substring(0, 40)), "a token reached the trail");

    // Its history replays though corp-1 is gone and the worker no longer trusts any issuer.
    WorkerAuthentication.use(AuthPolicy.OFF, TokenVerifier.NONE);
    WorkflowReplayer.replayWorkflowExecution(
        env.getWorkflowClient().fetchHistory(Approvals.workflowId(id)), ApprovalWorkflowImpl.class);
  }
}
