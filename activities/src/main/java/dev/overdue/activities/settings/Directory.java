package dev.overdue.activities.settings;

import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipient.Channel;
import dev.overdue.workflow.activities.Recipients;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Users and groups, loaded by the worker; recipients are resolved here, in an activity, never in
 * workflow code. A {@code to} entry is a user, a group (members in order, nested groups allowed),
 * {@code manager:<user>} (that user's manager, reached like a user), an e-mail address,
 * {@code email:<address>}, {@code webhook:<endpoint>} or {@code log:<name>}. Without any users or
 * groups every other name goes to the log, so a new worker works unconfigured; a manager, though,
 * cannot be guessed, so {@code manager:<user>} then is a problem.
 */
public record Directory(Map<String, Person> users, Map<String, List<String>> groups, Map<String, Absence> absences) {
  public static final Directory EMPTY = new Directory(Map.of(), Map.of());
  private static final String MANAGER = "manager:";

  public Directory {
    users = users == null ? Map.of() : new LinkedHashMap<>(users);
    groups = groups == null ? Map.of() : new LinkedHashMap<>(groups);
    absences = absences == null ? null : new LinkedHashMap<>(absences);
  }

  /** A directory that keeps no absences. */
  public Directory(Map<String, Person> users, Map<String, List<String>> groups) {
    this(users, groups, null);
  }

  /**
   * Whether it keeps absences (it has an {@code absences} section, even an empty one): approvals
   * started then look up who is away whenever a task is created.
   */
  public boolean keepsAbsences() {
    return absences != null;
  }

  /** Who stands in for {@code user} at {@code now}, with the absence's end; null when they are not away. */
  public Absence absenceOf(String user, Instant now) {
    Absence absence = absences == null ? null : absences.get(user);
    return absence != null && absence.covers(now, zoneOf(user)) ? absence : null;
  }

  /** The time zone {@code user}'s plain dates are read in: theirs, else UTC. */
  public ZoneId zoneOf(String user) {
    Person person = users.get(user);
    return person == null || person.timeZone() == null ? ZoneOffset.UTC : ZoneId.of(person.timeZone());
  }

  /** Every problem of the directory's own entries, given the webhook endpoints that exist. */
  public List<String> problems(Set<String> webhookEndpoints) {
    List<String> problems = new ArrayList<>();
    users.forEach(
        (id, person) -> {
          String at = "directory.users." + id + ": ";
          if (person == null) {
            problems.add(at + "empty entry");
            return;
          }
          if (groups.containsKey(id)) {
            problems.add(at + "also the name of a group");
          }
          try {
            switch (channelOf(person)) {
              case EMAIL -> {
                if (person.email() == null || !person.email().contains("@")) {
                  problems.add(at + "channel email needs an e-mail address");
                }
              }
              case WEBHOOK -> {
                if (!webhookEndpoints.contains(String.valueOf(person.webhook()))) {
                  problems.add(at + "webhook " + quote(person.webhook())
                      + " is not an endpoint under notifications.webhooks");
                }
              }
              case LOG -> {}
            }
          } catch (IllegalArgumentException e) {
            problems.add(at + e.getMessage());
          }
          if (person.manager() != null && !users.containsKey(person.manager())) {
            problems.add(at + "manager " + quote(person.manager()) + " is not a user");
          }
          if (person.timeZone() != null) {
            try {
              ZoneId.of(person.timeZone());
            } catch (DateTimeException e) {
              problems.add(at + "timeZone " + quote(person.timeZone()) + " is not a time zone");
            }
          }
        });
    if (absences != null) {
      absences.forEach(
          (id, absence) -> {
            String at = "directory.absences." + id;
            if (absence == null) {
              problems.add(at + ": empty entry");
              return;
            }
            if (!users.containsKey(id)) {
              problems.add(at + ": " + quote(id) + " is not a user");
            }
            if (absence.substitute() == null || !users.containsKey(absence.substitute())) {
              problems.add(at + ".substitute: " + quote(String.valueOf(absence.substitute())) + " is not a user");
            } else if (absence.substitute().equals(id)) {
              problems.add(at + ".substitute: someone cannot stand in for themselves");
            }
            String dates = absence.problem(at, users.containsKey(id) && validZone(id) ? zoneOf(id) : ZoneOffset.UTC);
            if (dates != null) {
              problems.add(dates);
            }
          });
    }
    groups.forEach(
        (id, members) -> {
          for (String member : members == null ? List.<String>of() : members) {
            String at = "directory.groups." + id + ": member " + quote(member);
            if (member.startsWith("webhook:")) {
              if (!webhookEndpoints.contains(member.substring(8))) {
                problems.add(at + " is not an endpoint under notifications.webhooks");
              }
            } else if (member.startsWith("email:")) {
              if (!isAddress(member.substring(6))) {
                problems.add(at + " is not an e-mail address");
              }
            } else if (member.startsWith(MANAGER)) {
              String problem = managerProblem(member.substring(MANAGER.length()).strip());
              if (problem != null) {
                problems.add(at + ": " + problem);
              }
            } else if (!users.containsKey(member) && !groups.containsKey(member) && !isAddress(member)
                && !member.startsWith("log:")) {
              problems.add(at + " is neither a user, a group nor an address");
            }
          }
        });
    return problems;
  }

  /** Each entry of {@code to} expanded and looked up, in order, each (channel, address) once. */
  public Recipients resolve(List<String> to, Set<String> webhookEndpoints) {
    Map<String, Recipient> resolved = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    for (String entry : to) {
      resolve(entry, webhookEndpoints, new LinkedHashSet<>(), resolved, problems);
    }
    return new Recipients(List.copyOf(resolved.values()), problems);
  }

  private void resolve(
      String entry,
      Set<String> webhookEndpoints,
      Set<String> groupsSeen,
      Map<String, Recipient> resolved,
      List<String> problems) {
    String name = entry == null ? "" : entry.strip();
    Recipient recipient = null;
    if (name.startsWith("email:")) {
      recipient = email(name, name.substring(6), problems);
    } else if (name.startsWith("webhook:")) {
      String endpoint = name.substring(8);
      if (webhookEndpoints.contains(endpoint)) {
        recipient = new Recipient(name, Channel.WEBHOOK, endpoint);
      } else {
        problems.add(quote(name) + ": no webhook endpoint " + quote(endpoint) + " is configured");
      }
    } else if (name.startsWith("log:")) {
      recipient = new Recipient(name.substring(4), Channel.LOG, name.substring(4));
    } else if (name.startsWith(MANAGER)) {
      recipient = manager(name, name.substring(MANAGER.length()).strip(), problems);
    } else if (users.containsKey(name)) {
      recipient = user(name);
    } else if (groups.containsKey(name)) {
      if (groupsSeen.add(name)) {
        List<String> members = groups.get(name);
        for (String member : members == null ? List.<String>of() : members) {
          resolve(member, webhookEndpoints, groupsSeen, resolved, problems);
        }
      }
    } else if (name.contains("@")) {
      recipient = email(name, name, problems);
    } else if (users.isEmpty() && groups.isEmpty() && !name.isEmpty()) {
      recipient = new Recipient(name, Channel.LOG, name);
    } else {
      problems.add(quote(name) + " is not a user or group in the directory");
    }
    if (recipient != null) {
      resolved.putIfAbsent(recipient.channel() + " " + recipient.address(), recipient);
    }
  }

  /** A user's delivery on their channel, named by their user id whatever entry reached them. */
  private Recipient user(String id) {
    Person person = users.get(id);
    return switch (channelOf(person)) {
      case EMAIL -> new Recipient(id, Channel.EMAIL, person.email());
      case WEBHOOK -> new Recipient(id, Channel.WEBHOOK, person.webhook());
      case LOG -> new Recipient(id, Channel.LOG, id);
    };
  }

  /**
   * The manager of {@code user}, resolved like a user: named by the manager's own id, so reaching
   * the same person by name and as a manager is one delivery with one idempotency key.
   */
  private Recipient manager(String entry, String user, List<String> problems) {
    String problem = managerProblem(user);
    if (problem != null) {
      problems.add(users.isEmpty() && groups.isEmpty() ? problem : quote(entry) + ": " + problem);
      return null;
    }
    return user(users.get(user).manager());
  }

  /** Why {@code manager:<user>} reaches nobody, or null when it reaches the user's manager. */
  public String managerProblem(String user) {
    if (user.isEmpty()) {
      return "names no user (manager:<user>)";
    }
    if (users.isEmpty() && groups.isEmpty()) {
      return "no directory configured: cannot find the manager of " + user;
    }
    Person person = users.get(user);
    if (person == null) {
      return quote(user) + (groups.containsKey(user) ? " is a group, and only users have a manager"
          : " is not a user in the directory");
    }
    if (person.manager() == null || person.manager().isBlank()) {
      return user + " has no manager in the directory";
    }
    if (users.get(person.manager()) == null) {
      return "the manager of " + user + ", " + quote(person.manager()) + ", is not a user in the directory";
    }
    return null;
  }

  private static Recipient email(String name, String address, List<String> problems) {
    if (!isAddress(address)) {
      problems.add(quote(name) + " is not an e-mail address");
      return null;
    }
    return new Recipient(name, Channel.EMAIL, address);
  }

  private static boolean isAddress(String value) {
    int at = value.indexOf('@');
    return at > 0 && at == value.lastIndexOf('@') && at < value.length() - 1
        && value.chars().noneMatch(c -> Character.isWhitespace(c) || c == '<' || c == '>' || c == ',');
  }

  private static Channel channelOf(Person person) {
    if (person.channel() == null) {
      return person.email() != null ? Channel.EMAIL : person.webhook() != null ? Channel.WEBHOOK : Channel.LOG;
    }
    try {
      return Channel.valueOf(person.channel().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("channel must be email, webhook or log: " + person.channel());
    }
  }

  /** The person behind a recipient name, when the directory has one. */
  public Person person(String name) {
    return users.get(name);
  }

  private boolean validZone(String user) {
    try {
      zoneOf(user);
      return true;
    } catch (DateTimeException e) {
      return false;
    }
  }

  private static String quote(String value) {
    return "'" + value + "'";
  }
}
