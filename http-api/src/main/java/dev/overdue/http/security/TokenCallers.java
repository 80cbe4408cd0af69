package dev.overdue.http.security;

import dev.overdue.http.ApiSettings;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

/**
 * Bearer tokens from the organisation's OpenID Connect provider, verified by Spring Security
 * (signature against the provider's keys, issuer, audience, expiry and not-before) and read into a
 * {@link Caller} by the configured claims. The groups claim may be a list or one string; Keycloak's
 * {@code realm_access.roles} counts too, so an administrator may be a group or a realm role.
 */
final class TokenCallers implements Converter<Jwt, AbstractAuthenticationToken> {
  private final ApiSettings settings;

  TokenCallers(ApiSettings settings) {
    this.settings = settings;
  }

  /** Keys from {@code jwks} when given, else from the issuer's discovery document, fetched on first use. */
  static JwtDecoder decoder(ApiSettings settings) {
    NimbusJwtDecoder decoder =
        settings.jwks() == null || settings.jwks().isBlank()
            ? NimbusJwtDecoder.withIssuerLocation(settings.issuer()).build()
            : NimbusJwtDecoder.withJwkSetUri(settings.jwks()).build();
    List<String> audiences = settings.audiences();
    OAuth2TokenValidator<Jwt> audience =
        new JwtClaimValidator<Collection<String>>(
            "aud", aud -> aud != null && aud.stream().anyMatch(audiences::contains));
    decoder.setJwtValidator(
        new DelegatingOAuth2TokenValidator<>(
            JwtValidators.createDefaultWithIssuer(settings.issuer()), audience));
    return decoder;
  }

  @Override
  public AbstractAuthenticationToken convert(Jwt jwt) {
    String user = jwt.getClaimAsString(settings.userClaim());
    if (user == null || user.isBlank()) {
      throw new org.springframework.security.oauth2.server.resource.InvalidBearerTokenException(
          "the token has no " + settings.userClaim() + " claim to name its user");
    }
    List<String> groups = Stream.concat(strings(jwt.getClaim(settings.groupsClaim())), realmRoles(jwt))
        .distinct()
        .toList();
    return new CallerAuthentication(
        new Caller(user, groups, groups.contains(settings.adminGroup()), jwt.getTokenValue()));
  }

  private static Stream<String> realmRoles(Jwt jwt) {
    Object access = jwt.getClaim("realm_access");
    return access instanceof Map<?, ?> map ? strings(map.get("roles")) : Stream.empty();
  }

  /** A claim's strings; a group path such as {@code /finance} counts as {@code finance}. */
  private static Stream<String> strings(Object claim) {
    Stream<?> values =
        claim instanceof Collection<?> list ? list.stream() : claim == null ? Stream.empty() : Stream.of(claim);
    return values.map(String::valueOf).map(name -> name.startsWith("/") ? name.substring(1) : name);
  }
}
