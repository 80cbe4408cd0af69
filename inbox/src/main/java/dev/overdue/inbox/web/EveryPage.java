package dev.overdue.inbox.web;

import dev.overdue.api.http.Me;
import dev.overdue.inbox.InboxSettings;
import dev.overdue.inbox.security.Person;
import jakarta.servlet.http.HttpServletRequest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/** What every page's frame needs whoever renders it: the sign-in page and error pages too. */
@ControllerAdvice
class EveryPage {
  private final InboxSettings settings;
  private final Pages pages;

  EveryPage(InboxSettings settings, Pages pages) {
    this.settings = settings;
    this.pages = pages;
  }

  /** Development mode is said on every page: anyone here can be anyone. */
  @ModelAttribute("developmentMode")
  boolean developmentMode() {
    return settings.developmentMode();
  }

  /**
   * Who is signed in and their lists, for pages that do not say it themselves: the sign-in page,
   * served to a person already signed in too, and Spring's error pages. A page's own frame
   * ({@link Pages#frame}) replaces them.
   */
  @ModelAttribute
  void signedIn(HttpServletRequest request, Model model) {
    signedIn(request).ifPresent(me -> {
      Map<String, Object> frame = pages.frame("", me, null);
      model.addAttribute("user", frame.get("user"));
      model.addAttribute("tabs", frame.get("tabs"));
    });
  }

  /**
   * The frame of a page that says what went wrong (a problem), which no model attribute above
   * reaches: the development mode's warning, and who is signed in with their lists and Sign out, as
   * on every other page.
   */
  Map<String, Object> problemFrame(String title, HttpServletRequest request) {
    Map<String, Object> model = signedIn(request).map(me -> pages.frame(title, me, null))
        .orElseGet(() -> new HashMap<>(Map.of("pageTitle", title)));
    model.put("developmentMode", settings.developmentMode());
    return model;
  }

  /**
   * The API's answer about the person signed in, asking it nothing, as that may be what failed: the
   * session's answer for them if it has one, else their sign-in name.
   */
  private static Optional<Me> signedIn(HttpServletRequest request) {
    Authentication signedIn = SecurityContextHolder.getContext().getAuthentication();
    if (signedIn == null || !signedIn.isAuthenticated() || signedIn instanceof AnonymousAuthenticationToken) {
      return Optional.empty();
    }
    return Optional.of(MeInSession.known(request.getSession(false), signedIn.getPrincipal())
        .orElseGet(() -> new Me(Person.nameOf(signedIn), List.of(), false)));
  }
}
