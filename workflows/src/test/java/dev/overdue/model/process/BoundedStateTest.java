package dev.overdue.model.process;

import static dev.overdue.model.process.Fixtures.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.timer.Expiry;
import dev.overdue.model.timer.TimerSnapshot;
import dev.overdue.model.trail.Warnings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a run carries across continue-as-new does not grow with the approval's life: the count of
 * warnings and the latest ones travel, every warning stays in the trail of the run that raised it.
 */
class BoundedStateTest {
  private static final String MINUTELY_WARNING =
      "{'requestId':'B-1','requester':'carol','steps':[{'name':'manager','approvers':['alice']}],"
          + "'timers':[{'name':'nag','cycle':'R/PT1M','handlers':[{'action':'warn'}]}]}";

  private static ApprovalProcess start() {
    ApprovalProcess process =
        ApprovalProcess.start(RequestJson.parse(MINUTELY_WARNING.replace('\'', '"')), T0, null, Edition.CURRENT);
    process.apply(new ApprovalCommand.EnableTimer("nag", null), T0);
    return process;
  }

  /** What the workflow does when the cycle fires: each firing's warn adds a warning. */
  private static void expire(ApprovalProcess process, Instant now) {
    for (Expiry expiry : process.expireDue(now)) {
      process.addWarning(expiry.timer(), expiry.step(), "reminder " + expiry.timer() + " #" + expiry.firing(), now);
    }
  }

  /** Continue-as-new: the snapshot goes through JSON, as the next run's input does. */
  private static ApprovalProcess continued(ApprovalProcess process, Instant now) {
    return ApprovalProcess.restore(ProcessSnapshot.of(RequestJson.tree(process.snapshot())), "run", now, Edition.CURRENT);
  }

  private static int jsonBytes(Object value) {
    return RequestJson.tree(value).toString().getBytes(StandardCharsets.UTF_8).length;
  }

  @Test
  void twentyThousandExpiriesAcrossRunsCarryTheCountAndTheLatestHundred() {
    ApprovalProcess process = start();
    List<List<HistoryEntry>> trails = new ArrayList<>();
    int largestSnapshot = 0;
    Instant now = T0;
    for (int minute = 1; minute <= 20_000; minute++) {
      now = T0.plus(Duration.ofMinutes(minute));
      expire(process, now);
      if (minute % 250 == 0) {
        largestSnapshot = Math.max(largestSnapshot, jsonBytes(process.snapshot()));
        trails.add(process.history());
        process = continued(process, now);
      }
    }
    assertEquals(20_000, process.warningCount());
    assertEquals(20_000L, process.status().warningCount());
    List<WarningInfo> kept = process.warnings();
    assertEquals(Warnings.KEPT, kept.size());
    assertEquals("reminder nag #19901", kept.get(0).message());
    assertEquals("reminder nag #20000", kept.get(Warnings.KEPT - 1).message());
    assertEquals(kept, process.result().warnings());
    assertEquals(20_000L, process.result().warningCount());
    // Measured: 9,827 bytes (the request, its timers, 100 short warnings and the count).
    assertTrue(largestSnapshot < 16 * 1024, "snapshot bytes: " + largestSnapshot);

    // Each warning is in the trail of the run that raised it, numbered among all of them.
    List<HistoryEntry> firstRun = trails.get(0);
    HistoryEntry first =
        firstRun.stream().filter(e -> e.name().equals(HistoryEntry.WARNING)).findFirst().orElseThrow();
    assertEquals(1, first.input().get("number").asLong());
    assertEquals("reminder nag #1", first.input().get("message").asText());
    assertEquals("nag", first.input().get("timer").asText());
    assertEquals(
        20_000,
        trails.stream().flatMap(List::stream).filter(e -> e.name().equals(HistoryEntry.WARNING)).count());
  }

  @Test
  void aRestoredProcessShowsTheSameLatestWarningsAndCount() {
    ApprovalProcess process = start();
    for (int minute = 1; minute <= 150; minute++) {
      expire(process, T0.plus(Duration.ofMinutes(minute)));
    }
    ApprovalProcess restored = continued(process, T0.plus(Duration.ofHours(3)));
    assertEquals(process.status(), restored.status());
    assertEquals(process.snapshot(), restored.snapshot());
    assertEquals(150L, process.snapshot().warningCount());
  }

