package dev.overdue.model.task;

import dev.overdue.api.ApprovalRequest.ListenerDefinition;
import dev.overdue.api.ApprovalRequest.OutcomeDefinition;
import dev.overdue.model.TransitionTable;
import dev.overdue.model.request.HandlerDefinitions;
import dev.overdue.model.request.StepForm;
import dev.overdue.model.request.StepOwnerDefinitions;
import dev.overdue.model.request.TaskListenerEvent;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.schedule.BusinessCalendar;
import dev.overdue.model.schedule.TimeLimit;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One step of an approval: a user task offered to its potential owners ({@link PotentialOwners}),
 * at a priority from 0 (highest) to 10, possibly assigned to one of them when it is created.
 */
public final class UserTask {
  /** WS-HumanTask's priorities: 0 is the highest, 10 the lowest. */
  public static final int HIGHEST_PRIORITY = StepOwnerDefinitions.HIGHEST_PRIORITY;
  public static final int LOWEST_PRIORITY = StepOwnerDefinitions.LOWEST_PRIORITY;
  public static final int DEFAULT_PRIORITY = 5;
  /** The outcome of a skipped step (WS-HumanTask skip): it ended undecided. */
  public static final String SKIPPED = "SKIPPED";

  private final String name;
  private final String title;
  private PotentialOwners owners;
  /** The step's assignee: a user, or {@code =} and an expression; null when it has none. */
  private final String assigneeRule;
  private int priority = DEFAULT_PRIORITY;
  /** The lookup or change that last set the owners; older answers of the directory are stale. */
  private int ownersChange;
  private final List<OutcomeDefinition> outcomes;
  /** Who may not act on it although a potential owner: the four-eyes rules. */
  private SeparationOfDuties duties = SeparationOfDuties.NONE;
  private final Map<TaskListenerEvent, List<TimerHandler>> listeners = new EnumMap<>(TaskListenerEvent.class);
  /** How often each listener event has fired: numbers each firing, for idempotency keys. */
  private final Map<String, Integer> listenerFirings = new LinkedHashMap<>();
  private TaskState state = TaskState.PENDING;
  private String owner;
  private String outcome;
  private String decidedBy;
  private String comment;
  private Instant completedAt;
  /** Whether a potential owner, the requester or a business administrator may skip it. */
  private boolean skippable;
  /** Who delegated the task to its owner, while it is delegated; null otherwise. */
  private String delegatedBy;
  /** From when the task should be looked at again (Camunda's followUpDate); null when never. */
  private Instant followUp;
  /** The step's {@code followUp}, counted when the task is created; null when it has none. */
  private TimeLimit followUpLimit;
  /** The output the step asks for, as the request gave it; null when it has no form. */
  private Map<String, Object> formDefinition;
  private StepForm form;

  public UserTask(String name, String title, List<String> approvers) {
    this(name, title, PotentialOwners.users(approvers), null, List.of(), List.of());
  }

  public UserTask(
      String name,
      String title,
      PotentialOwners owners,
      String assigneeRule,
      List<OutcomeDefinition> outcomes,
      List<ListenerDefinition> listeners) {
    this.name = name;
    this.title = title;
    this.owners = owners;
    this.assigneeRule = assigneeRule;
    this.outcomes = outcomes == null ? List.of() : List.copyOf(outcomes);
    if (listeners != null) {
      for (ListenerDefinition listener : listeners) {
        this.listeners
            .computeIfAbsent(TaskListenerEvent.parse(listener.event()), e -> new ArrayList<>())
            .addAll(HandlerDefinitions.handlers(listener.actions()));
      }
    }
  }

