package dev.overdue.workflow;

import dev.overdue.api.index.IndexUpdate;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.api.index.IndexedEvent;
import dev.overdue.workflow.activities.TaskIndexActivities;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The task index as the workflow tests see it: the rule every index keeps (a row only when its
 * number is newer, each event once), the deliveries as they came, and a switch that makes it
 * unreachable, as a database that is down.
 */
final class RecordingTaskIndex implements TaskIndexActivities {
  final Map<String, IndexedApproval> rows = new ConcurrentHashMap<>();
  final Map<String, Map<Long, IndexedEvent>> events = new ConcurrentHashMap<>();
  final List<IndexUpdate> deliveries = java.util.Collections.synchronizedList(new ArrayList<>());
  final AtomicInteger refused = new AtomicInteger();
  volatile boolean down;

  @Override
  public void record(IndexUpdate update) {
    if (down) {
      refused.incrementAndGet();
      throw new IllegalStateException("the task index is down");
    }
    deliveries.add(update);
    IndexedApproval row = update.approval();
    String key = row.workflowId() + " " + row.chainId();
    rows.merge(key, row, (held, given) -> given.seq() > held.seq() ? given : held);
    Map<Long, IndexedEvent> chain = events.computeIfAbsent(key, k -> new TreeMap<>());
    synchronized (chain) {
      update.events().forEach(event -> chain.putIfAbsent(event.seq(), event));
    }
  }

  /** The one chain of {@code workflowId} the index holds. */
  IndexedApproval row(String workflowId) {
    return rows.values().stream().filter(row -> row.workflowId().equals(workflowId)).findFirst().orElse(null);
  }

  List<IndexedEvent> events(String workflowId) {
    IndexedApproval row = row(workflowId);
    Map<Long, IndexedEvent> chain = row == null ? null : events.get(row.workflowId() + " " + row.chainId());
    if (chain == null) {
      return List.of();
    }
    synchronized (chain) {
      return List.copyOf(chain.values());
    }
  }
}
