package dev.overdue.model.process;

import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.at;
import static dev.overdue.model.process.Fixtures.startStandard;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command in every situation: refusal() is empty exactly when apply() succeeds, and a refused
 * command changes nothing at all (status, timers, history).
 */
class ApprovalProcessRefusalsTest {

  private static final Instant NOW = at("PT5H");

  /** Situations a process can be in, each rebuilt from scratch on demand. */
  private static Map<String, Supplier<ApprovalProcess>> situations() {
    Map<String, Supplier<ApprovalProcess>> s = new LinkedHashMap<>();
    s.put("started", Fixtures::startStandard);
    s.put("claimed by alice", () -> run(p -> p.apply(new ApprovalCommand.Claim(null, "alice"), T0)));
    s.put("reminder running", () -> run(p -> p.apply(new ApprovalCommand.EnableTimer("reminder", null), T0)));
    s.put(
        "timers expired",
        () ->
            run(
                p -> {
                  p.apply(new ApprovalCommand.EnableTimer("reminder", null), T0);
                  p.expireDue(at("PT4H"));
                }));
    s.put("suspended", () -> run(p -> p.apply(new ApprovalCommand.Suspend("hold"), T0)));
    s.put(
        "claimed then suspended",
        () ->
            run(
                p -> {
                  p.apply(new ApprovalCommand.Claim(null, "bob"), T0);
                  p.apply(new ApprovalCommand.EnableTimer("reminder", null), T0);
                  p.apply(new ApprovalCommand.Suspend("hold"), at("PT1M"));
                }));
    s.put("second step", () -> run(p -> p.apply(new ApprovalCommand.Approve("alice", null), T0)));
    s.put(
        "second step claimed",
        () ->
            run(
                p -> {
                  p.apply(new ApprovalCommand.Approve("alice", null), T0);
                  p.apply(new ApprovalCommand.Claim("signoff", "dave"), T0);
                }));
    s.put(
        "approved",
        () ->
            run(
                p -> {
                  p.apply(new ApprovalCommand.Approve("alice", null), T0);
                  p.apply(new ApprovalCommand.Approve("dave", null), T0);
                }));
    s.put("rejected", () -> run(p -> p.apply(new ApprovalCommand.Reject("bob", "no"), T0)));
    s.put("aborted", () -> run(p -> p.apply(new ApprovalCommand.Abort("stop"), T0)));
    return s;
  }

  private interface Step {
    void accept(ApprovalProcess process);
  }

  private static ApprovalProcess run(Step step) {
    ApprovalProcess process = startStandard();
    step.accept(process);
    return process;
  }

  private static List<ApprovalCommand> commands() {
    List<ApprovalCommand> commands = new ArrayList<>();
    for (String timer :
        new String[] {
          "process",
          "review.acceptance",
          "review.completion",
          "signoff.acceptance",
          "signoff.completion",
          "reminder",
          "escalation",
          "nope",
          null,
        }) {
      commands.add(new ApprovalCommand.EnableTimer(timer, null));
      commands.add(new ApprovalCommand.DisableTimer(timer, null));
      commands.add(new ApprovalCommand.ExtendDeadline(timer, "PT3H", null, null));
      commands.add(
          new ApprovalCommand.ExtendDeadline(timer, "2026-11-23T12:00:00Z", null, null));
      commands.add(
          new ApprovalCommand.ExtendDeadline(timer, "2026-12-24T12:00:00Z", null, null));
      commands.add(new ApprovalCommand.ExtendDeadline(timer, null, Duration.ofHours(1).toString(), null));
      commands.add(new ApprovalCommand.ExtendDeadline(timer, null, "P3D", null));
      commands.add(new ApprovalCommand.ExtendDeadline(timer, null, null, null));
      commands.add(new ApprovalCommand.ExtendDeadline(timer, "PT3H", Duration.ofHours(1).toString(), null));
    }
    commands.add(new ApprovalCommand.Suspend("hold"));
    commands.add(new ApprovalCommand.Suspend(null));
    commands.add(new ApprovalCommand.Resume());
    for (String user : new String[] {"alice", "bob", "dave", "mallory", "", null}) {
      for (String step : new String[] {null, "review", "signoff", "legal"}) {
        commands.add(new ApprovalCommand.Claim(step, user));
        commands.add(new ApprovalCommand.Release(step, user));
      }
      commands.add(new ApprovalCommand.Approve(user, "c"));
      commands.add(new ApprovalCommand.Reject(user, "c"));
    }
    commands.add(new ApprovalCommand.Abort("stop"));
    commands.add(new ApprovalCommand.Abort(""));
    commands.add(new ApprovalCommand.Abort(null));
    return commands;
  }

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    situations()
        .forEach(
            (name, build) -> {
              for (ApprovalCommand command : commands()) {
                cases.add(Arguments.of(name, command, build));
              }
            });
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("cases")
  void refusalPredictsApplyAndARefusedCommandChangesNothing(
      String situation, ApprovalCommand command, Supplier<ApprovalProcess> build) {
    ApprovalProcess process = build.get();
    StatusInfo status = process.status();
    List<TimerInfo> timers = process.timerInfos();
    List<HistoryEntry> history = process.history();
    Optional<String> refusal = process.refusal(command, NOW);
    assertEquals(status, process.status(), "refusal() changed something");
    if (refusal.isPresent()) {
      assertFalse(refusal.get().isBlank());
      RuleViolation violation =
          assertThrows(RuleViolation.class, () -> process.apply(command, NOW));
      assertEquals(refusal.get(), violation.reason());
      assertEquals(status, process.status(), "a refused command changed the status");
      assertEquals(timers, process.timerInfos(), "a refused command changed the timers");
      assertEquals(history, process.history(), "a refused command changed the history");
    } else {
      String message = process.apply(command, NOW);
      assertTrue(message != null && !message.isBlank());
    }
  }
}
