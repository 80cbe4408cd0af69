package dev.overdue.inbox.security;

import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.client.OAuth2AuthorizeRequest;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientManager;
import org.springframework.security.oauth2.client.authentication.OAuth2AuthenticationToken;
import org.springframework.stereotype.Component;

/**
 * How a call to the API says whom it is for: the signed-in person's access token from the
 * provider, or in development mode the API's development headers. The API then applies its own
 * rules to that person, so the inbox can show and do nothing the API would not.
 */
@Component
public class ApiCredentials {
  /** Thrown when the person's session no longer holds a usable token: they sign in again. */
  public static final class SignInAgain extends RuntimeException {
    SignInAgain() {
      super("the session has no valid token: sign in again");
    }
  }

  private final ObjectProvider<OAuth2AuthorizedClientManager> tokens;

  ApiCredentials(ObjectProvider<OAuth2AuthorizedClientManager> tokens) {
    this.tokens = tokens;
  }

  /** The signed-in person's credentials, added to {@code headers}; returns that person (the principal). */
  public Object addTo(HttpHeaders headers) {
    Authentication signedIn = SecurityContextHolder.getContext().getAuthentication();
    if (signedIn != null && signedIn.getPrincipal() instanceof Person person) {
      headers.set("X-Overdue-User", person.user());
      if (!person.groups().isEmpty()) {
        headers.set("X-Overdue-Groups", String.join(",", person.groups()));
      }
    } else if (signedIn instanceof OAuth2AuthenticationToken token) {
      headers.setBearerAuth(accessToken(token).orElseThrow(SignInAgain::new));
    } else {
      throw new SignInAgain();
    }
    return signedIn.getPrincipal();
  }

  private Optional<String> accessToken(OAuth2AuthenticationToken signedIn) {
    OAuth2AuthorizedClientManager manager = tokens.getIfAvailable();
    if (manager == null) {
      return Optional.empty();
    }
    OAuth2AuthorizedClient client;
    try {
      client = manager.authorize(OAuth2AuthorizeRequest.withClientRegistrationId(signedIn.getAuthorizedClientRegistrationId())
          .principal(signedIn)
          .build());
    } catch (RuntimeException expired) {
      return Optional.empty(); // the refresh token is spent or revoked
    }
    return Optional.ofNullable(client).map(c -> c.getAccessToken().getTokenValue());
  }
}
