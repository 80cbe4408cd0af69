package dev.overdue.inbox.web;

import java.util.Map;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.servlet.ModelAndView;

/**
 * Where a sign-out ends (after the provider's logout, or in development mode straight away): open
 * to anyone, and a controller's page, so that every page's frame ({@link EveryPage}) applies to it.
 */
@Controller
class SignedOut {
  @GetMapping("/signed-out")
  ModelAndView page() {
    return new ModelAndView("signed-out", Map.of("pageTitle", "Signed out"));
  }
}
