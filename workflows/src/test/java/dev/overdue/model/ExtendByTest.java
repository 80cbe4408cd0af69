package dev.overdue.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    for (Duration by : new Duration[] {Duration.ZERO, Duration.ofMinutes(-5)}) {
      String reason =
          process.refusal(new Command.ExtendDeadline("process", null, by), T0).orElseThrow();
      assertTrue(reason.contains("positive"), reason);
    }
    assertEquals(T0.plus(Duration.ofHours(1)), process.timer("process").orElseThrow().expiresAt().orElseThrow());
  }
}
