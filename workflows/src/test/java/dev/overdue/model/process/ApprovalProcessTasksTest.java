package dev.overdue.model.process;

import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.assertRefusedUnchanged;
import static dev.overdue.model.process.Fixtures.at;
import static dev.overdue.model.process.Fixtures.startStandard;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.model.ProcessState;
import dev.overdue.model.request.Outcome;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.task.TaskState;
import dev.overdue.model.timer.Expiry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The steps of an approval: claim, release, approve, reject, abort, the decide handler. */
class ApprovalProcessTasksTest {

  private static ApprovalCommand claim(String user) {
    return new ApprovalCommand.Claim(null, user);
  }

  private static ApprovalCommand release(String user) {
    return new ApprovalCommand.Release(null, user);
  }

  private static ApprovalCommand approve(String user) {
    return new ApprovalCommand.Approve(user, "ok by " + user);
  }

  private static ApprovalCommand reject(String user) {
    return new ApprovalCommand.Reject(user, "not ok by " + user);
  }

  private static StepInfo stepInfo(ApprovalProcess process, String name) {
    return process.status().steps().stream()
        .filter(s -> s.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  // ---- the start ---------------------------------------------------------------------------

  @Test
  void startOffersTheFirstStepAndKeepsTheOthersPending() {
    ApprovalProcess process = startStandard();
    StatusInfo status = process.status();
    assertEquals("req-1", status.requestId());
    assertEquals("Buy a laptop", status.title());
    assertEquals("carol", status.requester());
    assertEquals("ACTIVE", status.state());
    assertNull(status.suspendedReason());
    assertEquals("review", status.currentStep());
    assertEquals(
        List.of(
            new StepInfo(
                "review",
                "review title",
                "READY",
                null,
                List.of("alice", "bob"),
                null,
                null,
                null,
                null,
                null, List.of(), List.of("alice", "bob"), null, 5),
            new StepInfo(
                "signoff",
                "signoff title",
                "PENDING",
                null,
                List.of("dave"),
                null,
                null,
                null,
                null,
                null, List.of(), List.of("dave"), null, 5)),
        status.steps());
    assertEquals(List.of(), status.warnings());
    assertEquals("review", process.currentTask().name());
    assertEquals(ProcessState.ACTIVE, process.state());
    assertEquals("req-1", process.requestId());
  }

  // ---- claim and release -------------------------------------------------------------------

  @Test
  void claimReservesTheTaskForTheApprover() {
    ApprovalProcess process = startStandard();
    String message = process.apply(claim("bob"), at("PT1H"));
    StepInfo review = stepInfo(process, "review");
    assertEquals("RESERVED", review.state());
    assertEquals("bob", review.owner());
    assertEquals("step review claimed by bob", message);
  }

  @Test
  void claimMayNameTheCurrentStep() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Claim("review", "alice"), T0);
    assertEquals(TaskState.RESERVED, process.currentTask().state());
  }

