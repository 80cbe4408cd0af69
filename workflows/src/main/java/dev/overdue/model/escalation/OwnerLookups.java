package dev.overdue.model.escalation;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.model.Texts;
import dev.overdue.model.request.TaskListenerEvent;
import dev.overdue.model.task.OwnerLookup;
import dev.overdue.model.task.PotentialOwners;
import dev.overdue.model.task.UserTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Potential owners that take the worker's directory to know: a step's candidate groups when its
 * task is created, the users and groups a reassignment names, the groups again after the directory
 * changed. The model queues an {@link OwnerLookup}; the workflow asks the directory (an activity,
 * recorded in the history, so replays agree) and hands back its {@link OwnerLookup.Answer}.
 *
 * <p>An answer applies unless the task's owners were changed after its question was asked (a
 * later reassignment wins over an earlier one still being looked up). Nothing here leaves a task
 * with no one able to act when it had someone: a reassignment or refresh that finds nobody keeps
 * the owners the task had, with a warning naming the cause. A task created with no one able to act
 * gets that warning and shows as unworkable until it is reassigned.
 */
public final class OwnerLookups {
  enum Purpose {
    CREATED,
    REASSIGN,
    REFRESH,
    /** Whom the request's business administrators stand for: users, and groups' members. */
    ADMINISTRATORS
  }

  /**
   * A lookup asked and not yet answered: for a reassignment, the {@code users} its roles stood
   * for, who asked ({@code by}), whom to tell ({@code notice}, null for none) and whether a
   * {@code command} asked (whose sender hears the answer) or an escalation.
   */
  private record Pending(
      OwnerLookup lookup, Purpose purpose, List<String> users, List<String> problems, String by,
      Notices.Notice notice, boolean command, Joining joining) {}

  /**
   * Whom the found owners join, rather than replace: {@code base}, the owners the task keeps
   * (WS-HumanTask forward: all but the forwarder; nominate: all); {@code reoffer} whether the task
   * is offered again (forward) or keeps its state and owner (nominate).
   */
  public record Joining(PotentialOwners base, boolean reoffer) {}

