package dev.overdue.model.process;

/**
 * The way an approval runs: one edition per set of versioned changes a run can have recorded,
 * oldest first. An approval keeps the edition its run started under, so its recorded history
 * replays the way it was written, while a new approval (and every run an approval continues as
 * new into) gets {@link #CURRENT}. The workflow reads which one from the run's version markers
 * ({@code dev.overdue.workflow.Versions}). The editions before 1.0 are retired; an edition added
 * later goes after {@link #V1_0}, with a capability method for what it changes, "this edition or
 * a later one" (docs/design/editions.md).
 */
public enum Edition {
  /** Overdue 1.0: a run that recorded the version marker "shape-18". */
  V1_0,
  /** Overdue 1.1: the marker "key-facts"; lists read key facts and who decided from the memo. */
  V1_1,
  /** Overdue 1.2: the marker "task-index"; the workflow feeds the task index (decision 0050). */
  V1_2;

  /** What a new approval runs by. */
  public static final Edition CURRENT = V1_2;

  /**
   * Whether the workflow writes its memo for lists: the request's key facts when the data changes
   * one, and who decided when it ends (a write of the memo each: decision 0049).
   */
  public boolean publishesKeyFacts() {
    return compareTo(V1_1) >= 0;
  }

  /**
   * Whether the workflow sends its row and events to the task index after every change, as a
   * local activity in the same workflow task (decision 0050).
   */
  public boolean feedsTaskIndex() {
    return compareTo(V1_2) >= 0;
  }

  /** As people name it: "1.0". */
  public String label() {
    return name().substring(1).replace('_', '.');
  }
}
