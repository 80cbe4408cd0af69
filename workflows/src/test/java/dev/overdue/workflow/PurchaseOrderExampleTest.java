package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.overdue.api.ApprovalResult;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StepInfo;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.NotificationEvent;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * docs/examples/purchase-order.yaml, the definition the README shows, is valid and does on the
 * time-skipping service what its comments say.
 */
@Timeout(120)
class PurchaseOrderExampleTest {
  static final Path EXAMPLE = Path.of("../docs/examples/purchase-order.yaml");
  /** Monday 2026-11-23 08:30 in Berlin, before the working day starts at 09:00. */
  static final Instant MONDAY = Instant.parse("2026-11-23T07:30:00Z");

  @AfterEach
  void resetCalendar() {
    WorkerCalendar.use(CalendarSettings.officeHours());
  }

  static JsonNode example() throws Exception {
    return new ObjectMapper(new YAMLFactory()).readTree(EXAMPLE.toFile());
  }

  @Test
  void theExampleIsAValidRequest() throws Exception {
    assertEquals(List.of(), RequestValidator.problems(RequestJson.parse(example()), MONDAY));
  }

  @Test
  void theExampleRunsAsItsCommentsSay() throws Exception {
    WorkerCalendar.use(DeadlinesWorkflowTest.BERLIN);
    try (ApprovalTestEnvironment t = new ApprovalTestEnvironment(MONDAY)) {
      String id = t.approvals.start(example(), ApprovalTestEnvironment.QUEUE);

      // The plan: reassignments due at once, the lexically first wins; the other is noted.
      List<PlanEntry> plan = t.approvals.plan(id);
      PlanEntry deputy = plan.stream().filter(p -> "b-deputy".equals(p.name())).findFirst().orElseThrow();
      assertTrue(deputy.note().contains("superseded by manager.escalate.a-director"), deputy.note());
      PlanEntry director = plan.stream().filter(p -> "a-director".equals(p.name())).findFirst().orElseThrow();
      assertEquals("true", director.conditionNow());
      // A working day is 09:00–17:00 in Berlin: eight working hours from Monday 09:00 is 17:00.
      PlanEntry pickUp = plan.stream().filter(p -> p.timer().equals("manager.pick-up")).findFirst().orElseThrow();
      assertEquals("2026-11-23T16:00", pickUp.at().substring(0, 16));
      assertEquals(List.of("alice", "bob"), pickUp.targets());
      assertEquals("2027-11-26T16:00:00Z", t.timer(id, "manager.due").expiresAt());
      // The cron reminder: 09:00 Berlin on working days, the first half an hour after the start.
      assertEquals("2026-11-23T08:00:00Z", t.timer(id, "manager.remind").expiresAt());
      StepInfo finance = t.status(id).steps().get(1);
      assertEquals(List.of("finance"), finance.candidateGroups());
      assertEquals(2, finance.priority());
      assertEquals(3, t.status(id).steps().get(0).priority());

      t.sleep(Duration.ofHours(9));
      List<Delivery> sent = t.activities.deliveries;
      assertTrue(sent.stream().anyMatch(d -> d.event() == NotificationEvent.TASK_EVENT
          && d.recipient().name().equals("alice")), "created listener");
      assertTrue(sent.stream().anyMatch(d -> d.event() == NotificationEvent.DEADLINE_ESCALATED
          && "manager.pick-up".equals(d.context().timer())), "start deadline");

      assertEquals(1, t.status(id).steps().get(0).priority(), "raised by the first reminder");

      t.approvals.update(id, "start", json("{'user':'alice'}"));
      t.approvals.update(id, "complete", json("{'user':'alice','outcome':'needs-legal'}"));
      assertEquals("legal", t.status(id).currentStep());
      StepInfo legal = t.status(id).steps().get(2);
      assertEquals("RESERVED", legal.state(), "assigned to data.counsel");
      assertEquals("lena", legal.owner());
      // Legal's P2D counts working days from Monday 17:30 Berlin, after hours: from Tuesday 09:00,
      // two working days end on Thursday 09:00.
      assertEquals("2026-11-26T08:00", t.timer(id, "legal.due").expiresAt().substring(0, 16));
      t.sleep(Duration.ofDays(3));
      ApprovalResult result = t.approvals.result(id);
      assertEquals("APPROVED", result.outcome());
      assertEquals("timer:legal.due", result.decidedBy());
    }
  }
}
