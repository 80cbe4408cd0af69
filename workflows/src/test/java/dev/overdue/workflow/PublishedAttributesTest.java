package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.client.Approvals;
import io.temporal.common.SearchAttributeKey;
import io.temporal.common.SearchAttributes;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every search attribute an approval publishes says what {@code status} says, after every kind of
 * change: a list (bin/overdue list, the Web UI) must never show a date nothing expires at, or an
 * owner, step or offer that is gone.
 */
class PublishedAttributesTest {
  private final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  /** No process limit: once the manager step ends, a user timer three years out is all that runs. */
  private static final String REQUEST =
      "{'requestId':'PA-1','title':'Desks','requester':'carol',"
          + "'steps':[{'name':'manager','approvers':['alice','bob'],'offerTimeout':'PT4H','timeout':'P2D',"
          + "'completionDeadlines':[{'name':'escalate','for':'P1D','escalations':[{'action':'warn'}]}]},"
          + "{'name':'finance','approvers':['frank','fiona','bob'],'distinctFrom':['manager']}],"
          + "'timers':[{'name':'reminder','limit':'PT30M','handlers':[{'action':'warn'}]},"
          + "{'name':'audit','limit':'P1095D'}]}";

  @Test
  void everyAttributeFollowsTheStatusAfterEveryChange() {
    String id = t.start(REQUEST);
    settleAndCompare(id, "started");
    update(id, "enableTimer", "{'timer':'audit'}", "a user timer enabled");
    update(id, "enableTimer", "{'timer':'reminder'}", "a second one enabled");
    update(id, "claim", "{'user':'alice'}", "claimed: the acceptance timer is cleared");
    update(id, "disableTimer", "{'timer':'reminder'}", "a user timer disabled");
    update(id, "suspend", "{'reason':'quote'}", "suspended");
    update(id, "resume", "{}", "resumed");
    update(id, "enableTimer", "{'timer':'reminder'}", "enabled again");
    t.sleep(Duration.ofMinutes(31));
    settleAndCompare(id, "the reminder expired");
    update(id, "release", "{'user':'alice'}", "released: offered again");
    update(id, "approve", "{'user':'bob'}", "the manager step ended: its timers are cleared");
    update(id, "claim", "{'user':'fiona'}", "the finance step claimed");
    update(id, "reject", "{'user':'fiona'}", "rejected: the approval ended");
    t.approvals.result(id);
    settleAndCompare(id, "ended");
  }

  private void update(String id, String command, String input, String what) {
    t.approvals.update(id, command, json(input));
    settleAndCompare(id, what);
  }

  private void settleAndCompare(String id, String after) {
    t.sleep(Duration.ofSeconds(1));
    StatusInfo status = t.status(id);
    SearchAttributes published =
        t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id)).describe()
            .getTypedSearchAttributes();
    StepInfo found =
        status.steps().stream().filter(s -> s.name().equals(status.currentStep())).findFirst().orElse(null);
    boolean open = status.state().equals("ACTIVE") || status.state().equals("SUSPENDED");
    StepInfo current = open ? found : null;
    Instant next =
        status.timers().stream()
            // A timer that expired keeps its date and stays RUNNING (its flag says so), and lists
            // keep showing that date while it runs (shape-18), as DueDate does.
            .filter(timer -> timer.state().equals("RUNNING") && timer.expiresAt() != null)
            .map(timer -> Instant.parse(timer.expiresAt()))
            .min(Comparator.naturalOrder())
            .orElse(null);
    OffsetDateTime deadline = published.get(ApprovalSearchAttributes.NEXT_DEADLINE);
    assertEquals(next, deadline == null ? null : deadline.toInstant(), after + ": NextDeadline, " + status.timers());
    expect(published, ApprovalSearchAttributes.APPROVAL_STATE, status.state(), after);
    expect(published, ApprovalSearchAttributes.CURRENT_STEP, current == null ? null : current.name(), after);
    expect(published, ApprovalSearchAttributes.CURRENT_OWNER, current == null ? null : current.owner(), after);
    expect(published, ApprovalSearchAttributes.PRIORITY, current == null ? null : (long) current.priority(), after);
    expect(published, ApprovalSearchAttributes.ANY_TIMER_EXPIRED,
        status.timers().stream().anyMatch(TimerInfo::expired), after);
    expect(published, ApprovalSearchAttributes.HAS_WARNINGS, !status.warnings().isEmpty(), after);
    expect(published, ApprovalSearchAttributes.TIMERS_RUNNING, count(status, "RUNNING"), after);
    expect(published, ApprovalSearchAttributes.TIMERS_SUSPENDED, count(status, "SUSPENDED"), after);
    expect(published, ApprovalSearchAttributes.UNWORKABLE,
        current != null && current.owner() == null && current.potentialOwners().isEmpty(), after);
    List<String> claimants =
        status.state().equals("ACTIVE") && current != null && current.state().equals("READY")
            ? current.potentialOwners().stream()
                .filter(user -> current.excludedOwners() == null || !current.excludedOwners().contains(user))
                .toList()
            : List.of();
    expect(published, ApprovalSearchAttributes.POTENTIAL_OWNERS, claimants.isEmpty() ? null : claimants, after);
    expect(published, ApprovalSearchAttributes.POTENTIAL_OWNERS_CUT, null, after);
    expect(published, ApprovalSearchAttributes.REQUESTER, status.requester(), after);
    expect(published, ApprovalSearchAttributes.TASK_STATE, current == null ? null : current.state(), after);
    expect(published, ApprovalSearchAttributes.CANDIDATE_GROUPS,
        current == null || current.candidateGroups().isEmpty() ? null : current.candidateGroups(), after);
    String step = current == null ? null : current.name();
    Instant due =
        status.timers().stream()
            .filter(timer -> timer.kind().equals("COMPLETION") && timer.step().equals(step)
                && timer.state().equals("RUNNING") && timer.expiresAt() != null)
            .map(timer -> Instant.parse(timer.expiresAt()))
            .findFirst()
            .orElse(null);
    OffsetDateTime dueDate = published.get(ApprovalSearchAttributes.DUE_DATE);
    assertEquals(due, dueDate == null ? null : dueDate.toInstant(), after + ": DueDate, " + status.timers());
  }

  private static long count(StatusInfo status, String state) {
    return status.timers().stream().filter(timer -> timer.state().equals(state)).count();
  }

  private static <T> void expect(SearchAttributes published, SearchAttributeKey<T> key, T expected, String after) {
    T actual = published.get(key);
    assertEquals(expected, actual, after + ": " + key.getName());
    if (expected == null) {
      assertEquals(false, published.containsKey(key), after + ": " + key.getName() + " is unset");
    }
  }
}
