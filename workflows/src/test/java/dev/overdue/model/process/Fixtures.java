package dev.overdue.model.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalRequest.HandlerDefinition;
import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.api.ApprovalRequest.TimerDefinition;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.timer.BusinessTimer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Fixed instants and ready-made requests shared by the model tests. Never the wall clock. */
public final class Fixtures {
  private Fixtures() {}

  /** A JSON object as a command record carries it (a decision's output, a data update). */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> object(JsonNode json) {
    return new ObjectMapper().convertValue(json, Map.class);
  }

  /** "Now" when a process starts: Monday 2026-11-23 09:00 UTC. */
  public static final Instant T0 = Instant.parse("2026-11-23T09:00:00Z");

  /** {@code T0} plus an ISO-8601 duration such as {@code PT30M}. */
  public static Instant at(String duration) {
    return T0.plus(Duration.parse(duration));
  }

  public static HandlerDefinition warn() {
    return new HandlerDefinition("warn", null, null, null, null);
  }

  public static HandlerDefinition notifyTo(String message, String... to) {
    return new HandlerDefinition("notify", List.of(to), message, null, null);
  }

  public static HandlerDefinition decide(String outcome) {
    return new HandlerDefinition("decide", null, null, outcome, null);
  }

  public static StepDefinition step(
      String name, List<String> approvers, String offerTimeout, String timeout) {
    return new StepDefinition(name, name + " title", approvers, offerTimeout, null, timeout, null);
  }

  public static TimerDefinition timer(String name, String limit, HandlerDefinition... handlers) {
    return new TimerDefinition(name, limit, List.of(handlers));
  }

  public static ApprovalRequest request(
      String timeout, List<StepDefinition> steps, List<TimerDefinition> timers) {
    return new ApprovalRequest(
        "req-1", "Buy a laptop", "carol", Map.of("amount", 1200), timeout, null, steps, timers);
  }

  /**
   * Two steps and two user timers:
   *
   * <ul>
   *   <li>process timer P5D;
   *   <li>step {@code review} (alice, bob): acceptance PT4H, completion P1D;
   *   <li>step {@code signoff} (dave): acceptance PT2H, completion P2D;
   *   <li>user timer {@code reminder} PT1H (notify), user timer {@code escalation} absolute
   *       2026-11-25T17:00:00+01:00 (default handler).
   * </ul>
   */
  public static ApprovalRequest standardRequest() {
    return request(
        "P5D",
        List.of(
            step("review", List.of("alice", "bob"), "PT4H", "P1D"),
            step("signoff", List.of("dave"), "PT2H", "P2D")),
        List.of(
            timer("reminder", "PT1H", notifyTo("please decide", "alice", "bob")),
            timer("escalation", "2026-11-25T17:00:00+01:00")));
  }

  public static ApprovalProcess startStandard() {
    return ApprovalProcess.start(standardRequest(), T0);
  }

  public static BusinessTimer timerOf(ApprovalProcess process, String name) {
    return process.timer(name).orElseThrow(() -> new AssertionError("no timer " + name));
  }

  /** The timer's info without its derivation trail (which {@link #derivationOf} gives). */
  public static TimerInfo infoOf(ApprovalProcess process, String name) {
    TimerInfo t = fullInfoOf(process, name);
    return new TimerInfo(t.name(), t.kind(), t.step(), t.state(), t.limit(), t.expiresAt(), t.expired(),
        t.cleared(), t.firings());
  }

  public static dev.overdue.api.TimerDerivation derivationOf(ApprovalProcess process, String name) {
    return fullInfoOf(process, name).derivation();
  }

  private static TimerInfo fullInfoOf(ApprovalProcess process, String name) {
    return process.timerInfos().stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no timer info " + name));
  }

  /**
   * Asserts {@code command} is refused at {@code now} with a reason containing {@code fragment},
   * that {@code refusal} gives the same reason, and that nothing at all changed.
   */
  public static RuleViolation assertRefusedUnchanged(
      ApprovalProcess process, ApprovalCommand command, Instant now, String fragment) {
    StatusInfo status = process.status();
    List<TimerInfo> timers = process.timerInfos();
    List<HistoryEntry> history = process.history();
    String refusal =
        process
            .refusal(command, now)
            .orElseThrow(() -> new AssertionError("not refused: " + command));
    assertEquals(status, process.status(), "refusal() changed the status");
    RuleViolation violation = assertThrows(RuleViolation.class, () -> process.apply(command, now));
    assertEquals(refusal, violation.reason(), "refusal() and apply() disagree");
    if (!violation.reason().contains(fragment)) {
      throw new AssertionError(
          "reason '" + violation.reason() + "' does not contain '" + fragment + "'");
    }
    assertEquals(status, process.status(), "a refused command changed the status");
    assertEquals(timers, process.timerInfos(), "a refused command changed the timers");
    assertEquals(history, process.history(), "a refused command changed the history");
    return violation;
  }
}
