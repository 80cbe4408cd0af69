package dev.overdue.index;

import com.zaxxer.hikari.HikariDataSource;
import dev.overdue.api.index.IndexUpdate;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.api.index.IndexedEvent;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.Lock;

/** The task index over JDBC: the same SQL on PostgreSQL and SQLite, the differences in its {@link Dialect}. */
final class JdbcTaskIndex implements TaskIndex {
  private final HikariDataSource pool;
  private final Dialect dialect;
  private final String where;
  private final RowMapping rows;
  private final ListSql lists;
  private final SavedViews views;

  JdbcTaskIndex(HikariDataSource pool, Dialect dialect, String where) {
    this.pool = pool;
    this.dialect = dialect;
    this.where = where;
    this.rows = new RowMapping(dialect);
    this.lists = new ListSql(dialect);
    this.views = new JdbcSavedViews(pool, dialect, where);
  }

  @Override
  public boolean apply(IndexUpdate update) {
    return applyAll(List.of(update))[0];
  }

  @Override
  public void analyze() {
    try (Connection connection = pool.getConnection(); java.sql.Statement statement = connection.createStatement()) {
      statement.execute("ANALYZE");
    } catch (SQLException e) {
      throw failed("analyze", e);
    }
  }

  @Override
  public boolean replace(IndexedApproval row) {
    return write(List.of(new IndexUpdate(row, List.of())), true)[0];
  }

  /**
   * Applies updates of distinct chains in one transaction, with batched statements: {@link #apply}
   * for one, and bulk loads (rebuild, tests) for many. Which rows were written, in order.
   */
  @Override
  public boolean[] applyAll(List<IndexUpdate> updates) {
    return write(updates, false);
  }

