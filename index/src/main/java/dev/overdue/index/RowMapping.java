package dev.overdue.index;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.KeyFact;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.api.index.IndexedEvent;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.List;

/**
 * Rows to records and back: the columns of {@code approvals} and {@code events}, instants through
 * the dialect, lists and objects as JSON text.
 */
final class RowMapping {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<List<String>> NAMES = new TypeReference<>() {};
  private static final TypeReference<List<KeyFact>> FACTS = new TypeReference<>() {};

  static final String COLUMNS = "a.workflow_id, a.chain_id, a.run_id, a.seq, a.request_id, a.title, a.requester,"
      + " a.state, a.step, a.step_title, a.task_state, a.owner, a.priority, a.due_date, a.follow_up, a.next_deadline,"
      + " a.has_warnings, a.unworkable, a.claimants, a.claimants_cut, a.candidate_groups, a.excluded_owners,"
      + " a.started_at, a.ended_at, a.decided_by, a.facts, a.data";

  private final Dialect dialect;

  RowMapping(Dialect dialect) {
    this.dialect = dialect;
  }

  /** Inserts a row, or replaces the stored one only when the new row's seq is greater. */
  String upsert() {
    String j = dialect.json();
    return "INSERT INTO approvals (" + COLUMNS.replace("a.", "") + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
        + " ?, ?, ?, ?, ?, " + j + ", ?, " + j + ", " + j + ", ?, ?, ?, " + j + ", " + j + ")"
        + " ON CONFLICT (workflow_id, chain_id) DO UPDATE SET run_id = excluded.run_id, seq = excluded.seq,"
        + " request_id = excluded.request_id, title = excluded.title, requester = excluded.requester,"
        + " state = excluded.state, step = excluded.step, step_title = excluded.step_title,"
        + " task_state = excluded.task_state, owner = excluded.owner, priority = excluded.priority,"
        + " due_date = excluded.due_date, follow_up = excluded.follow_up, next_deadline = excluded.next_deadline,"
        + " has_warnings = excluded.has_warnings, unworkable = excluded.unworkable, claimants = excluded.claimants,"
        + " claimants_cut = excluded.claimants_cut, candidate_groups = excluded.candidate_groups,"
        + " excluded_owners = excluded.excluded_owners, started_at = excluded.started_at,"
        + " ended_at = excluded.ended_at, decided_by = excluded.decided_by, facts = excluded.facts, data = excluded.data"
        + " WHERE approvals.seq < excluded.seq";
  }

  void bind(PreparedStatement s, IndexedApproval row) throws SQLException {
    int i = 0;
    s.setString(++i, row.workflowId());
    s.setString(++i, row.chainId());
    s.setString(++i, row.runId());
    s.setLong(++i, row.seq());
    s.setString(++i, row.requestId());
    s.setString(++i, row.title());
    s.setString(++i, row.requester());
    s.setString(++i, row.state());
    s.setString(++i, row.step());
    s.setString(++i, row.stepTitle());
    s.setString(++i, row.taskState());
    s.setString(++i, row.owner());
    if (row.priority() == null) {
      s.setNull(++i, Types.INTEGER);
    } else {
      s.setInt(++i, row.priority());
    }
    dialect.setInstant(s, ++i, instant(row.dueDate()));
    dialect.setInstant(s, ++i, instant(row.followUp()));
    dialect.setInstant(s, ++i, instant(row.nextDeadline()));
    s.setBoolean(++i, row.hasWarnings());
    s.setBoolean(++i, row.unworkable());
    s.setString(++i, json(row.claimants()));
    s.setBoolean(++i, row.claimantsCut());
    s.setString(++i, json(row.candidateGroups()));
    s.setString(++i, json(row.excludedOwners()));
    dialect.setInstant(s, ++i, instant(row.startedAt()));
    dialect.setInstant(s, ++i, instant(row.endedAt()));
    s.setString(++i, row.decidedBy());
    s.setString(++i, json(row.facts()));
    s.setString(++i, row.data() == null || row.data().isNull() ? null : json(row.data()));
  }

  IndexedApproval approval(ResultSet r) throws SQLException {
    int priority = r.getInt("priority");
    Integer maybePriority = r.wasNull() ? null : priority;
    return new IndexedApproval(
        r.getString("workflow_id"), r.getString("chain_id"), r.getString("run_id"), r.getLong("seq"),
        r.getString("request_id"), r.getString("title"), r.getString("requester"), r.getString("state"),
        r.getString("step"), r.getString("step_title"), r.getString("task_state"), r.getString("owner"),
        maybePriority, iso(r, "due_date"), iso(r, "follow_up"), iso(r, "next_deadline"),
        r.getBoolean("has_warnings"), r.getBoolean("unworkable"), read(r.getString("claimants"), NAMES),
        r.getBoolean("claimants_cut"), read(r.getString("candidate_groups"), NAMES),
        read(r.getString("excluded_owners"), NAMES), iso(r, "started_at"), iso(r, "ended_at"),
        r.getString("decided_by"), read(r.getString("facts"), FACTS), tree(r.getString("data")));
  }

  static final String EVENT_INSERT = "INSERT INTO events (workflow_id, chain_id, seq, at, kind, name, step, actor, detail)"
      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, %s) ON CONFLICT (workflow_id, chain_id, seq) DO NOTHING";

  void bind(PreparedStatement s, String workflowId, String chainId, IndexedEvent event) throws SQLException {
    s.setString(1, workflowId);
    s.setString(2, chainId);
    s.setLong(3, event.seq());
    dialect.setInstant(s, 4, instant(event.at()));
    s.setString(5, event.kind());
    s.setString(6, event.name());
    s.setString(7, event.step());
    s.setString(8, event.actor());
    s.setString(9, event.detail() == null || event.detail().isNull() ? null : json(event.detail()));
  }

  IndexedEvent event(ResultSet r) throws SQLException {
    return new IndexedEvent(r.getLong("seq"), iso(r, "at"), r.getString("kind"), r.getString("name"),
        r.getString("step"), r.getString("actor"), tree(r.getString("detail")));
  }

  private String iso(ResultSet r, String column) throws SQLException {
    Instant instant = dialect.getInstant(r, column);
    return instant == null ? null : instant.toString();
  }

  private static Instant instant(String iso) {
    return iso == null ? null : Instant.parse(iso);
  }

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static <T> T read(String text, TypeReference<T> type) {
    try {
      return JSON.readValue(text, type);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the index holds bad JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static JsonNode tree(String text) {
    try {
      return text == null ? null : JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the index holds bad JSON: " + e.getOriginalMessage(), e);
    }
  }
}
