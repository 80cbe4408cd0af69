package dev.overdue.inbox.security;

import dev.overdue.inbox.InboxSettings;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.authentication.session.CompositeSessionAuthenticationStrategy;
import org.springframework.security.web.authentication.session.SessionAuthenticationStrategy;
import org.springframework.security.web.authentication.session.SessionFixationProtectionStrategy;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.security.web.csrf.CsrfAuthenticationStrategy;
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;
import org.springframework.security.web.savedrequest.SavedRequest;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.ModelAndView;

/**
 * The development mode's sign-in: no provider, so a person says who they are (and their groups)
 * on a plain form, and every page says that this is development mode. Served on loopback only
 * ({@link InboxSecurity}), like the API's development mode it talks to.
 */
@Controller
final class DevelopmentSignIn {
  static final String PATH = "/sign-in";
  /** A name as a directory would hold it: no control characters, no more than a line. */
  private static final int MAX_NAME = 100;

  private final InboxSettings settings;
  private final SecurityContextRepository contexts = new HttpSessionSecurityContextRepository();
  private final HttpSessionRequestCache savedRequests = new HttpSessionRequestCache();
  private final SessionAuthenticationStrategy newSession = newSession();

  DevelopmentSignIn(InboxSettings settings) {
    this.settings = settings;
  }

  @GetMapping(PATH)
  ModelAndView form(@RequestParam(required = false) String problem) {
    servedInDevelopmentMode();
    return page(problem, "");
  }

  @PostMapping(PATH)
  ModelAndView signIn(@RequestParam(defaultValue = "") String user, @RequestParam(required = false) String pick,
      @RequestParam(defaultValue = "") String groups, HttpServletRequest request, HttpServletResponse response) {
    servedInDevelopmentMode();
    // A name's button (pick) or the typed name.
    String name = (pick == null || pick.isBlank() ? user : pick).strip();
    if (name.isEmpty() || name.length() > MAX_NAME || name.chars().anyMatch(Character::isISOControl)) {
      return page("Type a user name (up to " + MAX_NAME + " characters), such as " + settings.developmentUsers().get(0) + ".", user);
    }
    List<String> groupList = Arrays.stream(groups.split(",")).map(String::strip).filter(g -> !g.isEmpty()).toList();
    var context = SecurityContextHolder.createEmptyContext();
    context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(new Person(name, groupList), null, List.of()));
    newSession.onAuthentication(context.getAuthentication(), request, response);
    SecurityContextHolder.setContext(context);
    contexts.saveContext(context, request, response);
    SavedRequest saved = savedRequests.getRequest(request, response);
    savedRequests.removeRequest(request, response);
    return new ModelAndView("redirect:" + (saved == null ? "/" : saved.getRedirectUrl()));
  }

  /**
   * What Spring Security does at its own sign-ins, and more: a new CSRF token, so that a page from
   * before signing in cannot post after; a new session id; and of the session before, only Spring
   * Security's own attributes (the page to return to) — nothing kept for whoever was signed in on
   * it, as this page is served to a person already signed in too.
   */
  private static SessionAuthenticationStrategy newSession() {
    var session = new SessionFixationProtectionStrategy();
    session.setMigrateSessionAttributes(false);
    return new CompositeSessionAuthenticationStrategy(List.of(new CsrfAuthenticationStrategy(new HttpSessionCsrfTokenRepository()), session));
  }

  /** With a provider, people sign in there: this page is not. */
  private void servedInDevelopmentMode() {
    if (!settings.developmentMode()) {
      throw new ResponseStatusException(HttpStatus.NOT_FOUND);
    }
  }

  private ModelAndView page(String problem, String typed) {
    return new ModelAndView("sign-in", Map.of(
        "pageTitle", "Sign in",
        "problem", problem == null ? "" : problem,
        "typed", typed,
        "users", settings.developmentUsers()));
  }
}
