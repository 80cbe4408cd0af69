package dev.overdue.inbox.web;

import dev.overdue.api.http.Me;
import jakarta.servlet.http.HttpSession;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The API's answer about the signed-in person ({@code /api/v1/me}), kept in the session together
 * with the person it was asked for, and good for that person only: when someone else signs in on
 * the same session (a provider's sign-in keeps the session's attributes), it is asked anew rather
 * than shown, and acted on, for them.
 */
final class MeInSession {
  private static final String KEY = "overdue.inbox.me";

  private record Known(Object person, Me me) {}

  private MeInSession() {}

  /** The answer for {@code person}: the kept one if it is theirs, else {@code ask}'s, then kept. */
  static Me me(HttpSession session, Object person, Supplier<Me> ask) {
    Optional<Me> known = known(session, person);
    if (known.isPresent()) {
      return known.get();
    }
    Me me = ask.get();
    session.setAttribute(KEY, new Known(person, me));
    return me;
  }

  /** The kept answer, if it was asked for {@code person}. */
  static Optional<Me> known(HttpSession session, Object person) {
    if (session != null && session.getAttribute(KEY) instanceof Known known && known.person().equals(person)) {
      return Optional.of(known.me());
    }
    return Optional.empty();
  }
}
