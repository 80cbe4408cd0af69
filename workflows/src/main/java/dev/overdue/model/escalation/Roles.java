package dev.overdue.model.escalation;

import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.task.UserTask;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The roles a notify or reassign handler may name among its recipients, replaced by the people
 * they stand for at the moment it runs: WS-HumanTask's {@code potentialOwners} and {@code owner}
 * of the task the timer observes, the approval's {@code requester}, and the requester's {@code
 * manager}, left as {@code manager:<requester>} for the notification activity, which alone reads
 * the worker's directory. Any other name is a person, group or address, kept as it is.
 */
public final class Roles {
  private Roles() {}

  /** Names with the roles replaced, each once, and the roles that stood for nobody. */
  record People(List<String> names, List<String> nobody) {}

  /**
   * Whom a reassignment names: the {@code users} its roles stand for, the {@code names} the
   * worker's directory must say more of (users and groups it names, the requester's manager), and
   * a problem for each role that stands for nobody.
   */
  public record Targets(List<String> users, List<String> names, List<String> problems) {}

  public static Targets reassignmentTargets(List<String> to, UserTask task, String requester) {
    List<String> users = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (String name : to) {
      People people = of(List.of(name), task, requester);
      people.nobody().forEach(role -> problems.add("'" + role + "' is nobody at the moment"));
      if (name.equals("manager") || !ROLES.contains(name)) {
        names.addAll(people.names());
      } else {
        users.addAll(people.names());
      }
    }
    return new Targets(
        users.stream().distinct().toList(), names.stream().distinct().toList(), problems);
  }

  private static final List<String> ROLES = List.of("potentialOwners", "owner", "requester", "manager");

  static People of(List<String> to, UserTask task, String requester) {
    List<String> names = new ArrayList<>();
    List<String> nobody = new ArrayList<>();
    Optional<String> owner = task == null ? Optional.empty() : task.owner();
    for (String name : to) {
      switch (name) {
        case "potentialOwners" -> {
          if (task == null) {
            nobody.add(name);
          } else {
            names.addAll(task.owners().names());
          }
        }
        case "owner" -> owner.ifPresentOrElse(names::add, () -> nobody.add(name));
        case "requester" -> {
          if (requester == null) {
            nobody.add(name);
          } else {
            names.add(requester);
          }
        }
        case "manager" -> {
          if (requester == null) {
            nobody.add(name);
          } else {
            names.add("manager:" + requester);
          }
        }
        default -> names.add(name);
      }
    }
    return new People(names.stream().distinct().toList(), nobody);
  }

  /** The recipients {@code handler} names, roles and all; null for a handler that has none. */
  public static List<String> recipients(TimerHandler handler) {
    if (handler instanceof TimerHandler.Notify notify) {
      return notify.to();
    }
    return handler instanceof TimerHandler.Reassign reassign ? reassign.to() : null;
  }

  /** {@code handler} sent to {@code people} instead of the recipients it names. */
  static TimerHandler sentTo(TimerHandler handler, People people) {
    if (handler instanceof TimerHandler.Notify notify) {
      return new TimerHandler.Notify(
          people.names(), notify.message(), notify.subject(), notify.name(), notify.condition());
    }
    return new TimerHandler.Reassign(people.names(), handler.name(), handler.condition());
  }

  /** Whom {@code handler} reaches now: its recipients' people, a decision's outcome, or nobody. */
  public static List<String> targets(TimerHandler handler, UserTask task, String requester) {
    List<String> recipients = recipients(handler);
    if (recipients != null) {
      return of(recipients, task, requester).names();
    }
    if (handler instanceof TimerHandler.Decide decide) {
      return List.of(decide.outcome());
    }
    if (handler instanceof TimerHandler.SetPriority set) {
      return List.of("priority " + set.priority());
    }
    return List.of();
  }
}
