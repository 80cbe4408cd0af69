package dev.overdue.inbox.web;

import dev.overdue.inbox.InboxSettings;
import dev.overdue.inbox.security.Person;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

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
   * The frame of a page that says what went wrong (a problem, an error page), which no model
   * attribute above reaches: the development mode's warning, and who is signed in with their lists
   * and Sign out, as on every other page. It asks the API nothing, as that may be what failed: the
   * session's answer for the person if it has one, else their sign-in name.
   */
  Map<String, Object> problemFrame(String title, HttpServletRequest request) {
    Authentication signedIn = SecurityContextHolder.getContext().getAuthentication();
    Map<String, Object> model;
    if (signedIn == null || !signedIn.isAuthenticated() || signedIn instanceof AnonymousAuthenticationToken) {
      model = new java.util.HashMap<>(Map.of("pageTitle", title));
    } else {
      JsonNode me = MeInSession.known(request.getSession(false), signedIn.getPrincipal())
          .orElseGet(() -> JsonNodeFactory.instance.objectNode().put("user", Person.nameOf(signedIn)));
      model = pages.frame(title, me, null);
    }
    model.put("developmentMode", settings.developmentMode());
    return model;
  }
}
