package dev.overdue.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** One step of an approval: a user task offered to its approvers. */
public final class UserTask {
  private final String name;
  private final String title;
  private final List<String> approvers;
  private TaskState state = TaskState.PENDING;
  private String owner;
  private Outcome outcome;
  private String decidedBy;
  private String comment;
  private Instant completedAt;

  public UserTask(String name, String title, List<String> approvers) {
    this.name = name;
    this.title = title;
    this.approvers = List.copyOf(approvers);
  }

  ProcessSnapshot.TaskSnapshot snapshot() {
    return new ProcessSnapshot.TaskSnapshot(
        name,
        title,
        approvers,
        state.name(),
        owner,
        outcome == null ? null : outcome.name(),
        decidedBy,
        comment,
        completedAt == null ? null : completedAt.toString());
  }

  static UserTask restore(ProcessSnapshot.TaskSnapshot snapshot) {
    UserTask task = new UserTask(snapshot.name(), snapshot.title(), snapshot.approvers());
    task.state = TaskState.valueOf(snapshot.state());
    task.owner = snapshot.owner();
    task.outcome = snapshot.outcome() == null ? null : Outcome.valueOf(snapshot.outcome());
    task.decidedBy = snapshot.decidedBy();
    task.comment = snapshot.comment();
    task.completedAt = snapshot.completedAt() == null ? null : Instant.parse(snapshot.completedAt());
    return task;
  }

  Optional<String> refusal(TaskEvent event) {
    TransitionTable.Row<TaskState, TaskEvent> row = TaskLifecycle.TABLE.row(state, event);
    return row.allowed() ? Optional.empty() : Optional.of("step " + name + ": " + row.rejection());
  }

  void on(TaskEvent event) {
    state = TaskLifecycle.TABLE.fire(state, event);
  }

  void claim(String user) {
    on(TaskEvent.CLAIM);
    owner = user;
  }

  void release() {
    on(TaskEvent.RELEASE);
    owner = null;
  }

  /** Deciding an offered task claims it for the approver who decides it. */
  void complete(Outcome outcome, String decidedBy, String comment, Instant at) {
    on(TaskEvent.COMPLETE);
    if (owner == null && isApprover(decidedBy)) {
      owner = decidedBy;
    }
    this.outcome = outcome;
    this.decidedBy = decidedBy;
    this.comment = comment;
    this.completedAt = at;
  }

  public boolean isApprover(String user) {
    return approvers.contains(user);
  }

  public boolean isOpen() {
    return state == TaskState.READY || state == TaskState.RESERVED;
  }

  public String name() {
    return name;
  }

  public String title() {
    return title;
  }

  public List<String> approvers() {
    return approvers;
  }

  public TaskState state() {
    return state;
  }

  public Optional<String> owner() {
    return Optional.ofNullable(owner);
  }

  public Optional<Outcome> outcome() {
    return Optional.ofNullable(outcome);
  }

  public Optional<String> decidedBy() {
    return Optional.ofNullable(decidedBy);
  }

  public Optional<String> comment() {
    return Optional.ofNullable(comment);
  }

  public Optional<Instant> completedAt() {
    return Optional.ofNullable(completedAt);
  }
}
