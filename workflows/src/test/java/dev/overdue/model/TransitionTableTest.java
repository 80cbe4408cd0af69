package dev.overdue.model;

import static dev.overdue.model.process.Fixtures.T0;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.model.request.Outcome;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.task.TaskEvent;
import dev.overdue.model.task.TaskLifecycle;
import dev.overdue.model.task.TaskState;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.TimerEvent;
import dev.overdue.model.timer.TimerKind;
import dev.overdue.model.timer.TimerLifecycle;
import dev.overdue.model.timer.TimerState;
import java.time.Instant;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Walks every row of {@link TimerLifecycle#TABLE} and {@link TaskLifecycle#TABLE}. */
class TransitionTableTest {

  // ---- every row, through the table and through the objects that run on it ----------------

  static Stream<Arguments> timerRows() {
    return TimerLifecycle.TABLE.rows().stream().map(r -> Arguments.of(r.from(), r.event(), r));
  }

  static Stream<Arguments> taskRows() {
    return TaskLifecycle.TABLE.rows().stream().map(r -> Arguments.of(r.from(), r.event(), r));
  }

  @ParameterizedTest(name = "{0} + {1}")
  @MethodSource("timerRows")
  void everyTimerRowFiresToItsTargetOrThrowsItsReason(
      TimerState from, TimerEvent event, TransitionTable.Row<TimerState, TimerEvent> row) {
    if (row.allowed()) {
      assertNotNull(row.target());
      assertNull(row.rejection());
      assertEquals(row.target(), TimerLifecycle.TABLE.fire(from, event));
    } else {
      assertNull(row.target());
      assertFalse(row.rejection().isBlank());
      RuleViolation violation =
          assertThrows(RuleViolation.class, () -> TimerLifecycle.TABLE.fire(from, event));
      assertEquals(row.rejection(), violation.reason());
    }
  }

  /** Drives a real timer into {@code state}. */
  private static BusinessTimer timerIn(TimerState state) {
    BusinessTimer timer =
        new BusinessTimer("t", TimerKind.USER, null, TimeLimit.parse("PT1H"), List.of());
    if (state == TimerState.RUNNING || state == TimerState.SUSPENDED) {
      timer.on(TimerEvent.ENABLE, T0);
    }
    if (state == TimerState.SUSPENDED) {
      timer.on(TimerEvent.SUSPEND, T0);
    }
    if (state == TimerState.CLEARED) {
      timer.clear(T0);
    }
    assertEquals(state, timer.state());
    return timer;
  }

  @ParameterizedTest(name = "{0} + {1}")
  @MethodSource("timerRows")
  void everyTimerRowIsHowABusinessTimerBehaves(
      TimerState from, TimerEvent event, TransitionTable.Row<TimerState, TimerEvent> row) {
    BusinessTimer timer = timerIn(from);
    Instant later = T0.plusSeconds(60);
    if (row.allowed()) {
      assertTrue(timer.refusal(event).isEmpty());
      timer.on(event, later);
      assertEquals(row.target(), timer.state());
    } else {
      assertEquals("timer t: " + row.rejection(), timer.refusal(event).orElseThrow());
      var before = timer.expiresAt();
      RuleViolation violation = assertThrows(RuleViolation.class, () -> timer.on(event, later));
      assertEquals("timer t: " + row.rejection(), violation.reason());
      assertEquals(from, timer.state(), "a refused event changed the state");
      assertEquals(before, timer.expiresAt(), "a refused event changed the expiration date");
    }
  }

  @ParameterizedTest(name = "{0} + {1}")
  @MethodSource("taskRows")
  void everyTaskRowFiresToItsTargetOrThrowsItsReason(
      TaskState from, TaskEvent event, TransitionTable.Row<TaskState, TaskEvent> row) {
    if (row.allowed()) {
      assertNotNull(row.target());
      assertNull(row.rejection());
      assertEquals(row.target(), TaskLifecycle.TABLE.fire(from, event));
    } else {
      assertNull(row.target());
      assertFalse(row.rejection().isBlank());
      RuleViolation violation =
          assertThrows(RuleViolation.class, () -> TaskLifecycle.TABLE.fire(from, event));
      assertEquals(row.rejection(), violation.reason());
    }
  }

  /** Drives a real user task into {@code state}. */
  private static UserTask taskIn(TaskState state) {
    UserTask task = new UserTask("review", "Review", List.of("alice"));
    switch (state) {
      case PENDING -> {}
      case READY -> task.on(TaskEvent.ACTIVATE);
      case RESERVED -> {
        task.on(TaskEvent.ACTIVATE);
        task.claim("alice");
      }
      case IN_PROGRESS -> {
        task.on(TaskEvent.ACTIVATE);
        task.start("alice");
      }
      case COMPLETED -> {
        task.on(TaskEvent.ACTIVATE);
        task.complete(Outcome.APPROVED.name(), "alice", "ok", T0);
      }
      case OBSOLETE -> task.on(TaskEvent.OBSOLETE);
    }
    assertEquals(state, task.state());
    return task;
  }

  @ParameterizedTest(name = "{0} + {1}")
  @MethodSource("taskRows")
  void everyTaskRowIsHowAUserTaskBehaves(
      TaskState from, TaskEvent event, TransitionTable.Row<TaskState, TaskEvent> row) {
    UserTask task = taskIn(from);
    if (row.allowed()) {
      assertTrue(task.refusal(event).isEmpty());
      task.on(event);
      assertEquals(row.target(), task.state());
    } else {
      assertEquals("step review: " + row.rejection(), task.refusal(event).orElseThrow());
      RuleViolation violation = assertThrows(RuleViolation.class, () -> task.on(event));
      assertEquals(row.rejection(), violation.reason());
      assertEquals(from, task.state(), "a refused event changed the state");
    }
  }

  // ---- completeness ------------------------------------------------------------------------

  private static <S extends Enum<S>, E extends Enum<E>> void assertComplete(
      TransitionTable<S, E> table, Class<S> states, Class<E> events) {
    List<TransitionTable.Row<S, E>> rows = table.rows();
    assertEquals(
        states.getEnumConstants().length * events.getEnumConstants().length,
        rows.size(),
        "one row for each (state, event)");
    Set<List<Object>> seen = new HashSet<>();
    for (TransitionTable.Row<S, E> row : rows) {
      assertTrue(seen.add(List.of(row.from(), row.event())), "two rows for " + row);
      assertTrue(row.allowed() == (row.target() != null), "target exactly when allowed: " + row);
      assertTrue(row.allowed() != (row.rejection() != null), "reason exactly when refused: " + row);
    }
    for (S state : states.getEnumConstants()) {
      for (E event : events.getEnumConstants()) {
        TransitionTable.Row<S, E> row = assertDoesNotThrow(() -> table.row(state, event));
        assertEquals(state, row.from());
        assertEquals(event, row.event());
      }
    }
    assertDoesNotThrow(table::complete);
  }

  @Test
  void timerTableHasExactlyOneRowForEveryStateAndEvent() {
    assertComplete(TimerLifecycle.TABLE, TimerState.class, TimerEvent.class);
  }

  @Test
  void taskTableHasExactlyOneRowForEveryStateAndEvent() {
    assertComplete(TaskLifecycle.TABLE, TaskState.class, TaskEvent.class);
  }

  @Test
  void completeFailsWhenARowIsMissing() {
    TransitionTable<TimerState, TimerEvent> table =
        TransitionTable.of(TimerState.class, TimerEvent.class)
            .allow(TimerState.OFF, TimerEvent.ENABLE, TimerState.RUNNING);
    IllegalStateException failure = assertThrows(IllegalStateException.class, table::complete);
    assertTrue(failure.getMessage().contains("no row for"), failure.getMessage());
  }

  @Test
  void aSecondRowForTheSameStateAndEventIsAnError() {
    TransitionTable<TimerState, TimerEvent> table =
        TransitionTable.of(TimerState.class, TimerEvent.class)
            .allow(TimerState.OFF, TimerEvent.ENABLE, TimerState.RUNNING);
    assertThrows(
        IllegalStateException.class,
        () -> table.reject(TimerState.OFF, TimerEvent.ENABLE, "again"));
  }

  @Test
  void rowsCannotBeModifiedFromOutside() {
    assertThrows(UnsupportedOperationException.class, () -> TimerLifecycle.TABLE.rows().clear());
  }

  // ---- the tables say what the rules say ---------------------------------------------------

  @Test
  void timerTableIsTheLifecycleOfTheRules() {
    Map<TimerState, Map<TimerEvent, TimerState>> expected = new EnumMap<>(TimerState.class);
    for (TimerState s : TimerState.values()) {
      expected.put(s, new EnumMap<>(TimerEvent.class));
    }
    // Enable: OFF -> RUNNING. Disable: RUNNING -> OFF.
    expected.get(TimerState.OFF).put(TimerEvent.ENABLE, TimerState.RUNNING);
    expected.get(TimerState.RUNNING).put(TimerEvent.DISABLE, TimerState.OFF);
    // Suspending turns RUNNING timers SUSPENDED and leaves OFF timers OFF; resuming undoes it.
    expected.get(TimerState.RUNNING).put(TimerEvent.SUSPEND, TimerState.SUSPENDED);
    expected.get(TimerState.OFF).put(TimerEvent.SUSPEND, TimerState.OFF);
    expected.get(TimerState.SUSPENDED).put(TimerEvent.RESUME, TimerState.RUNNING);
    expected.get(TimerState.OFF).put(TimerEvent.RESUME, TimerState.OFF);
    // A new limit keeps the state: the date is fixed now when running, else when it next runs.
    for (TimerState live : EnumSet.of(TimerState.OFF, TimerState.RUNNING, TimerState.SUSPENDED)) {
      expected.get(live).put(TimerEvent.EXTEND, live);
      // Clearing ends every live timer for good.
      expected.get(live).put(TimerEvent.CLEAR, TimerState.CLEARED);
    }
    // Only a running timer expires; it stays running with its flag raised.
    expected.get(TimerState.RUNNING).put(TimerEvent.EXPIRE, TimerState.RUNNING);
    // Everything else is refused: in particular no enable/disable while suspended, nothing at all
    // once cleared.
    assertTableAllows(TimerLifecycle.TABLE, expected);
    assertTrue(
        TimerLifecycle.TABLE
            .row(TimerState.SUSPENDED, TimerEvent.ENABLE)
            .rejection()
            .contains("suspended"));
    assertTrue(
        TimerLifecycle.TABLE
            .row(TimerState.SUSPENDED, TimerEvent.DISABLE)
            .rejection()
            .contains("suspended"));
  }

  @Test
  void taskTableIsTheLifecycleOfTheRules() {
    Map<TaskState, Map<TaskEvent, TaskState>> expected = new EnumMap<>(TaskState.class);
    for (TaskState s : TaskState.values()) {
      expected.put(s, new EnumMap<>(TaskEvent.class));
    }
    expected.get(TaskState.PENDING).put(TaskEvent.ACTIVATE, TaskState.READY);
    expected.get(TaskState.READY).put(TaskEvent.CLAIM, TaskState.RESERVED);
    expected.get(TaskState.RESERVED).put(TaskEvent.RELEASE, TaskState.READY);
    expected.get(TaskState.RESERVED).put(TaskEvent.COMPLETE, TaskState.COMPLETED);
    // Approve/reject directly from READY (implicit claim).
    expected.get(TaskState.READY).put(TaskEvent.COMPLETE, TaskState.COMPLETED);
    // WS-HumanTask start: by the owner, or by a potential owner straight from READY; release and
    // reassignment from IN_PROGRESS offer the task again, completion ends it.
    expected.get(TaskState.READY).put(TaskEvent.START, TaskState.IN_PROGRESS);
    expected.get(TaskState.RESERVED).put(TaskEvent.START, TaskState.IN_PROGRESS);
    expected.get(TaskState.IN_PROGRESS).put(TaskEvent.RELEASE, TaskState.READY);
    expected.get(TaskState.IN_PROGRESS).put(TaskEvent.COMPLETE, TaskState.COMPLETED);
    // A reassignment offers the task to its new potential owners, whoever held it.
    for (TaskState open : EnumSet.of(TaskState.READY, TaskState.RESERVED, TaskState.IN_PROGRESS)) {
      expected.get(open).put(TaskEvent.REASSIGN, TaskState.READY);
    }
    // The process ended (or an outcome skipped the step) before the task was decided.
    for (TaskState open :
        EnumSet.of(TaskState.PENDING, TaskState.READY, TaskState.RESERVED, TaskState.IN_PROGRESS)) {
      expected.get(open).put(TaskEvent.OBSOLETE, TaskState.OBSOLETE);
    }
    // WS-HumanTask stop: work stops, the owner keeps the task.
    expected.get(TaskState.IN_PROGRESS).put(TaskEvent.STOP, TaskState.RESERVED);
    // A delegation (or handing a delegated task back) makes one person the owner; a skip ends it.
    for (TaskState open : EnumSet.of(TaskState.READY, TaskState.RESERVED, TaskState.IN_PROGRESS)) {
      expected.get(open).put(TaskEvent.DELEGATE, TaskState.RESERVED);
      expected.get(open).put(TaskEvent.SKIP, TaskState.OBSOLETE);
    }
    assertTableAllows(TaskLifecycle.TABLE, expected);
  }

  private static <S extends Enum<S>, E extends Enum<E>> void assertTableAllows(
      TransitionTable<S, E> table, Map<S, Map<E, S>> expected) {
    for (TransitionTable.Row<S, E> row : table.rows()) {
      S target = expected.get(row.from()).get(row.event());
      if (target == null) {
        assertFalse(row.allowed(), "should be refused: " + row);
      } else {
        assertTrue(row.allowed(), "should be allowed: " + row);
        assertEquals(target, row.target(), "target of " + row);
      }
    }
  }

  @Test
  void finishedTasksAcceptNoEventAtAll() {
    for (TaskState end : EnumSet.of(TaskState.COMPLETED, TaskState.OBSOLETE)) {
      for (TaskEvent event : TaskEvent.values()) {
        assertFalse(TaskLifecycle.TABLE.row(end, event).allowed(), end + " + " + event);
      }
    }
  }

  // ---- the diagram -------------------------------------------------------------------------

  @Test
  void plantUmlDrawsEveryAllowedTransitionAndNotesEveryRefusal() {
    String uml = TimerLifecycle.TABLE.toPlantUml("Timer", TimerState.OFF);
    assertTrue(uml.startsWith("@startuml\ntitle Timer\n[*] --> OFF\n"), uml);
    assertTrue(uml.endsWith("@enduml\n"), uml);
    for (TransitionTable.Row<TimerState, TimerEvent> row : TimerLifecycle.TABLE.rows()) {
      if (row.allowed()) {
        assertTrue(
            uml.contains(
                row.from() + " --> " + row.target() + " : " + row.event().name().toLowerCase()),
            row.toString());
      } else {
        assertTrue(
            uml.contains(row.event().name().toLowerCase() + ": " + row.rejection()),
            row.toString());
      }
    }
    for (TimerState state : TimerState.values()) {
      assertTrue(uml.contains("note right of " + state), state.toString());
    }
  }
}