  public TaskSnapshot snapshot() {
    List<ListenerDefinition> listenerDefinitions =
        listeners.entrySet().stream()
            .map(e -> new ListenerDefinition(e.getKey().key(),
                e.getValue().stream().map(TimerHandler::definition).toList()))
            .toList();
    return new TaskSnapshot(
        name,
        title,
        owners.users(),
        state.name(),
        owner,
        outcome,
        decidedBy,
        comment,
        completedAt == null ? null : completedAt.toString(),
        outcomes.isEmpty() ? null : outcomes,
        listenerDefinitions.isEmpty() ? null : listenerDefinitions,
        listenerFirings.isEmpty() ? null : Map.copyOf(listenerFirings),
        owners.groups().isEmpty() ? null : owners.groups(),
        owners.groups().isEmpty() ? null : owners.members(),
        owners.assignee(),
        assigneeRule,
        priority == DEFAULT_PRIORITY ? null : priority,
        duties.notBy().isEmpty() ? null : duties.notBy(),
        duties.distinctFrom().isEmpty() ? null : duties.distinctFrom(),
        formDefinition,
        skippable ? Boolean.TRUE : null,
        delegatedBy,
        duties.excludedOwners().isEmpty() ? null : duties.excludedOwners(),
        duties.excludedUsers(),
        followUp == null ? null : followUp.toString(),
        followUpLimit == null ? null : followUpLimit.text());
  }

