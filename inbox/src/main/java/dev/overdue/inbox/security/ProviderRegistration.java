package dev.overdue.inbox.security;

import dev.overdue.inbox.InboxSettings;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientManager;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientProviderBuilder;
import org.springframework.security.oauth2.client.web.DefaultOAuth2AuthorizedClientManager;
import org.springframework.security.oauth2.client.web.HttpSessionOAuth2AuthorizedClientRepository;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizedClientRepository;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.registration.ClientRegistrations;
import org.springframework.security.oauth2.client.registration.InMemoryClientRegistrationRepository;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;

/**
 * The inbox as a client of the organisation's provider, read from its discovery document at start:
 * a public client (no secret) or a confidential one, asking for the user's identity, and keeping
 * each person's tokens (refreshed when they expire) for the calls it makes to the API for them.
 */
@Configuration
@ConditionalOnExpression("!'${overdue.inbox.issuer:}'.isBlank()")
class ProviderRegistration {
  @Bean
  ClientRegistrationRepository registrations(InboxSettings settings) {
    ClientRegistration.Builder client = ClientRegistrations.fromIssuerLocation(settings.issuer())
        .registrationId(InboxSecurity.REGISTRATION)
        .clientId(settings.clientId())
        .scope("openid", "profile", "email")
        .redirectUri("{baseUrl}/login/oauth2/code/{registrationId}");
    if (settings.clientSecret() == null || settings.clientSecret().isBlank()) {
      client.clientAuthenticationMethod(ClientAuthenticationMethod.NONE).clientSecret(null);
    } else {
      client.clientAuthenticationMethod(ClientAuthenticationMethod.CLIENT_SECRET_BASIC).clientSecret(settings.clientSecret());
    }
    return new InMemoryClientRegistrationRepository(client.build());
  }

  /** Each person's tokens live in their session: gone when it ends or they sign out. */
  @Bean
  OAuth2AuthorizedClientRepository authorizedClients() {
    return new HttpSessionOAuth2AuthorizedClientRepository();
  }

  /** A person's access token for the API, refreshed with their refresh token when it has expired. */
  @Bean
  OAuth2AuthorizedClientManager tokens(ClientRegistrationRepository registrations, OAuth2AuthorizedClientRepository clients) {
    var manager = new DefaultOAuth2AuthorizedClientManager(registrations, clients);
    manager.setAuthorizedClientProvider(OAuth2AuthorizedClientProviderBuilder.builder().refreshToken().build());
    return manager;
  }
}
