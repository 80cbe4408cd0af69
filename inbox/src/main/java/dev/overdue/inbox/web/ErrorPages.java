package dev.overdue.inbox.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorViewResolver;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.ModelAndView;

/**
 * The pages Spring shows when no controller answered (an unknown address, a form refused for its
 * CSRF token, a failure): the inbox's problem page in its frame, in a person's words, rather than
 * Spring's "Whitelabel Error Page". A signed-in person is only ever refused (403) for a form
 * token that is no longer theirs, so that is what a 403 says.
 */
@Component
class ErrorPages implements ErrorViewResolver {
  private final EveryPage everyPage;

  ErrorPages(EveryPage everyPage) {
    this.everyPage = everyPage;
  }

  @Override
  public ModelAndView resolveErrorView(HttpServletRequest request, HttpStatus status, Map<String, Object> springModel) {
    Said said = said(status);
    Map<String, Object> model = everyPage.problemFrame(said.heading(), request);
    model.put("heading", said.heading());
    model.put("message", said.message());
    return new ModelAndView("problem", model, status);
  }

  private record Said(String heading, String message) {}

  private static Said said(HttpStatus status) {
    if (status == HttpStatus.NOT_FOUND) {
      return new Said("Not found", "There is no such page here. Check the address, or go back to the lists.");
    }
    if (status == HttpStatus.FORBIDDEN) {
      return new Said("Not allowed", "Nothing was changed: the page you sent this from is out of date (you signed in"
          + " again since, or it was open a long time). Open the page again and try once more.");
    }
    if (status.is4xxClientError()) {
      return new Said("That did not work", "Nothing was changed: the inbox could not read what the page sent."
          + " Open the page again and try once more.");
    }
    return new Said("Something went wrong", "The inbox could not show this page. Try again in a moment; if it"
        + " keeps happening, tell your administrator.");
  }
}
