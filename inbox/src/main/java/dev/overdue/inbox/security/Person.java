package dev.overdue.inbox.security;

import java.util.List;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticatedPrincipal;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;

/**
 * Who is signed in, as the development mode's sign-in page took them: a name and groups, sent to
 * the API in its development headers. With a provider, Spring Security's OIDC user stands here and
 * the API reads the person from their access token instead.
 */
public record Person(String user, List<String> groups) implements AuthenticatedPrincipal {
  public Person {
    groups = List.copyOf(groups);
  }

  @Override
  public String getName() {
    return user;
  }

  /**
   * The name a signed-in person goes by, for a page that shows it without asking the API (which
   * may be what failed): their user name, or the provider's preferred one rather than its opaque
   * subject.
   */
  public static String nameOf(Authentication signedIn) {
    if (signedIn.getPrincipal() instanceof OidcUser user && user.getPreferredUsername() != null) {
      return user.getPreferredUsername();
    }
    return signedIn.getName();
  }
}
