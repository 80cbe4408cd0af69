package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalResult;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.HistoryEntry;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.auth.TokenVerifier;
import io.temporal.api.enums.v1.EventType;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.WorkflowReplayer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Signed commands through Temporal, with a stand-in verifier (the worker's JWT verifier has its
 * own tests): the policy the approval starts with, the acting user from the token, the audit
 * trail's subject and issuer without the token, and a replay after the keys changed.
 */
class SignedCommandsWorkflowTest {
  private final StandInTokens verifier = new StandInTokens();

  private static final String REQUEST =
      "{'requestId':'%s','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob']}]%s}";

  private ApprovalTestEnvironment t;

  @BeforeEach
  void setUp() {
    t = new ApprovalTestEnvironment();
  }

  @AfterEach
  void tearDown() {
    WorkerAuthentication.use(AuthPolicy.OFF, TokenVerifier.NONE);
    t.close();
  }

  /**
   * Starts an approval and waits for its first workflow task, where it records the worker's
   * policy: until then an Update's validator cannot check it, and the handler refuses instead.
   */
  private String start(String requestId, String extra) {
    return t.start(String.format(REQUEST, requestId, extra));
  }

  private String refusal(String id, String command, String input) {
    WorkflowUpdateException refused =
        assertThrows(WorkflowUpdateException.class, () -> t.approvals.update(id, command, json(input)));
    ApplicationFailure failure = (ApplicationFailure) refused.getCause();
    assertEquals(ApprovalWorkflow.REFUSED, failure.getType());
    return failure.getOriginalMessage();
  }

  @Test
  void requiredTakesOnlySignedCommandsAndRecordsWhoSignedThem() {
    WorkerAuthentication.use(AuthPolicy.REQUIRED, verifier);
    String id = start("SIGNED-1", "");
    assertTrue(refusal(id, "approve", "{'user':'alice'}").contains("auth: required"));
    assertEquals(
        "token refused: no key of issuer 'https://idp.example' matches its signature",
        refusal(id, "approve", "{'user':'alice','token':'forged'}"));
    t.approvals.update(id, "approve", json("{'token':'signed:alice','comment':'fine'}"));

    assertEquals("alice", t.approvals.result(id).decidedBy());
    List<HistoryEntry> commands = t.history(id).stream().filter(e -> e.kind().equals("update")).toList();
    // A validator's refusal never reaches the history; the accepted command does, with its signer.
    assertEquals(1, commands.size());
    HistoryEntry approve = commands.get(0);
    assertEquals("alice", approve.subject());
    assertEquals("https://idp.example", approve.issuer());
    assertEquals(json("{'comment':'fine','user':'alice'}"), approve.input());
  }

  @Test
  void aSignalWithBobsTokenForAliceIsRefusedAndRecordedAsBobs() {
    WorkerAuthentication.use(AuthPolicy.OPTIONAL, verifier);
    String id = start("SIGNED-2", "");
    HistoryEntry entry = t.signalAndAwait(id, "approve", "{'user':'alice','token':'signed:bob'}");
    assertFalse(entry.accepted());
    assertTrue(entry.reason().startsWith("the token names 'bob'"), entry.reason());
    assertEquals("bob", entry.subject());
    assertFalse(entry.input().has("token"));
    // Optional: an unsigned command is taken as it came, without a signer.
    HistoryEntry unsigned = t.signalAndAwait(id, "claim", "{'user':'alice'}");
    assertTrue(unsigned.accepted(), unsigned.reason());
    assertNull(unsigned.subject());
    // The token is nowhere in the trail.
    assertFalse(t.history(id).toString().contains("signed:bob"));
  }

  @Test
  void theTimersNeedNoToken() {
    WorkerAuthentication.use(AuthPolicy.REQUIRED, verifier);
    String id = start("SIGNED-3", ",'timeout':'PT1H','onTimeout':[{'action':'decide','outcome':'REJECTED'}]");
    t.sleep(Duration.ofHours(2));
    ApprovalResult result = t.approvals.result(id);
    assertEquals("REJECTED", result.outcome());
  }

  @Test
  void theWorkersDefaultIsFixedWhenTheApprovalStarts() {
    String open = start("SIGNED-4", "");
    assertNull(t.status(open).auth());
    WorkerAuthentication.use(AuthPolicy.REQUIRED, verifier);
    String strict = start("SIGNED-5", "");
    assertEquals("required", t.status(strict).auth());
    // Started under "off": a token is neither checked nor recorded, unsigned commands go on.
    t.approvals.update(open, "approve", json("{'user':'alice','token':'forged'}"));
    assertNull(t.history(open).stream().filter(e -> e.name().equals("approve")).findFirst().orElseThrow().subject());
    WorkerAuthentication.use(AuthPolicy.OFF, verifier);
    assertTrue(refusal(strict, "approve", "{'user':'alice'}").contains("auth: required"));
  }

  @Test
  void aRequestMayTightenThePolicyButNotLoosenIt() {
    WorkerAuthentication.use(AuthPolicy.OPTIONAL, verifier);
    String tight = start("SIGNED-6", ",'auth':'required'");
    assertTrue(refusal(tight, "claim", "{'user':'alice'}").contains("auth: required"));

    WorkerAuthentication.use(AuthPolicy.REQUIRED, verifier);
    String loose = t.start(String.format(REQUEST, "SIGNED-7", ",'auth':'off'"));
    WorkflowFailedException failed = assertThrows(WorkflowFailedException.class, () -> t.approvals.result(loose));
    ApplicationFailure cause = (ApplicationFailure) failed.getCause();
    assertEquals(ApprovalWorkflow.INVALID_REQUEST, cause.getType());
    assertEquals(
        "invalid approval request: auth: a request may only tighten the worker's policy (required), not"
            + " loosen it to off",
        cause.getOriginalMessage());
  }

  @Test
  void aHistoryReplaysAfterItsKeysRotatedAway() throws Exception {
    WorkerAuthentication.use(AuthPolicy.REQUIRED, verifier);
    String id = start("SIGNED-8", "");
    t.approvals.update(id, "claim", json("{'token':'signed:alice'}"));
    t.signalAndAwait(id, "approve", "{'token':'signed:alice'}");
    assertEquals("APPROVED", t.approvals.result(id).outcome());
    WorkflowExecutionHistory history = t.fetchHistory(id);
    long verifications =
        history.getEvents().stream()
            .filter(e -> e.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED)
            .filter(e -> e.getMarkerRecordedEventAttributes().getMarkerName().equals("SideEffect"))
            .count();
    // At the start the policy, whether the directory keeps absences and the calendar (whose zone
    // a day counts in); then one verification per command.
    assertEquals(5, verifications);

    // The key is gone and the worker's default changed: a live check would refuse alice now.
    verifier.keyTrusted = false;
    WorkerAuthentication.use(AuthPolicy.OFF, verifier);
    WorkflowReplayer.replayWorkflowExecution(history, ApprovalWorkflowImpl.class);
  }
}
