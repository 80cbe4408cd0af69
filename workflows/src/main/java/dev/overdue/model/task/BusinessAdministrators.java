package dev.overdue.model.task;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * WS-HumanTask's business administrators of one approval: the users and groups its request names,
 * and the users those stand for once the worker's directory said (at the start). They manage any
 * step and decide none unless they are also among its potential owners.
 */
public final class BusinessAdministrators {
  private List<String> named = List.of();
  /** Whom the names stand for (groups' members), once looked up; null before. */
  private List<String> resolved;

  /** The request's names. */
  public List<String> named() {
    return named;
  }

  public void name(List<String> names) {
    named = names == null ? List.of() : List.copyOf(names);
  }

  /** Whom the names stand for, once looked up; null before. */
  public List<String> resolved() {
    return resolved;
  }

  public void resolve(List<String> users) {
    resolved = users == null ? null : List.copyOf(users);
  }

  public boolean include(String user) {
    return user != null && (named.contains(user) || (resolved != null && resolved.contains(user)));
  }

  /** As a status shows them: the names, then the members of the groups among them; null when none. */
  public List<String> shown() {
    if (named.isEmpty()) {
      return null;
    }
    Set<String> all = new LinkedHashSet<>(named);
    if (resolved != null) {
      all.addAll(resolved);
    }
    return List.copyOf(all);
  }
}
