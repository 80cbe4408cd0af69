package dev.overdue.index;

import com.zaxxer.hikari.HikariDataSource;
import dev.overdue.api.http.SavedView;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.locks.Lock;

/** Saved views in the task index's database, over the index's own pool. */
final class JdbcSavedViews implements SavedViews {
  private static final String COLUMNS = "id, owner, name, query, shared_with, created_at";

  private final HikariDataSource pool;
  private final Dialect dialect;
  private final String where;

  JdbcSavedViews(HikariDataSource pool, Dialect dialect, String where) {
    this.pool = pool;
    this.dialect = dialect;
    this.where = where;
  }

  @Override
  public List<SavedView> visibleTo(String user, List<String> groups) {
    List<Object> params = new ArrayList<>(List.of(user));
    params.addAll(groups);
    String shared = groups.isEmpty() ? "" : " OR shared_with IN (" + String.join(", ", Collections.nCopies(groups.size(), "?")) + ")";
    return select("SELECT " + COLUMNS + " FROM saved_views WHERE owner = ?" + shared + " ORDER BY lower(name), name, id", params);
  }

  @Override
  public SavedView create(String owner, String name, String query, String sharedWith) {
    String checked = SavedViews.checkedName(name);
    // PostgreSQL keeps microseconds: the answer says what a later read gives.
    Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
    SavedView view = new SavedView(UUID.randomUUID().toString(), owner, checked, query, sharedWith, now.toString());
    Lock lock = dialect.writeLock();
    lock.lock();
    try (Connection connection = pool.getConnection();
        PreparedStatement insert = connection.prepareStatement("INSERT INTO saved_views (" + COLUMNS
            + ") VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (owner, name) DO NOTHING")) {
      insert.setString(1, view.id());
      insert.setString(2, owner);
      insert.setString(3, checked);
      insert.setString(4, query);
      insert.setString(5, sharedWith);
      dialect.setInstant(insert, 6, now);
      if (insert.executeUpdate() == 0) {
        throw new NameTaken(checked);
      }
      return view;
    } catch (SQLException e) {
      throw failed("save a view", e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public Optional<SavedView> get(String id) {
    return select("SELECT " + COLUMNS + " FROM saved_views WHERE id = ?", List.of(id)).stream().findFirst();
  }

  @Override
  public boolean delete(String id, String owner) {
    Lock lock = dialect.writeLock();
    lock.lock();
    try (Connection connection = pool.getConnection();
        PreparedStatement delete = connection.prepareStatement("DELETE FROM saved_views WHERE id = ? AND owner = ?")) {
      delete.setString(1, id);
      delete.setString(2, owner);
      return delete.executeUpdate() > 0;
    } catch (SQLException e) {
      throw failed("delete a view", e);
    } finally {
      lock.unlock();
    }
  }

  private List<SavedView> select(String sql, List<?> params) {
    try (Connection connection = pool.getConnection();
        PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < params.size(); i++) {
        statement.setObject(i + 1, params.get(i));
      }
      try (ResultSet rows = statement.executeQuery()) {
        List<SavedView> views = new ArrayList<>();
        while (rows.next()) {
          views.add(new SavedView(rows.getString("id"), rows.getString("owner"), rows.getString("name"),
              rows.getString("query"), rows.getString("shared_with"), dialect.getInstant(rows, "created_at").toString()));
        }
        return views;
      }
    } catch (SQLException e) {
      throw failed("read views", e);
    }
  }

  private IllegalStateException failed(String what, SQLException e) {
    return new IllegalStateException("task index (" + where + "): cannot " + what + ": " + e.getMessage(), e);
  }
}
