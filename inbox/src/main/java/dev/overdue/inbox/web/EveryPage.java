package dev.overdue.inbox.web;

import dev.overdue.inbox.InboxSettings;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/** What every page's frame needs whoever renders it: the sign-in page and error pages too. */
@ControllerAdvice
class EveryPage {
  private final InboxSettings settings;

  EveryPage(InboxSettings settings) {
    this.settings = settings;
  }

  /** Development mode is said on every page: anyone here can be anyone. */
  @ModelAttribute("developmentMode")
  boolean developmentMode() {
    return settings.developmentMode();
  }
}
