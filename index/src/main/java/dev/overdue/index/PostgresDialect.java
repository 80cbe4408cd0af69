package dev.overdue.index;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/** PostgreSQL: timestamptz, numeric, jsonb; rows are locked by the database, not here. */
final class PostgresDialect extends Dialect {
  /** PostgreSQL's writers need no lock of ours: this one is never contended. */
  private final Lock noLock = new ReentrantLock();

  @Override
  String migrations() {
    return "classpath:db/task-index/postgresql";
  }

  @Override
  String json() {
    return "?::jsonb";
  }

  @Override
  void setInstant(PreparedStatement statement, int index, Instant value) throws SQLException {
    if (value == null) {
      statement.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
    } else {
      statement.setObject(index, OffsetDateTime.ofInstant(value, ZoneOffset.UTC));
    }
  }

  @Override
  Instant getInstant(ResultSet rows, String column) throws SQLException {
    OffsetDateTime value = rows.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }

  @Override
  void setNumber(PreparedStatement statement, int index, BigDecimal value) throws SQLException {
    statement.setBigDecimal(index, value);
  }

  @Override
  Object dataKey(String key) {
    return key;
  }

  @Override
  String dataText() {
    return "(a.data ->> ?::text)";
  }

  @Override
  String dataIsNumber() {
    return "(jsonb_typeof(a.data -> ?::text) = 'number')";
  }

  @Override
  String dataIsString() {
    return "(jsonb_typeof(a.data -> ?::text) = 'string')";
  }

  @Override
  String dataNumber() {
    return "((a.data ->> ?::text)::numeric)";
  }

  @Override
  String contains(String haystack, String needle) {
    return "(strpos(" + haystack + ", " + needle + ") > 0)";
  }

  @Override
  String explain(String sql) {
    return "EXPLAIN " + sql;
  }

  @Override
  String plan(ResultSet rows) throws SQLException {
    StringBuilder plan = new StringBuilder();
    while (rows.next()) {
      plan.append(rows.getString(1)).append('\n');
    }
    return plan.toString();
  }

  @Override
  Lock writeLock() {
    return noLock;
  }
}
