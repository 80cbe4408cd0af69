package dev.overdue.model.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.model.request.Outcome;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.timer.Expiry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Continue-as-new carries a snapshot: it must lose nothing a user or a rule can see. */
class ProcessSnapshotTest {
  private static final Instant T0 = Instant.parse("2026-11-23T09:00:00Z");
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ApprovalProcess busyProcess() {
    ApprovalProcess process =
        ApprovalProcess.start(
            RequestJson.parse(
                "{\"requestId\":\"S-1\",\"title\":\"t\",\"requester\":\"carol\",\"timeout\":\"P5D\","
                    + "\"steps\":[{\"name\":\"one\",\"approvers\":[\"alice\"],\"offerTimeout\":\"PT1H\",\"timeout\":\"P1D\"},"
                    + "{\"name\":\"two\",\"approvers\":[\"bob\"],\"timeout\":\"P2D\","
                    + "\"onTimeout\":[{\"action\":\"notify\",\"to\":[\"bob\"],\"message\":\"m\"},{\"action\":\"decide\",\"outcome\":\"REJECTED\"}]}],"
                    + "\"timers\":[{\"name\":\"nag\",\"limit\":\"PT30M\"}]}"),
            T0);
    process.apply(new ApprovalCommand.EnableTimer("nag", null), T0);
    Instant later = T0.plus(Duration.ofHours(2));
    process.expireDue(later);
    process.addWarning("one.acceptance", "one", "late", later);
    process.apply(new ApprovalCommand.Approve("alice", "fine"), later);
    process.apply(new ApprovalCommand.Claim(null, "bob"), later);
    process.apply(new ApprovalCommand.Suspend("audit"), later);
    return process;
  }

  @Test
  void aRestoredProcessShowsExactlyWhatTheOriginalShowed() throws Exception {
    ApprovalProcess original = busyProcess();
    ProcessSnapshot snapshot =
        JSON.readValue(JSON.writeValueAsString(original.snapshot()), ProcessSnapshot.class);
    ApprovalProcess restored = ApprovalProcess.restore(snapshot, "run-1", T0.plus(Duration.ofHours(3)), Edition.CURRENT);
    assertEquals(original.status(), restored.status());
    assertEquals(original.timerInfos(), restored.timerInfos());
    assertEquals(original.snapshot(), restored.snapshot());
  }

  @Test
  void theNewRunsAuditTrailStartsByNamingThePreviousRun() {
    ApprovalProcess restored =
        ApprovalProcess.restore(busyProcess().snapshot(), "run-1", T0.plus(Duration.ofHours(3)), Edition.CURRENT);
    assertEquals(1, restored.history().size());
    assertEquals(HistoryEntry.CONTINUED_AS_NEW, restored.history().get(0).name());
    assertEquals("run-1", restored.history().get(0).input().get("previousRunId").asText());
  }

  @Test
  void aRestoredProcessGoesOnByTheSameRules() {
    ApprovalProcess original = busyProcess();
    ApprovalProcess restored =
        ApprovalProcess.restore(original.snapshot(), "run-1", T0.plus(Duration.ofHours(3)), Edition.CURRENT);
    Instant resumeAt = T0.plus(Duration.ofDays(3));
    for (ApprovalProcess process : List.of(original, restored)) {
      process.apply(new ApprovalCommand.Resume(), resumeAt);
      // two.completion (P2D from 2 h) passed while suspended: it expires now and decides.
      assertEquals(
          List.of("two.completion"), process.expireDue(resumeAt).stream().map(Expiry::timer).toList());
      assertTrue(process.decide(Outcome.REJECTED.name(), "two.completion", resumeAt));
    }
    assertEquals(original.status(), restored.status());
  }
}
