package dev.overdue.model.process;

import static dev.overdue.model.process.DeadlinesTest.fire;
import static dev.overdue.model.process.DeadlinesTest.start;
import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.StepInfo;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Who a claim would be accepted from now ({@link ApprovalProcess#claimants}), what a task list
 * publishes as PotentialOwners: the current step's potential owners — candidate users, the groups'
 * members, the assignee — but those its four-eyes rules refuse, while it is READY and the approval
 * ACTIVE. Every assertion also checks the rule against the claim itself: the claimants are exactly
 * the users whose claim the approval would accept.
 */
class ClaimantsTest {
  /** Everyone the tests' requests and directory name, and two strangers to them. */
  private static final List<String> EVERYONE =
      List.of("alice", "bob", "carol", "dave", "erin", "frank", "mallory", "boss");

  /**
   * {@code process.claimants()}, after checking that it names exactly those of {@link #EVERYONE}
   * a claim of the current step is accepted from at {@code now}, in the order of its potential owners.
   */
  private static List<String> claimants(ApprovalProcess process, Instant now) {
    List<String> claimants = process.claimants();
    List<String> accepted =
        EVERYONE.stream()
            .filter(user -> process.refusal(new ApprovalCommand.Claim(null, user), now).isEmpty())
            .toList();
    assertEquals(accepted.stream().sorted().toList(), claimants.stream().sorted().toList(),
        "claimants are the users whose claim is accepted");
    return claimants;
  }

  @Test
  void theCandidateUsersMayClaimAReadyStepAndNoOneOnceItIsClaimedUntilItIsReleased() {
    ApprovalProcess process =
        start("{'requestId':'CL-1','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob']},"
            + "{'name':'finance','approvers':['frank']}]}");
    assertEquals(List.of("alice", "bob"), claimants(process, T0));
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1M"));
    assertEquals(List.of(), claimants(process, at("PT1M")));
    process.apply(new ApprovalCommand.Start(null, "alice"), at("PT2M"));
    assertEquals(List.of(), claimants(process, at("PT2M")), "IN_PROGRESS");
    process.apply(new ApprovalCommand.Release(null, "alice"), at("PT3M"));
    assertEquals(List.of("alice", "bob"), claimants(process, at("PT3M")));
    process.apply(new ApprovalCommand.Approve("bob", null), at("PT4M"));
    assertEquals(List.of("frank"), claimants(process, at("PT4M")), "the next step's");
    process.apply(new ApprovalCommand.Approve("frank", null), at("PT5M"));
    assertEquals(List.of(), process.claimants(), "the approval ended");
  }

  @Test
  void noOneMayClaimWhileTheApprovalIsSuspended() {
    ApprovalProcess process =
        start("{'requestId':'CL-2','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob']}]}");
    process.apply(new ApprovalCommand.Suspend("waiting for a quote"), at("PT1M"));
    assertEquals(List.of(), claimants(process, at("PT1M")));
    process.apply(new ApprovalCommand.Resume(), at("PT2M"));
    assertEquals(List.of("alice", "bob"), claimants(process, at("PT2M")));
  }

  @Test
  void theGroupsMembersMayClaimOnceTheDirectoryHasAnswered() {
    ApprovalProcess process = start(CandidateGroupsTest.FINANCE);
    assertEquals(List.of("alice"), claimants(process, T0), "the members are being looked up");
    TestDirectory.answerAll(process, T0);
    assertEquals(List.of("alice", "carol", "dave"), claimants(process, T0));
  }

  @Test
  void anAssignedStepIsClaimedAndOffersItselfToEveryPotentialOwnerOnceTheAssigneeReleasesIt() {
    ApprovalProcess process =
        start("{'requestId':'CL-3','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
            + "'assignee':'bob'}]}");
    assertEquals(List.of(), claimants(process, T0), "RESERVED by the assignee");
    process.apply(new ApprovalCommand.Release(null, "bob"), at("PT1M"));
    assertEquals(List.of("alice", "bob"), claimants(process, at("PT1M")));
  }

  @Test
  void theRequesterIsNotAClaimantOfAStepThatIsNotByTheRequester() {
    ApprovalProcess process = start(SeparationOfDutiesTest.FOUR_EYES);
    assertEquals(List.of("alice", "bob"), claimants(process, T0));
    assertEquals(List.of("carol"), step(process, "manager").excludedOwners());
    assertEquals(List.of("alice", "bob", "carol"), step(process, "manager").potentialOwners());
  }

  @Test
  void whoeverDecidedAnEarlierStepIsNotAClaimantOfAStepDistinctFromIt() {
    ApprovalProcess process = start(SeparationOfDutiesTest.FOUR_EYES);
    process.apply(new ApprovalCommand.Approve("alice", null), at("PT1H"));
    assertEquals("finance", process.currentTask().name());
    assertEquals(List.of("bob"), claimants(process, at("PT1H")));
    assertEquals(List.of("alice", "carol"), step(process, "finance").excludedOwners());
    assertNull(step(process, "manager").excludedOwners(), "a decided step excludes no one any more");
  }

  @Test
  void aGroupMemberTheRulesExcludeIsNotAClaimantThoughTheOtherMembersAre() {
    ApprovalProcess process =
        start("{'requestId':'CL-4','requester':'dave','steps':[{'name':'payout','candidateGroups':['finance'],"
            + "'notBy':['requester']}]}");
    TestDirectory.answerAll(process, T0);
    assertEquals(List.of("carol"), claimants(process, T0));
    assertEquals(List.of("dave"), step(process, "payout").excludedOwners());
  }

  @Test
  void aReassignmentMakesTheNewPotentialOwnersTheClaimantsEvenOfAClaimedStep() {
    ApprovalProcess process =
        start("{'requestId':'CL-5','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob'],"
            + "'notBy':['requester']}]}");
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1M"));
    assertEquals(List.of(), claimants(process, at("PT1M")));
    process.apply(new ApprovalCommand.Reassign("carol", List.of("finance", "erin")), at("PT2M"));
    TestDirectory.answerAll(process, at("PT2M"));
    assertEquals(List.of("erin", "dave"), claimants(process, at("PT2M")),
        "offered again; carol, a member of finance, requested it");
    assertEquals(List.of("carol"), step(process, "manager").excludedOwners());
  }

  @Test
  void theDueDateIsTheRunningCompletionTimersDateEvenOncePassedAndNoneWhileSuspendedOrEnded() {
    ApprovalProcess process =
        start("{'requestId':'CL-6','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
            + "'offerTimeout':'PT4H','timeout':'P2D','onTimeout':[{'action':'warn'}]},"
            + "{'name':'finance','approvers':['frank']}]}");
    Instant due = T0.plus(java.time.Duration.ofDays(2));
    assertEquals(Optional.of(due), process.dueDate(), "the completion timer's, not the acceptance timer's");
    process.apply(new ApprovalCommand.Suspend("quote"), at("PT1H"));
    assertEquals(Optional.empty(), process.dueDate(), "a suspended timer does not expire: no date is due");
    process.apply(new ApprovalCommand.Resume(), at("PT2H"));
    assertEquals(Optional.of(due), process.dueDate());
    fire(process, due);
    assertEquals(Optional.of(due), process.dueDate(), "overdue: expired and still running");
    process.apply(new ApprovalCommand.Approve("alice", null), due.plusSeconds(60));
    assertEquals(Optional.empty(), process.dueDate(), "finance has no timeout");
    process.apply(new ApprovalCommand.Approve("frank", null), due.plusSeconds(120));
    assertEquals(Optional.empty(), process.dueDate());
  }

  private static StepInfo step(ApprovalProcess process, String name) {
    return process.status().steps().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
  }
}