  @Test
  void claimNamingAnotherStepIsRefused() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(
        process, new ApprovalCommand.Claim("signoff", "dave"), T0, "step signoff is not the current step");
    assertRefusedUnchanged(process, new ApprovalCommand.Claim("legal", "alice"), T0, "unknown step legal");
    assertRefusedUnchanged(
        process, new ApprovalCommand.Release("signoff", "dave"), T0, "not the current step");
  }

  @Test
  void claimingAClaimedTaskIsRefused() {
    ApprovalProcess process = startStandard();
    process.apply(claim("alice"), T0);
    assertRefusedUnchanged(process, claim("bob"), at("PT1M"), "already claimed by alice");
    assertRefusedUnchanged(process, claim("alice"), at("PT1M"), "already claimed by alice");
  }

  @Test
  void releaseReturnsTheTaskToReadyWithoutOwner() {
    ApprovalProcess process = startStandard();
    process.apply(claim("alice"), T0);
    String message = process.apply(release("alice"), at("PT1H"));
    StepInfo review = stepInfo(process, "review");
    assertEquals("READY", review.state());
    assertNull(review.owner());
    assertEquals("step review released by alice", message);
    process.apply(claim("bob"), at("PT2H"));
    assertEquals("bob", stepInfo(process, "review").owner());
  }

  @Test
  void onlyTheOwnerCanRelease() {
    ApprovalProcess process = startStandard();
    process.apply(claim("alice"), T0);
    assertRefusedUnchanged(process, release("bob"), at("PT1M"), "only the owner alice can release");
  }

  @Test
  void releasingAnUnclaimedTaskIsRefused() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(process, release("alice"), T0, "not claimed");
  }

  @Test
  void nonApproverIsRefused() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(
        process, claim("mallory"), T0, "mallory is not a potential owner of step review");
    assertRefusedUnchanged(process, approve("mallory"), T0, "not a potential owner");
    assertRefusedUnchanged(process, reject("mallory"), T0, "not a potential owner");
    // An approver of a later step is no approver of this one.
    assertRefusedUnchanged(process, approve("dave"), T0, "dave is not a potential owner of step review");
    process.apply(claim("alice"), T0);
    assertRefusedUnchanged(process, release("mallory"), T0, "not a potential owner");
  }

  @Test
  void missingUserIsRefused() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(process, claim(null), T0, "a user is required");
    assertRefusedUnchanged(process, approve(" "), T0, "a user is required");
    assertRefusedUnchanged(process, new ApprovalCommand.Reject(null, null), T0, "a user is required");
    assertRefusedUnchanged(process, release(""), T0, "a user is required");
  }

  // ---- deciding ----------------------------------------------------------------------------

  @Test
  void approverMayApproveDirectlyFromReady() {
    ApprovalProcess process = startStandard();
    process.apply(approve("bob"), at("PT1H"));
    StepInfo review = stepInfo(process, "review");
    assertEquals("COMPLETED", review.state());
    assertEquals("APPROVED", review.outcome());
    assertEquals("bob", review.decidedBy());
    assertEquals("ok by bob", review.comment());
    assertEquals(at("PT1H").toString(), review.completedAt());
  }

  @Test
  void approverMayRejectDirectlyFromReady() {
    ApprovalProcess process = startStandard();
    process.apply(reject("alice"), at("PT1H"));
    assertEquals(ProcessState.REJECTED, process.state());
    assertEquals("REJECTED", stepInfo(process, "review").outcome());
  }

  @Test
  void ownerDecidesAReservedTask() {
    ApprovalProcess process = startStandard();
    process.apply(claim("alice"), T0);
    process.apply(approve("alice"), at("PT1H"));
    StepInfo review = stepInfo(process, "review");
    assertEquals("COMPLETED", review.state());
    assertEquals("alice", review.decidedBy());
  }

  @Test
  void whenReservedOnlyTheOwnerCanDecide() {
    ApprovalProcess process = startStandard();
    process.apply(claim("alice"), T0);
    assertRefusedUnchanged(
        process, approve("bob"), at("PT1M"), "claimed by alice; only they can decide it");
    assertRefusedUnchanged(
        process, reject("bob"), at("PT1M"), "claimed by alice; only they can decide it");
  }

  @Test
  void approvalOfAStepThatIsNotTheLastOffersTheNextStep() {
    ApprovalProcess process = startStandard();
    String message = process.apply(approve("alice"), at("PT1H"));
    assertEquals(ProcessState.ACTIVE, process.state());
    assertEquals("signoff", process.currentTask().name());
    assertEquals("signoff", process.status().currentStep());
    assertEquals("READY", stepInfo(process, "signoff").state());
    assertEquals("step review approved by alice; approval is ACTIVE", message);
  }

  @Test
  void approvalOfTheLastStepApprovesTheProcess() {
    ApprovalProcess process = startStandard();
    process.apply(approve("alice"), at("PT1H"));
    String message = process.apply(approve("dave"), at("PT2H"));
    assertEquals(ProcessState.APPROVED, process.state());
    assertEquals("step signoff approved by dave; approval is APPROVED", message);
    StatusInfo status = process.status();
    assertEquals("APPROVED", status.state());
    assertNull(status.currentStep());
    assertEquals(
        List.of("COMPLETED", "COMPLETED"), status.steps().stream().map(StepInfo::state).toList());
    assertEquals(
        new ApprovalResult(
            "req-1", "APPROVED", "dave", "ok by dave", at("PT2H").toString(), List.of(), 0L),
        process.result());
  }

  @Test
  void anyRejectionRejectsTheProcessAndLaterStepsBecomeObsolete() {
    ApprovalProcess process = startStandard();
    process.apply(approve("alice"), at("PT1H"));
    String message = process.apply(reject("dave"), at("PT2H"));
    assertEquals(ProcessState.REJECTED, process.state());
    assertEquals("step signoff rejected by dave; approval is REJECTED", message);
    assertEquals(
        new ApprovalResult(
            "req-1", "REJECTED", "dave", "not ok by dave", at("PT2H").toString(), List.of(), 0L),
        process.result());

    ApprovalProcess early = startStandard();
    early.apply(reject("bob"), at("PT1H"));
    assertEquals(ProcessState.REJECTED, early.state());
    assertEquals("COMPLETED", stepInfo(early, "review").state());
    assertEquals("OBSOLETE", stepInfo(early, "signoff").state());
    assertNull(stepInfo(early, "signoff").outcome());
    assertNull(early.status().currentStep());
  }

  @Test
  void singleStepApprovalIsApprovedByItsOnlyStep() {
    ApprovalProcess process =
        ApprovalProcess.start(
            Fixtures.request(null, List.of(Fixtures.step("only", List.of("a"), null, null)), null),
            T0);
    process.apply(approve("a"), at("PT1M"));
    assertEquals(ProcessState.APPROVED, process.state());
  }

  // ---- suspended ---------------------------------------------------------------------------

  @Test
  void taskActionsAreRefusedWhileSuspended() {
    ApprovalProcess process = startStandard();
    process.apply(claim("alice"), T0);
    process.apply(new ApprovalCommand.Suspend(null), at("PT1M"));
    String reason = "not allowed while the process is suspended";
    assertRefusedUnchanged(process, claim("bob"), at("PT2M"), reason);
    assertRefusedUnchanged(process, release("alice"), at("PT2M"), reason);
    assertRefusedUnchanged(process, approve("alice"), at("PT2M"), reason);
    assertRefusedUnchanged(process, reject("alice"), at("PT2M"), reason);
    process.apply(new ApprovalCommand.Resume(), at("PT3M"));
    process.apply(approve("alice"), at("PT4M"));
    assertEquals("signoff", process.currentTask().name());
  }

  @Test
  void abortIsAllowedWhileSuspendedAndEndsTheSuspension() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Suspend("hold"), T0);
    process.apply(new ApprovalCommand.Abort("budget cut"), at("PT1M"));
    assertEquals(ProcessState.ABORTED, process.state());
    assertNull(process.status().suspendedReason());
  }

  // ---- abort -------------------------------------------------------------------------------

  @Test
  void abortNeedsAReason() {
    ApprovalProcess process = startStandard();
    assertRefusedUnchanged(process, new ApprovalCommand.Abort(null), T0, "abort needs a reason");
    assertRefusedUnchanged(process, new ApprovalCommand.Abort(""), T0, "abort needs a reason");
    assertRefusedUnchanged(process, new ApprovalCommand.Abort("  "), T0, "abort needs a reason");
  }

  @Test
  void abortEndsTheProcessAndOpenTasksBecomeObsolete() {
    ApprovalProcess process = startStandard();
    process.apply(claim("alice"), T0);
    assertEquals("approval aborted", process.apply(new ApprovalCommand.Abort("budget cut"), at("PT1H")));
    assertEquals(ProcessState.ABORTED, process.state());
    assertEquals(
        List.of("OBSOLETE", "OBSOLETE"),
        process.status().steps().stream().map(StepInfo::state).toList());
    ApprovalResult result = process.result();
    assertEquals("ABORTED", result.outcome());
    assertNull(result.decidedBy());
    assertEquals("budget cut", result.comment());
    assertEquals(at("PT1H").toString(), result.completedAt());
  }

  @Test
  void abortKeepsCompletedStepsCompleted() {
    ApprovalProcess process = startStandard();
    process.apply(approve("alice"), T0);
    process.apply(new ApprovalCommand.Abort("budget cut"), at("PT1H"));
    assertEquals("COMPLETED", stepInfo(process, "review").state());
    assertEquals("APPROVED", stepInfo(process, "review").outcome());
    assertEquals("OBSOLETE", stepInfo(process, "signoff").state());
  }

  // ---- after the end -----------------------------------------------------------------------

  static Stream<Arguments> everyCommand() {
    return Stream.of(
            new ApprovalCommand.EnableTimer("reminder", null),
            new ApprovalCommand.DisableTimer("reminder", null),
            new ApprovalCommand.Suspend("hold"),
            new ApprovalCommand.Resume(),
            new ApprovalCommand.ExtendDeadline("process", "P9D", null, null),
            new ApprovalCommand.ExtendDeadline("process", null, "P1D", null),
            new ApprovalCommand.Claim(null, "dave"),
            new ApprovalCommand.Release(null, "dave"),
            new ApprovalCommand.Approve("dave", null),
            new ApprovalCommand.Reject("dave", null),
            new ApprovalCommand.Abort("again"))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("everyCommand")
  void anythingAfterApprovalIsRefused(ApprovalCommand command) {
    ApprovalProcess process = startStandard();
    process.apply(approve("alice"), T0);
    process.apply(approve("dave"), T0);
    assertRefusedUnchanged(process, command, at("PT1H"), "the approval has ended: it is APPROVED");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("everyCommand")
  void anythingAfterRejectionIsRefused(ApprovalCommand command) {
    ApprovalProcess process = startStandard();
    process.apply(approve("alice"), T0);
    process.apply(reject("dave"), T0);
    assertRefusedUnchanged(process, command, at("PT1H"), "the approval has ended: it is REJECTED");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("everyCommand")
  void anythingAfterAbortIsRefused(ApprovalCommand command) {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Abort("stop"), T0);
    assertRefusedUnchanged(process, command, at("PT1H"), "the approval has ended: it is ABORTED");
  }

  // ---- the decide handler ------------------------------------------------------------------

  @Test
  void decideApprovedEndsTheCurrentStepAndOffersTheNext() {
    ApprovalProcess process = startStandard();
    assertTrue(process.decide(Outcome.APPROVED.name(), "review.completion", at("P1D")));
    StepInfo review = stepInfo(process, "review");
    assertEquals("COMPLETED", review.state());
    assertEquals("APPROVED", review.outcome());
    assertEquals("timer:review.completion", review.decidedBy());
    assertEquals(at("P1D").toString(), review.completedAt());
    assertEquals("signoff", process.currentTask().name());
    assertEquals(ProcessState.ACTIVE, process.state());
    assertTrue(process.timer("review.completion").orElseThrow().cleared());
  }

  @Test
  void decideRejectedRejectsTheProcess() {
    ApprovalProcess process = startStandard();
    process.apply(claim("alice"), T0);
    assertTrue(process.decide(Outcome.REJECTED.name(), "review.completion", at("P1D")));
    assertEquals(ProcessState.REJECTED, process.state());
    assertEquals("timer:review.completion", process.result().decidedBy());
    assertEquals("REJECTED", stepInfo(process, "review").outcome());
  }

  @Test
  void decideApprovedOnTheLastStepApprovesTheProcess() {
    ApprovalProcess process = startStandard();
    process.apply(approve("alice"), T0);
    assertTrue(process.decide(Outcome.APPROVED.name(), "signoff.acceptance", at("PT2H")));
    assertEquals(ProcessState.APPROVED, process.state());
    assertEquals("timer:signoff.acceptance", process.result().decidedBy());
  }

  @Test
  void decideHasNothingToDoOnceTheProcessEnded() {
    ApprovalProcess process = startStandard();
    process.apply(reject("alice"), T0);
    StatusInfo before = process.status();
    assertFalse(process.decide(Outcome.APPROVED.name(), "process", at("P5D")));
    assertEquals(before, process.status());
  }

  @Test
  void decideDoesNothingWhileTheProcessIsSuspended() {
    ApprovalProcess process = startStandard();
    process.apply(new ApprovalCommand.Suspend("hold"), T0);
    StatusInfo before = process.status();
    assertFalse(process.decide(Outcome.REJECTED.name(), "process", at("P5D")));
    assertEquals(before, process.status());
  }

  @Test
  void decideHandlerOfAnExpiredTimerEndsTheStep() {
    ApprovalProcess process =
        ApprovalProcess.start(
            new ApprovalRequest(
                "r",
                null,
                null,
                null,
                null,
                null,
                List.of(
                    new StepDefinition(
                        "s",
                        null,
                        List.of("a"),
                        "PT1H",
                        List.of(Fixtures.decide("REJECTED")),
                        null,
                        null)),
                null),
            T0);
    List<Expiry> expiries = process.expireDue(at("PT1H"));
    assertEquals(1, expiries.size());
    TimerHandler.Decide handler = (TimerHandler.Decide) expiries.get(0).handlers().get(0);
    assertTrue(process.decide(handler.outcome(), expiries.get(0).timer(), at("PT1H")));
    assertEquals(ProcessState.REJECTED, process.state());
  }

  @Test
  void processAndUserTimersDecideWhicheverStepIsCurrent() {
    ApprovalProcess process = startStandard();
    process.apply(approve("alice"), T0);
    assertTrue(process.decide(Outcome.REJECTED.name(), "process", at("P5D")));
    assertEquals(ProcessState.REJECTED, process.state());
    assertEquals("REJECTED", stepInfo(process, "signoff").outcome());

    ApprovalProcess other = startStandard();
    other.apply(approve("alice"), T0);
    assertTrue(other.decide(Outcome.APPROVED.name(), "reminder", at("PT1H")));
    assertEquals(ProcessState.APPROVED, other.state());
  }

  @Test
  void stepTimersDecideHandlerDoesNotDecideALaterStep() {
    ApprovalProcess process = startStandard();
    // review's completion timer expired; before its decide handler ran, alice approved review.
    assertEquals(
        1,
        process.expireDue(at("P1D")).stream()
            .filter(e -> e.timer().equals("review.completion"))
            .count());
    process.apply(approve("alice"), at("P1D"));
    StatusInfo before = process.status();
    assertFalse(process.decide(Outcome.REJECTED.name(), "review.completion", at("P1D")));
    assertEquals(before, process.status());
    assertEquals("READY", stepInfo(process, "signoff").state());
  }

  @Test
  void simultaneousDecideHandlersOfOneStepDecideOnlyThatStep() {
    ApprovalProcess process =
        ApprovalProcess.start(
            new ApprovalRequest(
                "r",
                null,
                null,
                null,
                null,
                null,
                List.of(
                    new StepDefinition(
                        "first",
                        null,
                        List.of("a"),
                        "PT1H",
                        List.of(Fixtures.decide("APPROVED")),
                        "PT1H",
                        List.of(Fixtures.decide("REJECTED"))),
                    Fixtures.step("second", List.of("b"), null, null)),
                null),
            T0);
    List<Expiry> expiries = process.expireDue(at("PT1H"));
    assertEquals(
        List.of("first.acceptance", "first.completion"),
        expiries.stream().map(Expiry::timer).toList());
    List<Boolean> decided = new ArrayList<>();
    for (Expiry expiry : expiries) {
      TimerHandler.Decide handler = (TimerHandler.Decide) expiry.handlers().get(0);
      decided.add(process.decide(handler.outcome(), expiry.timer(), at("PT1H")));
    }
    assertEquals(List.of(true, false), decided);
    assertEquals(ProcessState.ACTIVE, process.state());
    assertEquals("APPROVED", stepInfo(process, "first").outcome());
    assertEquals("READY", stepInfo(process, "second").state());
  }

  // ---- warnings and the audit trail --------------------------------------------------------

  @Test
  void warningsAppearInStatusAndResult() {
    ApprovalProcess process = startStandard();
    process.addWarning("review.acceptance", "review", "nobody took it", at("PT4H"));
    process.addWarning("process", null, "late", at("P5D"));
    List<WarningInfo> expected =
        List.of(
            new WarningInfo(at("PT4H").toString(), "review.acceptance", "review", "nobody took it"),
            new WarningInfo(at("P5D").toString(), "process", null, "late"));
    assertEquals(expected, process.warnings());
    assertEquals(expected, process.status().warnings());
    assertEquals(expected, process.result().warnings());
  }

  @Test
  void recordCommandAddsAcceptedAndRefusedCommandsToTheHistory() {
    ApprovalProcess process = startStandard();
    var input = JsonNodeFactory.instance.objectNode().put("user", "mallory");
    process.recordCommand(T0, "update", "claim", input, Optional.of("mallory is not a potential owner"));
    process.recordCommand(at("PT1M"), "signal", "suspend", null, Optional.empty());
    assertEquals(
        List.of(
            new HistoryEntry(
                T0.toString(), "update", "claim", input, false, "mallory is not a potential owner"),
            new HistoryEntry(at("PT1M").toString(), "signal", "suspend", null, true, null)),
        process.history());
  }

  @Test
  void viewsAreCopiesThatCannotChangeTheProcess() {
    ApprovalProcess process = startStandard();
    process.addWarning("process", null, "w", T0);
    assertThrowsUnsupported(() -> process.warnings().clear());
    assertThrowsUnsupported(() -> process.history().clear());
    assertThrowsUnsupported(() -> process.status().steps().clear());
    assertThrowsUnsupported(() -> process.timerInfos().clear());
    assertEquals(1, process.warnings().size());
  }

  private static void assertThrowsUnsupported(Runnable action) {
    assertThrows(UnsupportedOperationException.class, action::run);
  }
}