  /** The task {@code snapshot} saved; a priority it lacks is the default. */
  public static UserTask restore(TaskSnapshot snapshot) {
    PotentialOwners owners =
        new PotentialOwners(
            snapshot.approvers(), snapshot.candidateGroups(),
            snapshot.candidateGroups() == null ? List.of() : snapshot.members(), snapshot.assignee());
    UserTask task =
        new UserTask(snapshot.name(), snapshot.title(), owners, snapshot.assigneeRule(),
            snapshot.outcomes(), snapshot.listeners());
    task.priority = snapshot.priority() == null ? DEFAULT_PRIORITY : snapshot.priority();
    task.duties =
        new SeparationOfDuties(snapshot.notBy(), snapshot.distinctFrom(), snapshot.excludedOwners(),
            snapshot.excludedUsers());
    task.setForm(snapshot.form());
    task.skippable = Boolean.TRUE.equals(snapshot.skippable());
    task.delegatedBy = snapshot.delegatedBy();
    task.followUp = snapshot.followUp() == null ? null : Instant.parse(snapshot.followUp());
    task.followUpLimit = snapshot.followUpLimit() == null ? null : TimeLimit.parse(snapshot.followUpLimit(), null);
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

  public Optional<String> refusal(TaskEvent event) {
    TransitionTable.Row<TaskState, TaskEvent> row = TaskLifecycle.TABLE.row(state, event);
    return row.allowed() ? Optional.empty() : Optional.of("step " + name + ": " + row.rejection());
  }

  public void on(TaskEvent event) {
    state = TaskLifecycle.TABLE.fire(state, event);
  }

  public void claim(String user) {
    on(TaskEvent.CLAIM);
    owner = user;
  }

  /** Starting an offered task claims it for {@code user}. */
  public void start(String user) {
    on(TaskEvent.START);
    if (owner == null) {
      owner = user;
    }
  }

  public void release() {
    on(TaskEvent.RELEASE);
    owner = null;
    delegatedBy = null;
  }

  /** WS-HumanTask stop: back to RESERVED, the owner keeps it. */
  public void stop() {
    on(TaskEvent.STOP);
  }

  /**
   * Delegated by {@code by} to {@code user}, who owns it (RESERVED) and becomes a potential owner;
   * {@code by} is remembered while it is delegated, unless the task was delegated before (the
   * first delegator is who it goes back to).
   */
  public void delegate(String user, String by) {
    on(TaskEvent.DELEGATE);
    if (!owners.includes(user)) {
      owners = owners.plus(PotentialOwners.users(List.of(user)));
    }
    if (delegatedBy == null) {
      delegatedBy = by;
    }
    owner = user;
  }

  /** The assignee is away: {@code substitute} is assigned it instead, still RESERVED; they stay a candidate. */
  public void assignStandIn(String substitute) {
    String away = owners.assignee();
    owners = owners.withAssignee(substitute).plus(PotentialOwners.users(List.of(away)));
    owner = substitute;
  }

  /** Handed back to its delegator, who owns it again. */
  public void resolve() {
    on(TaskEvent.DELEGATE);
    owner = delegatedBy;
    delegatedBy = null;
  }

  /** Skipped by {@code by} for {@code reason}: OBSOLETE, with the outcome SKIPPED. */
  public void skip(String by, String reason, Instant at) {
    on(TaskEvent.SKIP);
    this.outcome = SKIPPED;
    this.decidedBy = by;
    this.comment = reason;
    this.completedAt = at;
  }

  /** New potential owners; whoever held the task loses it, and it is offered again. */
  public void reassign(PotentialOwners newOwners) {
    on(TaskEvent.REASSIGN);
    owners = newOwners;
    owner = null;
    delegatedBy = null;
  }

  /** WS-HumanTask's assignment on creation: reserved by {@code user}, who becomes a potential owner. */
  public void assign(String user) {
    on(TaskEvent.CLAIM);
    owners = owners.withAssignee(user);
    owner = user;
  }

  /** The potential owners as a lookup or a change left them; the task's state stays as it is. */
  public void setOwners(PotentialOwners newOwners, int change) {
    owners = newOwners;
    ownersChange = change;
  }

  public void setPriority(int newPriority) {
    priority = newPriority;
  }

  /** Deciding an offered task claims it for the approver who decides it. */
  public void complete(String outcome, String decidedBy, String comment, Instant at) {
    on(TaskEvent.COMPLETE);
    if (owner == null && mayAct(decidedBy)) {
      owner = decidedBy;
    }
    this.outcome = outcome;
    this.decidedBy = decidedBy;
    this.comment = comment;
    this.completedAt = at;
  }

  /** The named outcome {@code name} (any case), if this step declares it. */
  public Optional<OutcomeDefinition> outcome(String name) {
    return outcomes.stream().filter(o -> o.name().equalsIgnoreCase(name)).findFirst();
  }

  public List<TimerHandler> listeners(TaskListenerEvent event) {
    return listeners.getOrDefault(event, List.of());
  }

  /** Counts a firing of {@code event}'s listeners and returns its number (from 1). */
  public int countListenerFiring(TaskListenerEvent event) {
    return countFiring(event.key());
  }

  /** Counts an occurrence of {@code key} (a listener event, a reassignment) and returns its number. */
  public int countFiring(String key) {
    return listenerFirings.merge(key, 1, Integer::sum);
  }

  /** The step's form as the request gave it (checked at the start); null for none. */
  public void setForm(Map<String, Object> definition) {
    this.formDefinition = definition;
    this.form = definition == null ? null : StepForm.of(definition);
  }

  /** The output the step asks for, as the request gave it; empty when it has no form. */
  public Optional<Map<String, Object>> formDefinition() {
    return Optional.ofNullable(formDefinition);
  }

  public Optional<StepForm> form() {
    return Optional.ofNullable(form);
  }

  public void setSkippable(boolean skippable) {
    this.skippable = skippable;
  }

  public boolean skippable() {
    return skippable;
  }

  public void setFollowUp(Instant at) {
    this.followUp = at;
  }

  public void setFollowUpLimit(TimeLimit limit) {
    this.followUpLimit = limit;
  }

  /** The step's follow-up, counted from {@code now} when its task is created, its days in {@code calendar}'s zone. */
  public void countFollowUp(Instant now, BusinessCalendar calendar) {
    if (followUpLimit != null) {
      followUp = followUpLimit.expirationFrom(now, calendar);
    }
  }

  /** From when the task should be looked at again, if ever. */
  public Optional<Instant> followUp() {
    return Optional.ofNullable(followUp);
  }

  /** Who delegated the task to its owner, while it is delegated. */
  public Optional<String> delegatedBy() {
    return Optional.ofNullable(delegatedBy);
  }

  public void setDuties(SeparationOfDuties duties) {
    this.duties = duties;
  }

  public SeparationOfDuties duties() {
    return duties;
  }

  /** A potential owner, or the owner (who keeps the task even when a lookup no longer lists them). */
  public boolean mayAct(String user) {
    return user != null && (owners.includes(user) || user.equals(owner));
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

  /** The candidate users. */
  public List<String> approvers() {
    return owners.users();
  }

  public PotentialOwners owners() {
    return owners;
  }

  public int ownersChange() {
    return ownersChange;
  }

  public Optional<String> assigneeRule() {
    return Optional.ofNullable(assigneeRule);
  }

  public int priority() {
    return priority;
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