  @Test
  void aLongMessageIsKeptCutShort() {
    String message = "x".repeat(50_000);
    ApprovalProcess bounded = start();
    bounded.addWarning(null, "manager", message, T0);
    String kept = bounded.warnings().get(0).message();
    assertTrue(kept.length() < Warnings.MAX_MESSAGE_LENGTH + 40, "kept: " + kept.length());
    assertTrue(kept.endsWith("… (50000 characters)"), kept.substring(Warnings.MAX_MESSAGE_LENGTH));
    assertEquals(kept, bounded.history().get(bounded.history().size() - 1).input().get("message").asText());
  }

  @Test
  void atWorstTheKeptWarningsStayFarUnderThePayloadLimit() {
    ApprovalProcess process = start();
    String longName = "t".repeat(RequestValidator.MAX_USER_LENGTH);
    for (int i = 0; i < 1_000; i++) {
      // Three bytes a character in UTF-8: the widest text a message can be.
      process.addWarning(longName, longName, "€".repeat(5_000), T0.plus(Duration.ofSeconds(i)));
    }
    int bytes = jsonBytes(process.snapshot());
    // Measured: 349,522 bytes, against 2 MB.
    assertTrue(bytes < 400 * 1024, "snapshot bytes: " + bytes);
  }

  /** 100 user timers, each enabled and extended four times: 500 changes. */
  private static ApprovalProcess manyChangedTimers() {
    StringBuilder timers = new StringBuilder();
    for (int i = 0; i < RequestValidator.MAX_TIMERS; i++) {
      timers.append(i == 0 ? "" : ",").append("{'name':'t").append(i).append("','limit':'PT1H'}");
    }
    ApprovalProcess process =
        ApprovalProcess.start(
            RequestJson.parse(
                ("{'requestId':'B-2','steps':[{'name':'manager','approvers':['alice']}],'timers':[" + timers + "]}")
                    .replace('\'', '"')),
            T0, null, Edition.CURRENT);
    Instant now = T0;
    for (int i = 0; i < RequestValidator.MAX_TIMERS; i++) {
      now = now.plusSeconds(1);
      process.apply(new ApprovalCommand.EnableTimer("t" + i, null), now);
      for (int k = 0; k < 4; k++) {
        process.apply(new ApprovalCommand.ExtendDeadline("t" + i, null, Duration.ofMinutes(1).toString(), null), now);
      }
    }
    return process;
  }

  @Test
  void aContinuedRunCarriesTheLatestTimerChangesOfAllAndEveryTimersCount() {
    ApprovalProcess process = manyChangedTimers();
    ProcessSnapshot snapshot = process.snapshot();
    assertEquals(
        ProcessSetup.MAX_CARRIED_CHANGES,
        snapshot.timers().stream().mapToInt(t -> t.changes() == null ? 0 : t.changes().size()).sum());
    TimerSnapshot last = timer(snapshot, "t99");
    TimerSnapshot early = timer(snapshot, "t0");
    assertEquals(5, last.changes().size());
    assertEquals(5L, last.changeCount());
    assertNull(early.changes(), "the earliest timers' changes stay in the trail");
    assertEquals(5L, early.changeCount());

    ApprovalProcess restored = continued(process, T0.plus(Duration.ofHours(1)));
    assertEquals(5L, restored.timer("t0").orElseThrow().changeCount());
    assertEquals(process.timer("t99").orElseThrow().changes(), restored.timer("t99").orElseThrow().changes());
    TimerInfo shown = restored.timerInfos().stream().filter(t -> t.name().equals("t0")).findFirst().orElseThrow();
    assertEquals(5L, shown.derivation().changeCount());
    assertEquals(List.of(), shown.derivation().changes());
  }

  private static TimerSnapshot timer(ProcessSnapshot snapshot, String name) {
    return snapshot.timers().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }
}
