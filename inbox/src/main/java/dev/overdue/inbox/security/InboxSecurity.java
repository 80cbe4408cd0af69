package dev.overdue.inbox.security;

import dev.overdue.inbox.InboxSettings;
import jakarta.servlet.ServletContext;
import java.net.InetAddress;
import java.net.URI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.boot.web.servlet.ServletContextInitializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.oauth2.client.oidc.web.logout.OidcClientInitiatedLogoutSuccessHandler;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.web.DefaultOAuth2AuthorizationRequestResolver;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestCustomizers;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;

/**
 * Who may see which page, by Spring Security: the stylesheet, scripts, health probes and the
 * signed-out page are open; everything else needs a person signed in — through the provider
 * (authorization code with PKCE, then a session), or in development mode on the sign-in form.
 * Every form carries a CSRF token, and the headers forbid inline scripts, framing and leaking the
 * page's address to other sites.
 */
@Configuration
class InboxSecurity {
  private static final Logger log = LoggerFactory.getLogger(InboxSecurity.class);
  static final String REGISTRATION = "overdue";

  @Bean
  SecurityFilterChain inboxFilters(HttpSecurity http, InboxSettings settings, ServerProperties server,
      org.springframework.beans.factory.ObjectProvider<ClientRegistrationRepository> registrations) throws Exception {
    http.authorizeHttpRequests(requests -> requests
            .requestMatchers("/static/**", "/webjars/**", "/healthz", "/readyz", "/signed-out", "/error",
                DevelopmentSignIn.PATH, "/favicon.ico").permitAll()
            .requestMatchers("/actuator/**").permitAll()
            .anyRequest().authenticated())
        // Back to the page asked for after sign-in, at its own address (Spring adds "?continue" otherwise).
        .requestCache(cache -> cache.requestCache(returnAfterSignIn()))
        .headers(headers -> headers
            .contentSecurityPolicy(csp -> csp.policyDirectives(policy(settings)))
            .referrerPolicy(referrer -> referrer.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.SAME_ORIGIN)));
    if (settings.developmentMode()) {
      refuseUnlessLoopback(server.getAddress());
      log.warn("DEVELOPMENT MODE: no identity provider (OVERDUE_INBOX_ISSUER) is set; people pick who they are"
          + " on {} and only loopback is served", DevelopmentSignIn.PATH);
      http.exceptionHandling(errors -> errors.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint(DevelopmentSignIn.PATH)))
          .logout(logout -> logout.logoutSuccessUrl("/signed-out"));
    } else {
      ClientRegistrationRepository repository = registrations.getObject();
      var resolver = new DefaultOAuth2AuthorizationRequestResolver(repository, "/oauth2/authorization");
      // PKCE for a confidential client too (RFC 9700 recommends it for every client).
      resolver.setAuthorizationRequestCustomizer(OAuth2AuthorizationRequestCustomizers.withPkce());
      var signOut = new OidcClientInitiatedLogoutSuccessHandler(repository);
      signOut.setPostLogoutRedirectUri("{baseUrl}/signed-out");
      http.oauth2Login(login -> login.authorizationEndpoint(endpoint -> endpoint.authorizationRequestResolver(resolver)))
          .exceptionHandling(errors -> errors.authenticationEntryPoint(
              new LoginUrlAuthenticationEntryPoint("/oauth2/authorization/" + REGISTRATION)))
          .logout(logout -> logout.logoutSuccessHandler(signOut));
    }
    return http.build();
  }

  private static HttpSessionRequestCache returnAfterSignIn() {
    HttpSessionRequestCache cache = new HttpSessionRequestCache();
    cache.setMatchingRequestParameterName(null);
    return cache;
  }

  /**
   * No inline script or style, nothing from elsewhere, never in a frame. Forms post here only, and
   * to the provider, whose sign-out a sign-out redirects to (browsers hold redirects after a form
   * to form-action).
   */
  static String policy(InboxSettings settings) {
    String provider = settings.developmentMode() ? "" : " " + origin(URI.create(settings.issuer()));
    return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
        + " form-action 'self'" + provider + "; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";
  }

  private static String origin(URI uri) {
    return uri.getScheme() + "://" + uri.getAuthority();
  }

  /** Session cookies: HttpOnly and SameSite=Lax always (application.yaml), Secure once served over TLS. */
  @Bean
  ServletContextInitializer secureCookies(InboxSettings settings) {
    return (ServletContext context) -> context.getSessionCookieConfig().setSecure(settings.secureCookies());
  }

  static void refuseUnlessLoopback(InetAddress address) {
    if (address == null || !address.isLoopbackAddress()) {
      throw new IllegalStateException(
          "development mode (no overdue.inbox.issuer, OVERDUE_INBOX_ISSUER) lets anyone pick who they are and"
              + " serves loopback only, but server.address is "
              + (address == null ? "every interface" : address.getHostAddress())
              + ": set OVERDUE_INBOX_ISSUER to your OpenID Connect provider, or bind to 127.0.0.1");
    }
  }
}
