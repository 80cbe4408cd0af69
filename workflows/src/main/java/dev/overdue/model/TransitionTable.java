package dev.overdue.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A lifecycle written down as data: for each (state, event) either a target state, with what the
 * move does besides, or the reason the event is refused. Keeping it a table lets tests walk every
 * row and lets {@link #toPlantUml} draw the diagram in docs/ from the same source the code runs on.
 */
public final class TransitionTable<S extends Enum<S>, E extends Enum<E>> {

  /**
   * One row: {@code target} when allowed, with its {@code effect} in words (null: none beyond the
   * move), otherwise {@code rejection} says why not.
   */
  public record Row<S, E>(S from, E event, S target, String effect, String rejection) {
    public boolean allowed() {
      return rejection == null;
    }
  }

  private final Class<S> stateType;
  private final Class<E> eventType;
  private final Map<S, Map<E, Row<S, E>>> rows;

  private TransitionTable(Class<S> stateType, Class<E> eventType) {
    this.stateType = stateType;
    this.eventType = eventType;
    this.rows = new EnumMap<>(stateType);
  }

  public static <S extends Enum<S>, E extends Enum<E>> TransitionTable<S, E> of(
      Class<S> stateType, Class<E> eventType) {
    return new TransitionTable<>(stateType, eventType);
  }

  public TransitionTable<S, E> allow(S from, E event, S to) {
    return allow(from, event, to, null);
  }

  /** An allowed move that also does {@code effect} (said in words for the diagram). */
  public TransitionTable<S, E> allow(S from, E event, S to, String effect) {
    return put(new Row<>(from, event, to, effect, null));
  }

  public TransitionTable<S, E> reject(S from, E event, String reason) {
    return put(new Row<>(from, event, null, null, reason));
  }

  private TransitionTable<S, E> put(Row<S, E> row) {
    Row<S, E> previous =
        rows.computeIfAbsent(row.from(), s -> new EnumMap<>(eventType)).put(row.event(), row);
    if (previous != null) {
      throw new IllegalStateException("two rows for " + row.from() + " + " + row.event());
    }
    return this;
  }

  /** Fails fast when a (state, event) pair was forgotten: every pair must be decided explicitly. */
  public TransitionTable<S, E> complete() {
    for (S state : stateType.getEnumConstants()) {
      for (E event : eventType.getEnumConstants()) {
        if (find(state, event).isEmpty()) {
          throw new IllegalStateException("no row for " + state + " + " + event);
        }
      }
    }
    return this;
  }

  private Optional<Row<S, E>> find(S from, E event) {
    return Optional.ofNullable(rows.getOrDefault(from, Map.of()).get(event));
  }

  public Row<S, E> row(S from, E event) {
    return find(from, event).orElseThrow();
  }

  /** The state after {@code event}, or a {@link RuleViolation} with the row's reason. */
  public S fire(S from, E event) {
    Row<S, E> row = row(from, event);
    if (!row.allowed()) {
      throw new RuleViolation(row.rejection());
    }
    return row.target();
  }

  public List<Row<S, E>> rows() {
    List<Row<S, E>> all = new ArrayList<>();
    rows.values().forEach(byEvent -> all.addAll(byEvent.values()));
    return Collections.unmodifiableList(all);
  }

  /**
   * A PlantUML state diagram of the allowed transitions ({@code event / effect}), refused ones
   * listed as notes.
   */
  public String toPlantUml(String title, S initial) {
    StringBuilder out = new StringBuilder("@startuml\ntitle ").append(title).append('\n');
    out.append("[*] --> ").append(initial.name()).append('\n');
    for (Row<S, E> row : rows()) {
      if (row.allowed()) {
        out.append(row.from().name())
            .append(" --> ")
            .append(row.target().name())
            .append(" : ")
            .append(row.event().name().toLowerCase())
            .append(row.effect() == null ? "" : " / " + row.effect())
            .append('\n');
      }
    }
    for (S state : stateType.getEnumConstants()) {
      List<String> refused = new ArrayList<>();
      for (Row<S, E> row : rows()) {
        if (row.from() == state && !row.allowed()) {
          refused.add(row.event().name().toLowerCase() + ": " + row.rejection());
        }
      }
      if (!refused.isEmpty()) {
        out.append("note right of ").append(state.name()).append("\n  refused\n");
        refused.forEach(line -> out.append("  ").append(line).append('\n'));
        out.append("end note\n");
      }
    }
    return out.append("@enduml\n").toString();
  }
}
