package dev.overdue.workflow;

import dev.overdue.client.RunningEditions;
import dev.overdue.model.process.Edition;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.workflow.Workflow;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The workflow's versioned changes ({@code Workflow.getVersion}), each with what it changed, and
 * the one place that reads their markers and yields the run's {@link Edition}. A run records the
 * marker of the change it starts under and keeps its edition. The constructor reads each kept
 * change, newest first (a new one is read before the others, so a new approval records one
 * marker); a run that recorded none of them is of an edition retired at 1.0 and fails its
 * workflow task, naming the way out, rather than run a way no release ran (docs/design/editions.md).
 */
public final class Versions {
  /**
   * 1: Overdue 1.0, everything the editions before it added (their table: docs/design/editions.md).
   * The change id is the one the last of them recorded, so that the approvals started since replay
   * as 1.0.
   */
  static final String V1_0 = "shape-18";

  /**
   * 1.1: the workflow writes its memo for lists, the request's key facts when the data changes one
   * and who decided when it ends (decision 0049).
   */
  static final String V1_1 = "key-facts";

  /**
   * 1.2: the workflow sends its row and events to the task index after every change, a local
   * activity in the workflow task that made it (decision 0050).
   */
  static final String V1_2 = "task-index";

  /** The kept changes, newest first, each with the edition a run that recorded it has. */
  private static final Map<String, Edition> CHANGES = new LinkedHashMap<>();

  static {
    CHANGES.put(V1_2, Edition.V1_2);
    CHANGES.put(V1_1, Edition.V1_1);
    CHANGES.put(V1_0, Edition.V1_0);
  }

  private final Edition edition;

  private Versions(Edition edition) {
    this.edition = edition;
  }

  /** The edition the approval runs by. */
  Edition edition() {
    return edition;
  }

  /** Read when the workflow is constructed, so a new approval records its marker first. */
  static Versions atInit() {
    Optional<Edition> edition = recorded(Versions::isOn);
    if (edition.isEmpty()) {
      throw new IllegalStateException(
          "workflow " + Workflow.getInfo().getWorkflowId() + " was started by an edition retired at"
              + " 1.0 (its history has no version marker " + String.join(" or ", CHANGES.keySet())
              + "): let it finish on a worker from before 1.0, or reset or terminate it; `bin/overdue"
              + " editions` counts such approvals (docs/design/editions.md)");
    }
    return new Versions(edition.get());
  }

  /**
   * The edition of a run that recorded the markers {@code changeIds} (as a history or {@code
   * TemporalChangeVersion} lists them, without the "-1"); empty for a retired one.
   */
  public static Optional<Edition> recordedBy(Collection<String> changeIds) {
    return recorded(changeIds::contains);
  }

  /**
   * The edition of the run whose history begins with {@code events}: the change ids of its version
   * markers, all recorded in its first workflow task; empty for a retired one.
   */
  public static Optional<Edition> recordedIn(List<HistoryEvent> events) {
    return recordedBy(RunningEditions.changeIds(events));
  }

  /**
   * The edition of a running approval; empty for a retired one. One no worker has begun yet will
   * record the current edition's marker.
   */
  public static Optional<Edition> editionOf(RunningEditions.Run run) {
    return run.begun() ? recordedBy(run.changeIds()) : Optional.of(Edition.CURRENT);
  }

  /**
   * The running approvals that may be on an edition this worker cannot run: without
   * TemporalChangeVersion (their history says), or with a value no kept edition has.
   */
  public static String notKept(String runningApprovals) {
    String kept = CHANGES.keySet().stream().map(change -> "'" + change + "-1'").collect(Collectors.joining(", "));
    String attribute = RunningEditions.CHANGE_VERSION.getName();
    return runningApprovals + " AND (" + attribute + " IS NULL OR " + attribute + " NOT IN (" + kept + "))";
  }

  /** Each kept change read in order until one is recorded: a replay reads what the run read. */
  private static Optional<Edition> recorded(Predicate<String> recorded) {
    for (Map.Entry<String, Edition> change : CHANGES.entrySet()) {
      if (recorded.test(change.getKey())) {
        return Optional.of(change.getValue());
      }
    }
    return Optional.empty();
  }

  private static boolean isOn(String change) {
    return Workflow.getVersion(change, Workflow.DEFAULT_VERSION, 1) >= 1;
  }
}
