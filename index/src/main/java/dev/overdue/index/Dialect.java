package dev.overdue.index;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.concurrent.locks.Lock;

/**
 * What differs between PostgreSQL and SQLite: how instants, numbers and JSON are stored and read,
 * how a top-level data key is reached, and how a plan is asked for. The SQL is otherwise shared.
 * Each data expression takes exactly one parameter: {@link #dataKey}'s value.
 */
abstract class Dialect {
  /** Flyway's location of this database's migrations. */
  abstract String migrations();

  /** The placeholder of a JSON text parameter stored in a JSON column. */
  abstract String json();

  abstract void setInstant(PreparedStatement statement, int index, Instant value) throws SQLException;

  abstract Instant getInstant(ResultSet rows, String column) throws SQLException;

  abstract void setNumber(PreparedStatement statement, int index, BigDecimal value) throws SQLException;

  /** The parameter that names {@code key} in the data expressions. */
  abstract Object dataKey(String key);

  /** The data's value at the key as text (null when missing or JSON null). */
  abstract String dataText();

  /** Whether the data's value at the key is a JSON number. */
  abstract String dataIsNumber();

  /** Whether the data's value at the key is a JSON string. */
  abstract String dataIsString();

  /** The data's value at the key as a number; only where {@link #dataIsNumber} holds. */
  abstract String dataNumber();

  /** Whether text {@code haystack} contains {@code needle} (both SQL expressions). */
  abstract String contains(String haystack, String needle);

  /** The statement that gives {@code sql}'s plan. */
  abstract String explain(String sql);

  /** The plan's text from {@link #explain}'s rows. */
  abstract String plan(ResultSet rows) throws SQLException;

  /** A claimable row's state and task state, as a condition on {@code a}. */
  String claimableState() {
    return "a.state = 'ACTIVE' AND a.task_state = 'READY'";
  }

  /** Held around every write: SQLite takes one writer at a time. */
  abstract Lock writeLock();
}
