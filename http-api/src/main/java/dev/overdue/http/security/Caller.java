package dev.overdue.http.security;

import java.util.List;

/**
 * Who is calling: the user the command is sent for, their groups, whether they administer
 * Overdue, and the access token they came with (forwarded as the command's {@code token}, so the
 * workflow's own check of signed commands stays the authority); no token in development mode.
 */
public record Caller(String user, List<String> groups, boolean admin, String token) {
  public Caller {
    groups = List.copyOf(groups);
  }

  /** Never the token: callers are logged and shown. */
  @Override
  public String toString() {
    return user + (admin ? " (admin)" : "") + " " + groups;
  }
}
