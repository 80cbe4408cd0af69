package dev.overdue.model;

import dev.overdue.api.ApprovalRequest.ListenerDefinition;
import dev.overdue.api.ApprovalRequest.OutcomeDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One step of an approval: a user task offered to its approvers (its potential owners). */
public final class UserTask {
  private final String name;
  private final String title;
  private List<String> approvers;
  private final List<OutcomeDefinition> outcomes;
  private final Map<TaskListenerEvent, List<TimerHandler>> listeners = new EnumMap<>(TaskListenerEvent.class);
  /** How often each listener event has fired: numbers each firing, for idempotency keys. */
  private final Map<String, Integer> listenerFirings = new LinkedHashMap<>();
  private TaskState state = TaskState.PENDING;
  private String owner;
  private String outcome;
  private String decidedBy;
  private String comment;
  private Instant completedAt;

  public UserTask(String name, String title, List<String> approvers) {
    this(name, title, approvers, List.of(), List.of());
  }

  public UserTask(
      String name,
      String title,
      List<String> approvers,
      List<OutcomeDefinition> outcomes,
      List<ListenerDefinition> listeners) {
    this.name = name;
    this.title = title;
    this.approvers = List.copyOf(approvers);
    this.outcomes = outcomes == null ? List.of() : List.copyOf(outcomes);
    if (listeners != null) {
      for (ListenerDefinition listener : listeners) {
        this.listeners
            .computeIfAbsent(TaskListenerEvent.parse(listener.event()), e -> new ArrayList<>())
            .addAll(HandlerDefinitions.handlers(listener.actions()));
      }
    }
  }

  ProcessSnapshot.TaskSnapshot snapshot() {
    List<ListenerDefinition> listenerDefinitions =
        listeners.entrySet().stream()
            .map(e -> new ListenerDefinition(e.getKey().key(),
                e.getValue().stream().map(TimerHandler::definition).toList()))
            .toList();
    return new ProcessSnapshot.TaskSnapshot(
        name,
        title,
        approvers,
        state.name(),
        owner,
        outcome,
        decidedBy,
        comment,
        completedAt == null ? null : completedAt.toString(),
        outcomes.isEmpty() ? null : outcomes,
        listenerDefinitions.isEmpty() ? null : listenerDefinitions,
        listenerFirings.isEmpty() ? null : Map.copyOf(listenerFirings));
  }

  static UserTask restore(ProcessSnapshot.TaskSnapshot snapshot) {
    UserTask task =
        new UserTask(snapshot.name(), snapshot.title(), snapshot.approvers(), snapshot.outcomes(),
            snapshot.listeners());
    task.state = TaskState.valueOf(snapshot.state());
    task.owner = snapshot.owner();
    task.outcome = snapshot.outcome();
    task.decidedBy = snapshot.decidedBy();
    task.comment = snapshot.comment();
    task.completedAt = snapshot.completedAt() == null ? null : Instant.parse(snapshot.completedAt());
    if (snapshot.listenerFirings() != null) {
      // Sorted, so the order does not depend on how the snapshot's map was read.
      snapshot.listenerFirings().entrySet().stream()
          .sorted(Map.Entry.comparingByKey())
          .forEach(e -> task.listenerFirings.put(e.getKey(), e.getValue()));
    }
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

  /** Starting an offered task claims it for {@code user}. */
  void start(String user) {
    on(TaskEvent.START);
    if (owner == null) {
      owner = user;
    }
  }

  void release() {
    on(TaskEvent.RELEASE);
    owner = null;
  }

  /** New potential owners; whoever held the task loses it, and it is offered again. */
  void reassign(List<String> newApprovers) {
    on(TaskEvent.REASSIGN);
    approvers = List.copyOf(newApprovers);
    owner = null;
  }

  /** Deciding an offered task claims it for the approver who decides it. */
  void complete(String outcome, String decidedBy, String comment, Instant at) {
    on(TaskEvent.COMPLETE);
    if (owner == null && isApprover(decidedBy)) {
      owner = decidedBy;
    }
    this.outcome = outcome;
    this.decidedBy = decidedBy;
    this.comment = comment;
    this.completedAt = at;
  }

  /** The named outcome {@code name} (any case), if this step declares it. */
  Optional<OutcomeDefinition> outcome(String name) {
    return outcomes.stream().filter(o -> o.name().equalsIgnoreCase(name)).findFirst();
  }

  List<TimerHandler> listeners(TaskListenerEvent event) {
    return listeners.getOrDefault(event, List.of());
  }

  /** Counts a firing of {@code event}'s listeners and returns its number (from 1). */
  int countListenerFiring(TaskListenerEvent event) {
    return listenerFirings.merge(event.key(), 1, Integer::sum);
  }

  public boolean isApprover(String user) {
    return approvers.contains(user);
  }

  public boolean isOpen() {
    return state == TaskState.READY || state == TaskState.RESERVED || state == TaskState.IN_PROGRESS;
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

  public List<String> outcomeNames() {
    return outcomes.stream().map(OutcomeDefinition::name).toList();
  }

  public TaskState state() {
    return state;
  }

  public Optional<String> owner() {
    return Optional.ofNullable(owner);
  }

  public Optional<String> outcome() {
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