  /** {@code replacing}: a row of the same number is written over too (its events stay). */
  private boolean[] write(List<IndexUpdate> updates, boolean replacing) {
    Lock lock = dialect.writeLock();
    lock.lock();
    try (Connection connection = pool.getConnection()) {
      connection.setAutoCommit(false);
      try {
        if (replacing) {
          removeUpTo(connection, updates);
        }
        boolean[] applied = upsert(connection, updates);
        replaceCandidates(connection, updates, applied);
        insertEvents(connection, updates);
        connection.commit();
        return applied;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw failed("apply", e);
    } finally {
      lock.unlock();
    }
  }

  private static void removeUpTo(Connection connection, List<IndexUpdate> updates) throws SQLException {
    try (PreparedStatement delete = connection.prepareStatement(
        "DELETE FROM approvals WHERE workflow_id = ? AND chain_id = ? AND seq <= ?")) {
      for (IndexUpdate update : updates) {
        delete.setString(1, update.approval().workflowId());
        delete.setString(2, update.approval().chainId());
        delete.setLong(3, update.approval().seq());
        delete.addBatch();
      }
      delete.executeBatch();
    }
  }

  private boolean[] upsert(Connection connection, List<IndexUpdate> updates) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(rows.upsert())) {
      for (IndexUpdate update : updates) {
        rows.bind(statement, update.approval());
        statement.addBatch();
      }
      int[] counts = statement.executeBatch();
      boolean[] applied = new boolean[counts.length];
      for (int i = 0; i < counts.length; i++) {
        applied[i] = counts[i] > 0;
      }
      return applied;
    }
  }

  /** A written row's candidates are replaced by the row's: claimants (u), groups (g), excluded (x). */
  private void replaceCandidates(Connection connection, List<IndexUpdate> updates, boolean[] applied)
      throws SQLException {
    try (PreparedStatement delete = connection.prepareStatement(
            "DELETE FROM candidates WHERE workflow_id = ? AND chain_id = ?");
        PreparedStatement insert = connection.prepareStatement(
            "INSERT INTO candidates (kind, name, workflow_id, chain_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
      for (int i = 0; i < updates.size(); i++) {
        if (!applied[i]) {
          continue;
        }
        IndexedApproval row = updates.get(i).approval();
        delete.setString(1, row.workflowId());
        delete.setString(2, row.chainId());
        delete.addBatch();
        addCandidates(insert, "u", row.claimants(), row);
        addCandidates(insert, "g", row.candidateGroups(), row);
        addCandidates(insert, "x", row.excludedOwners(), row);
      }
      delete.executeBatch();
      insert.executeBatch();
    }
  }

  private static void addCandidates(PreparedStatement insert, String kind, List<String> names, IndexedApproval row)
      throws SQLException {
    Set<String> distinct = new LinkedHashSet<>(names);
    distinct.remove(null);
    for (String name : distinct) {
      insert.setString(1, kind);
      insert.setString(2, name);
      insert.setString(3, row.workflowId());
      insert.setString(4, row.chainId());
      insert.addBatch();
    }
  }

  private void insertEvents(Connection connection, List<IndexUpdate> updates) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(RowMapping.EVENT_INSERT.formatted(dialect.json()))) {
      for (IndexUpdate update : updates) {
        for (IndexedEvent event : update.events()) {
          rows.bind(insert, update.approval().workflowId(), update.approval().chainId(), event);
          insert.addBatch();
        }
      }
      insert.executeBatch();
    }
  }

  @Override
  public Optional<IndexedApproval> row(String workflowId, String chainId) {
    List<IndexedApproval> found = select(new Sql("SELECT " + RowMapping.COLUMNS
        + " FROM approvals a WHERE a.workflow_id = ? AND a.chain_id = ?", workflowId, chainId));
    return found.stream().findFirst();
  }

  @Override
  public List<IndexedApproval> list(TaskQuery query) {
    return select(lists.list(query));
  }

  @Override
  public long count(TaskQuery query) {
    Sql sql = lists.count(query);
    try (Connection connection = pool.getConnection();
        PreparedStatement statement = prepare(connection, sql.text(), sql.params());
        ResultSet result = statement.executeQuery()) {
      result.next();
      return result.getLong(1);
    } catch (SQLException e) {
      throw failed("count", e);
    }
  }

  @Override
  public List<IndexedApproval> scan(String afterWorkflowId, String afterChainId, int limit) {
    Sql sql = new Sql("SELECT " + RowMapping.COLUMNS + " FROM approvals a");
    if (afterWorkflowId != null) {
      sql.add(" WHERE (a.workflow_id > ? OR (a.workflow_id = ? AND a.chain_id > ?))",
          afterWorkflowId, afterWorkflowId, afterChainId == null ? "" : afterChainId);
    }
    return select(sql.add(" ORDER BY a.workflow_id, a.chain_id LIMIT ?", limit));
  }

  @Override
  public List<IndexedEvent> events(String workflowId, String chainId) {
    try (Connection connection = pool.getConnection();
        PreparedStatement statement = prepare(connection,
            "SELECT seq, at, kind, name, step, actor, detail FROM events WHERE workflow_id = ? AND chain_id = ?"
                + " ORDER BY seq", List.of(workflowId, chainId));
        ResultSet result = statement.executeQuery()) {
      List<IndexedEvent> events = new ArrayList<>();
      while (result.next()) {
        events.add(rows.event(result));
      }
      return events;
    } catch (SQLException e) {
      throw failed("events", e);
    }
  }

  @Override
  public void delete(String workflowId, String chainId) {
    Lock lock = dialect.writeLock();
    lock.lock();
    try (Connection connection = pool.getConnection()) {
      connection.setAutoCommit(false);
      try {
        for (String table : List.of("approvals", "candidates", "events")) {
          try (PreparedStatement statement = prepare(connection,
              "DELETE FROM " + table + " WHERE workflow_id = ? AND chain_id = ?", List.of(workflowId, chainId))) {
            statement.executeUpdate();
          }
        }
        connection.commit();
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    } catch (SQLException e) {
      throw failed("delete", e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public SavedViews views() {
    return views;
  }

  @Override
  public String where() {
    return where;
  }

  @Override
  public String explain(TaskQuery query) {
    return plan(lists.list(query));
  }

  /** The plan of {@link #count}'s statement. */
  String explainCount(TaskQuery query) {
    return plan(lists.count(query));
  }

  private String plan(Sql sql) {
    try (Connection connection = pool.getConnection();
        PreparedStatement statement = prepare(connection, dialect.explain(sql.text()), sql.params());
        ResultSet result = statement.executeQuery()) {
      return dialect.plan(result);
    } catch (SQLException e) {
      throw failed("explain", e);
    }
  }

  @Override
  public void close() {
    pool.close();
  }

  private List<IndexedApproval> select(Sql sql) {
    try (Connection connection = pool.getConnection();
        PreparedStatement statement = prepare(connection, sql.text(), sql.params());
        ResultSet result = statement.executeQuery()) {
      List<IndexedApproval> found = new ArrayList<>();
      while (result.next()) {
        found.add(rows.approval(result));
      }
      return found;
    } catch (SQLException e) {
      throw failed("read", e);
    }
  }

  private PreparedStatement prepare(Connection connection, String sql, List<?> params) throws SQLException {
    PreparedStatement statement = connection.prepareStatement(sql);
    try {
      for (int i = 0; i < params.size(); i++) {
        Object value = params.get(i);
        if (value instanceof Instant instant) {
          dialect.setInstant(statement, i + 1, instant);
        } else if (value instanceof BigDecimal number) {
          dialect.setNumber(statement, i + 1, number);
        } else {
          statement.setObject(i + 1, value);
        }
      }
      return statement;
    } catch (SQLException | RuntimeException e) {
      statement.close();
      throw e;
    }
  }

  private TaskIndexUnavailable failed(String what, SQLException e) {
    return new TaskIndexUnavailable("task index (" + where + "): " + what + " failed: " + e.getMessage(), e);
  }
}
