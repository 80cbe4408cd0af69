package dev.overdue.inbox.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.api.http.Me;
import dev.overdue.inbox.security.Person;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.security.oauth2.core.oidc.OidcIdToken;
import org.springframework.security.oauth2.core.oidc.user.DefaultOidcUser;

/** The API's answer about a person is kept in their session for them, and never shown for whoever signs in next on it. */
class MeInSessionTest {
  private final MockHttpSession session = new MockHttpSession();
  private final AtomicInteger asked = new AtomicInteger();

  private Supplier<Me> api(String user) {
    return () -> {
      asked.incrementAndGet();
      return new Me(user, List.of(), false);
    };
  }

  @Test
  void theAnswerIsAskedOnceForAPersonAndAnewForThePersonSignedInNext() {
    Person alice = new Person("alice", List.of());
    assertEquals("alice", MeInSession.me(session, alice, api("alice")).user());
    assertEquals("alice", MeInSession.me(session, new Person("alice", List.of()), api("alice")).user());
    assertEquals(1, asked.get(), "kept for alice");

    assertEquals("bob", MeInSession.me(session, new Person("bob", List.of()), api("bob")).user());
    assertEquals(2, asked.get(), "bob on alice's session: asked for him");
    MeInSession.me(session, new Person("bob", List.of("overdue-admins")), api("bob"));
    assertEquals(3, asked.get(), "other groups, perhaps another answer (an administrator's)");
  }

  @Test
  void aProvidersSignInOnTheSameSessionIsAskedAnewToo() {
    MeInSession.me(session, oidc("sub-alice"), api("alice"));
    assertEquals("bob", MeInSession.me(session, oidc("sub-bob"), api("bob")).user());
    assertEquals(2, asked.get());
  }

  private static DefaultOidcUser oidc(String subject) {
    Instant now = Instant.parse("2026-12-01T09:00:00Z");
    return new DefaultOidcUser(List.of(), new OidcIdToken("token-" + subject, now, now.plusSeconds(300), Map.of("sub", subject)));
  }
}
