package dev.overdue.model.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.schedule.IsoDuration;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ExtendByTest {
  private static final Instant T0 = Instant.parse("2026-11-23T09:00:00Z");

  @Test
  void extendingByAZeroOrNegativeDurationIsRefusedInTheModelToo() {
    ApprovalProcess process =
        ApprovalProcess.start(
            RequestJson.parse(
                "{\"requestId\":\"X\",\"timeout\":\"PT1H\",\"steps\":[{\"name\":\"s\",\"approvers\":[\"a\"]}]}"),
            T0);
    String reason =
        process
            .refusal(new ApprovalCommand.ExtendDeadline("process", null, Duration.ZERO.toString(), null), T0)
            .orElseThrow();
    assertTrue(reason.contains("positive"), reason);
    // A negative one is no duration at all: refused as it is read.
    RuleViolation negative = assertThrows(RuleViolation.class, () -> IsoDuration.parse("-PT5M"));
    assertTrue(negative.reason().contains("positive"), negative.reason());
    assertEquals(T0.plus(Duration.ofHours(1)), process.timer("process").orElseThrow().expiresAt().orElseThrow());
  }

  @Test
  void extendingBySeveralTimesWhileSuspendedAddsUp() {
    ApprovalProcess process =
        ApprovalProcess.start(
            RequestJson.parse(
                "{\"requestId\":\"X\",\"timeout\":\"PT1H\",\"steps\":[{\"name\":\"s\",\"approvers\":[\"a\"]}]}"),
            T0);
    process.apply(new ApprovalCommand.Suspend(null), T0);
    for (int i = 0; i < 3; i++) {
      process.apply(new ApprovalCommand.ExtendDeadline("process", null, Duration.ofMinutes(10).toString(), null), T0);
    }
    Instant resumedAt = T0.plus(Duration.ofMinutes(5));
    process.apply(new ApprovalCommand.Resume(), resumedAt);
    assertEquals(
        T0.plus(Duration.ofMinutes(90)),
        process.timer("process").orElseThrow().expiresAt().orElseThrow(),
        "1 h + 3 x 10 min, fixed by the absolute limit each 'by' set");
  }
}