  private final EscalationContext process;
  private final Notices notices;
  private final List<OwnerLookup> queued = new ArrayList<>();
  private final Map<Integer, Pending> pending = new LinkedHashMap<>();
  /** Outcomes of answered lookups, for a command waiting for one; the latest few are kept. */
  private final Map<Integer, OwnerLookup.Outcome> outcomes =
      new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, OwnerLookup.Outcome> eldest) {
          return size() > KEPT_OUTCOMES;
        }
      };
  private static final int KEPT_OUTCOMES = 20;
  private int numbered;

  public OwnerLookups(EscalationContext process, Notices notices) {
    this.process = process;
    this.notices = notices;
  }

  /**
   * A task was created: the members of its candidate groups are looked up, whom its excluded owners
   * stand for, and, where the approval keeps stand-ins, who of its people is away.
   */
  public void created(UserTask task) {
    if (task.owners().awaitsDirectory() || task.duties().awaitsDirectory() || process.keepsStandIns()) {
      ask(task, Purpose.CREATED, task.owners().groups(), List.of(), List.of(), List.of(), null, null, false, null);
    }
  }

  /**
   * The current task's candidate groups are looked up again, for a command; the answer replaces
   * their members (and, where the approval keeps stand-ins, adds the substitutes of those away).
   */
  public int refresh(UserTask task, String by) {
    return ask(task, Purpose.REFRESH, task.owners().groups(), List.of(), List.of(), List.of(), by, null, true, null);
  }

  /** The request's business administrators, users or groups, are looked up when the approval starts. */
  public void administrators(List<String> names) {
    OwnerLookup lookup =
        new OwnerLookup(++numbered, process.steps().get(0).name(), List.of(), names, List.of(), List.of());
    queued.add(lookup);
    pending.put(lookup.number(), new Pending(lookup, Purpose.ADMINISTRATORS, List.of(), List.of(), null, null, false, null));
  }

  /** Whether the current task can be looked up again: it has groups, or its people may be away. */
  public boolean refreshable(UserTask task) {
    return !task.owners().groups().isEmpty() || process.keepsStandIns();
  }

  /** A reassignment begun: decided at once ({@code outcome}), or waiting for {@code lookup}. */
  public record Started(Integer lookup, String outcome) {}

  /**
   * Reassigns {@code task} to {@code targets}: at once when they are only users the roles stood
   * for, else once the directory has said who the named users and groups are. A {@code command}'s
   * sender hears of a reassignment to nobody in its answer; an escalation's leaves a warning.
   */
  public Started reassign(
      UserTask task, Roles.Targets targets, String by, Notices.Notice notice, boolean command, Instant now) {
    return change(task, targets, by, notice, command, null, now);
  }

  /**
   * As {@link #reassign}, for a command, the owners found joining {@code joining}'s instead of
   * replacing them (forward, nominate).
   */
  public Started join(UserTask task, Roles.Targets targets, String by, Joining joining, Instant now) {
    return change(task, targets, by, null, true, joining, now);
  }

  private Started change(
      UserTask task, Roles.Targets targets, String by, Notices.Notice notice, boolean command,
      Joining joining, Instant now) {
    if (targets.names().isEmpty()) {
      return new Started(null,
          reassignTo(task, PotentialOwners.users(targets.users()), by, notice, targets.problems(), ++numbered,
              command, joining, now));
    }
    int lookup =
        ask(task, Purpose.REASSIGN, List.of(), targets.names(), targets.users(), targets.problems(), by, notice,
            command, joining);
    return new Started(lookup, "step " + task.name() + ": looking up " + Texts.list(targets.names())
        + " in the directory");
  }

  private int ask(
      UserTask task, Purpose purpose, List<String> groups, List<String> names, List<String> users,
      List<String> problems, String by, Notices.Notice notice, boolean command, Joining joining) {
    List<String> people = process.keepsStandIns() ? peopleOf(task) : List.of();
    List<String> excluded = task.duties().awaitsDirectory() ? task.duties().excludedOwners() : List.of();
    OwnerLookup lookup = new OwnerLookup(++numbered, task.name(), groups, names, people, excluded);
    queued.add(lookup);
    pending.put(lookup.number(), new Pending(lookup, purpose, users, problems, by, notice, command, joining));
    return lookup.number();
  }

  /** The users {@code task} names now, whose absence the directory may know: candidates, assignee, owner. */
  private static List<String> peopleOf(UserTask task) {
    Set<String> people = new LinkedHashSet<>(task.owners().users());
    if (task.owners().assignee() != null) {
      people.add(task.owners().assignee());
    }
    task.owner().ifPresent(people::add);
    return List.copyOf(people);
  }

  /** Lookups the workflow has yet to ask, oldest first. */
  public List<OwnerLookup> drain() {
    List<OwnerLookup> drained = List.copyOf(queued);
    queued.clear();
    return drained;
  }

  /** Some lookup is asked and not answered: a command waiting for it, or a task's first owners. */
  public boolean isPending(int number) {
    return pending.containsKey(number);
  }

  /** What became of an answered lookup, for the command that asked for it. */
  public Optional<OwnerLookup.Outcome> outcome(int number) {
    return Optional.ofNullable(outcomes.remove(number));
  }

  /** Applies the directory's {@code answer} to lookup {@code number}. */
  public void answer(int number, OwnerLookup.Answer answer, Instant now) {
    Pending asked = pending.remove(number);
    if (asked == null) {
      return;
    }
    if (asked.purpose() == Purpose.ADMINISTRATORS) {
      administratorsFound(number, answer, now);
      return;
    }
    UserTask task = process.stepNamed(asked.lookup().step()).orElseThrow();
    ObjectNode detail = detailOf(number, task.name(), asked.purpose(), answer);
    if (!answer.excluded().isEmpty() || !answer.standIns().isEmpty()) {
      detail.putPOJO("excluded", answer.excluded());
      detail.putPOJO("standIns", answer.standIns());
    }
    if (!asked.lookup().excluded().isEmpty() && task.duties().awaitsDirectory()) {
      excludedFound(task, answer.excluded(), now);
    }
    String outcome;
    if (!task.isOpen()) {
      outcome = "step " + task.name() + " is no longer open: the answer is not needed";
    } else if (task.ownersChange() > number) {
      outcome = "step " + task.name() + "'s potential owners changed meanwhile: the answer is stale";
    } else {
      outcome = switch (asked.purpose()) {
        case CREATED -> membersFound(task, answer, number, now);
        case REFRESH -> refreshed(task, answer, number, now);
        case REASSIGN -> {
          Set<String> users = new LinkedHashSet<>(asked.users());
          users.addAll(answer.users());
          PotentialOwners found =
              new PotentialOwners(List.copyOf(users), answer.groups(), answer.members(), null);
          List<String> problems = new ArrayList<>(asked.problems());
          problems.addAll(answer.problems());
          yield reassignTo(
              task, found, asked.by(), asked.notice(), problems, number, asked.command(), asked.joining(), now);
        }
        case ADMINISTRATORS -> throw new IllegalStateException("answered above");
      };
    }
    boolean applied = task.ownersChange() == number;
    if (applied && task.isOpen() && !answer.standIns().isEmpty()) {
      outcome += StandIns.apply(process, notices, task, answer.standIns(), number, now);
    }
    detail.put("outcome", outcome);
    detail.put("applied", applied);
    process.trail().event(now, "OwnersLookedUp", detail);
    outcomes.put(number, new OwnerLookup.Outcome(outcome, applied));
  }

  /** The users the business administrators stand for are known: from now each of them is one. */
  private void administratorsFound(int number, OwnerLookup.Answer answer, Instant now) {
    Set<String> users = new LinkedHashSet<>(answer.users());
    users.addAll(answer.members());
    process.administrators().resolve(List.copyOf(users));
    ObjectNode detail = detailOf(number, null, Purpose.ADMINISTRATORS, answer);
    String outcome = "business administrators: " + (users.isEmpty() ? "nobody" : Texts.list(List.copyOf(users)));
    detail.put("outcome", outcome);
    detail.put("applied", true);
    process.trail().event(now, "OwnersLookedUp", detail);
    outcomes.put(number, new OwnerLookup.Outcome(outcome, true));
  }

  /** The trail's OwnersLookedUp detail: which lookup, for what, and what the directory said. */
  private static ObjectNode detailOf(int number, String step, Purpose purpose, OwnerLookup.Answer answer) {
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("lookup", number);
    if (step != null) {
      detail.put("step", step);
    }
    detail.put("purpose", purpose.name());
    detail.putPOJO("users", answer.users());
    detail.putPOJO("groups", answer.groups());
    detail.putPOJO("members", answer.members());
    if (!answer.problems().isEmpty()) {
      detail.putPOJO("problems", answer.problems());
    }
    return detail;
  }

  private String membersFound(UserTask task, OwnerLookup.Answer answer, int number, Instant now) {
    // The offer waited for the members, or for whom the excluded owners stand for.
    boolean offerWaited = task.owners().awaitsDirectory() || !task.duties().excludedOwners().isEmpty();
    task.setOwners(
        task.owners().awaitsDirectory() ? task.owners().withMembers(answer.members()) : task.owners(), number);
    if (task.owners().isNobody() && task.owner().isEmpty()) {
      noOneCanAct(task, answer.problems(), now);
      return "step " + task.name() + " has no one who can act";
    }
    if (task.owner().isEmpty() && offerWaited) {
      notices.tellOffered(task, null, now);
    }
    return task.owner().isPresent()
        ? "step " + task.name() + " held by " + task.owner().get()
        : "step " + task.name() + " offered to " + Texts.list(task.owners().names());
  }

  /**
   * The users the step's excluded owners stand for are known: from now they are refused; an owner
   * among them (an assignee an expression chose) gives the task back, with a warning.
   */
  private void excludedFound(UserTask task, List<String> excluded, Instant now) {
    task.setDuties(task.duties().withExcludedUsers(excluded));
    Optional<String> owner = task.owner();
    if (owner.isPresent() && task.isOpen() && task.duties().excludes(owner.get())) {
      task.release();
      process.ownerChanged(task, now);
      process.addWarning(null, task.name(), owner.get() + " is an excluded owner of step " + task.name()
          + ": the step is offered to its potential owners instead", now);
    }
  }

  /** Only a command refreshes: its sender hears when the task keeps its owners. */
  private String refreshed(UserTask task, OwnerLookup.Answer answer, int number, Instant now) {
    PotentialOwners found = task.owners().withMembers(answer.members());
    if (answer.groups().isEmpty() && !answer.problems().isEmpty()) {
      // Not one group found (or no directory to ask): what the task had is better than nothing.
      return kept(task, "its candidate groups could not be looked up again", answer.problems());
    }
    if (found.isNobody()) {
      return kept(task, "its candidate groups, looked up again, stand for nobody", answer.problems());
    }
    List<String> before = task.owners().names();
    task.setOwners(found, number);
    notices.fireListeners(task, TaskListenerEvent.UPDATED, now);
    return "step " + task.name() + ": potential owners " + Texts.list(found.names()) + " (were "
        + (before.isEmpty() ? "nobody" : Texts.list(before)) + ")";
  }

  /**
   * The task goes to {@code found} and is offered again: its acceptance timer runs, its listeners
   * hear it was updated, and the new owners are told; found to be nobody, it keeps its owners.
   */
  private String reassignTo(
      UserTask task, PotentialOwners found, String by, Notices.Notice notice, List<String> problems,
      int number, boolean command, Joining joining, Instant now) {
    if (found.isNobody()) {
      String kept = kept(task, (joining == null ? "the reassignment by " : "the change by ") + by
          + " names nobody who can act", problems);
      if (!command) {
        process.addWarning(null, task.name(), kept, now);
      }
      return kept;
    }
    if (joining != null) {
      return joined(task, found, by, joining, number, now);
    }
    task.reassign(found);
    task.setOwners(found, number);
    process.ownerChanged(task, now);
    notices.fireListeners(task, TaskListenerEvent.UPDATED, now);
    // A command's reassignment has no notice: its sender is who the message names.
    notices.tellReassigned(task, notice, notice == null ? by : null, now);
    return "step " + task.name() + " reassigned to " + Texts.list(found.names());
  }

  /** Forward or nominate: {@code found} join the owners the task keeps, and they alone are told. */
  private String joined(
      UserTask task, PotentialOwners found, String by, Joining joining, int number, Instant now) {
    PotentialOwners owners = joining.base().plus(found);
    List<String> newcomers =
        found.names().stream().filter(name -> !joining.base().includes(name)).toList();
    if (joining.reoffer()) {
      task.reassign(owners);
      process.ownerChanged(task, now);
    }
    task.setOwners(owners, number);
    notices.fireListeners(task, TaskListenerEvent.UPDATED, now);
    if (!newcomers.isEmpty()) {
      notices.tellReassigned(task, newcomers, null, by, now);
    }
    return "step " + task.name() + (joining.reoffer() ? " forwarded to " : ": potential owners now ")
        + Texts.list(joining.reoffer() ? found.names() : owners.names());
  }

  /**
   * Nobody would be left to act: the task keeps the owners it has; what says why goes to a
   * command's sender (the command is refused) or, for an escalation, into a warning.
   */
  private static String kept(UserTask task, String cause, List<String> problems) {
    List<String> kept = task.owners().names();
    return "step " + task.name() + " keeps its potential owners "
        + (kept.isEmpty() ? "(none)" : Texts.list(kept)) + ": " + cause
        + (problems.isEmpty() ? "" : " (" + String.join("; ", problems) + ")");
  }

  /** A task no one can act on is never left silent: a warning says so, and who may reassign it. */
  public void noOneCanAct(UserTask task, List<String> causes, Instant now) {
    process.addWarning(null, task.name(),
        "step " + task.name() + " has no one who can act"
            + (causes.isEmpty() ? "" : " (" + String.join("; ", causes) + ")")
            + ": the requester" + (process.requester() == null ? "" : " (" + process.requester() + ")")
            + " may reassign it", now);
  }

  /** After a continue-as-new: a task whose groups were never looked up is looked up now. */
  public void restored() {
    process.steps().stream().filter(UserTask::isOpen).forEach(this::created);
  }
}
