package dev.overdue.index;

import dev.overdue.api.index.IndexUpdate;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.api.index.IndexedEvent;
import java.util.List;
import java.util.Optional;

/**
 * The task index: approvals' current tasks as rows that the work lists read, kept up to date by
 * the workflows' {@link IndexUpdate}s. Open one with {@link TaskIndexes#open(String)}.
 */
public interface TaskIndex extends AutoCloseable {
  /**
   * Applies the row only if {@code update.approval().seq()} is greater than the stored row's seq
   * (or there is none); inserts each event once by (workflowId, chainId, seq) whether or not the
   * row applied. One transaction. Returns true when the row was written.
   */
  boolean apply(IndexUpdate update);

  /**
   * Writes {@code row} over a stored row of the same or an older change number (never a newer
   * one), keeping the chain's events: how {@code bin/overdue index rebuild} mends a row that
   * differs from its approval at the same number. Returns true when the row was written.
   */
  boolean replace(IndexedApproval row);

  /**
   * {@link #apply} for many updates of distinct chains in one transaction: bulk loads (a rebuild of
   * many rows, a benchmark's fill). Which rows were written, in order.
   */
  boolean[] applyAll(List<IndexUpdate> updates);

  /**
   * Brings the database's statistics up to date ({@code ANALYZE}), as after a bulk load: a planner
   * without them may choose to scan where an index serves.
   */
  void analyze();

  /** The stored row of one approval chain. */
  Optional<IndexedApproval> row(String workflowId, String chainId);

  /**
   * A page of a list: rows in the query's order after its keyset, at most limit + 1 rows read so
   * the caller knows whether there is a next page.
   */
  List<IndexedApproval> list(TaskQuery query);

  /** How many rows the query's view and filters match (sort, after and limit ignored). */
  long count(TaskQuery query);

  /**
   * Every stored row in (workflowId, chainId) order after the given key (null = from the start),
   * at most limit: for verify and rebuild.
   */
  List<IndexedApproval> scan(String afterWorkflowId, String afterChainId, int limit);

  /** The stored events of a chain, by seq. */
  List<IndexedEvent> events(String workflowId, String chainId);

  /** Removes a chain's row, candidates and events. */
  void delete(String workflowId, String chainId);

  /** The saved views kept in the same database, over the same pool. */
  SavedViews views();

  /** Where it is, for logs: "sqlite /path" or "postgresql://host:port/db as user"; never a password. */
  String where();

  /** The query plan the database gives for list(query), as text, for EXPLAIN checks. */
  String explain(TaskQuery query);

  @Override
  void close();
}
