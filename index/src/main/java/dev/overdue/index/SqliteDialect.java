package dev.overdue.index;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * SQLite: instants as INTEGER microseconds since the epoch, JSON as text read with json_extract,
 * numbers as SQLite's (64-bit integers or doubles). One writer at a time in this process; another
 * process waits on the busy timeout.
 */
final class SqliteDialect extends Dialect {
  private final Lock writeLock = new ReentrantLock();

  @Override
  String migrations() {
    return "classpath:db/task-index/sqlite";
  }

  @Override
  String json() {
    return "json(?)";
  }

  @Override
  void setInstant(PreparedStatement statement, int index, Instant value) throws SQLException {
    if (value == null) {
      statement.setNull(index, Types.BIGINT);
    } else {
      statement.setLong(index, Math.addExact(Math.multiplyExact(value.getEpochSecond(), 1_000_000L), value.getNano() / 1000));
    }
  }

  @Override
  Instant getInstant(ResultSet rows, String column) throws SQLException {
    long micros = rows.getLong(column);
    if (rows.wasNull()) {
      return null;
    }
    return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
  }

  @Override
  void setNumber(PreparedStatement statement, int index, BigDecimal value) throws SQLException {
    // SQLite compares an integer and a real by value; a text parameter would never equal a number.
    try {
      statement.setLong(index, value.longValueExact());
    } catch (ArithmeticException notALong) {
      statement.setDouble(index, value.doubleValue());
    }
  }

  @Override
  Object dataKey(String key) {
    // The key is checked (letters, digits, _ and -): quoted, it is one member of the object.
    return "$.\"" + DataCondition.checkKey(key) + "\"";
  }

  @Override
  String dataText() {
    return "json_extract(a.data, ?)";
  }

  @Override
  String dataIsNumber() {
    return "(json_type(a.data, ?) IN ('integer', 'real'))";
  }

  @Override
  String dataIsString() {
    return "(json_type(a.data, ?) = 'text')";
  }

  @Override
  String dataNumber() {
    return "json_extract(a.data, ?)";
  }

  @Override
  String contains(String haystack, String needle) {
    return "(instr(" + haystack + ", " + needle + ") > 0)";
  }

  @Override
  String explain(String sql) {
    return "EXPLAIN QUERY PLAN " + sql;
  }

  @Override
  String plan(ResultSet rows) throws SQLException {
    StringBuilder plan = new StringBuilder();
    while (rows.next()) {
      plan.append(rows.getInt("id")).append(' ').append(rows.getInt("parent")).append(' ')
          .append(rows.getString("detail")).append('\n');
    }
    return plan.toString();
  }

  /**
   * The unary {@code +} keeps the state index out: without statistics SQLite would drive the
   * claimable list by state (half the table) instead of by the user's and groups' candidates.
   */
  @Override
  String claimableState() {
    return "+a.state = 'ACTIVE' AND +a.task_state = 'READY'";
  }

  @Override
  Lock writeLock() {
    return writeLock;
  }
}
