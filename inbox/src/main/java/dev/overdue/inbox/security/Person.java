package dev.overdue.inbox.security;

import java.util.List;

/**
 * Who is signed in, as the development mode's sign-in page took them: a name and groups, sent to
 * the API in its development headers. With a provider, Spring Security's OIDC user stands here and
 * the API reads the person from their access token instead.
 */
public record Person(String user, List<String> groups) {
  public Person {
    groups = List.copyOf(groups);
  }
}
