package dev.overdue.http.security;

import dev.overdue.http.ApiSettings;
import dev.overdue.http.limits.BodyLimit;
import dev.overdue.http.limits.CallerRateLimits;
import dev.overdue.http.problems.ProblemWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.server.resource.web.BearerTokenAuthenticationEntryPoint;
import org.springframework.security.oauth2.server.resource.web.access.BearerTokenAccessDeniedHandler;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;

/**
 * Who may call what, by Spring Security: the health probes, the OpenAPI document and the metrics
 * (on their own port) are open;
 * everything under {@code /api} needs a caller — a verified bearer token, or in development mode
 * the user header. Stateless (no session, no cookie, so no CSRF token either), Spring's security
 * headers, CORS only for the configured origins, and every refusal a problem+json body.
 */
@Configuration
class SecurityConfiguration {
  private static final Logger log = LoggerFactory.getLogger(SecurityConfiguration.class);

  @Bean
  SecurityFilterChain api(HttpSecurity http, ApiSettings settings, ServerProperties server) throws Exception {
    http.authorizeHttpRequests(requests -> requests
            .requestMatchers("/healthz", "/readyz", "/v3/api-docs", "/v3/api-docs.yaml", "/error").permitAll()
            // Served only on the management port (application.yaml), never beside /api.
            .requestMatchers("/actuator/**").permitAll()
            .anyRequest().authenticated())
        .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .csrf(csrf -> csrf.disable())
        .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives("default-src 'none'; frame-ancestors 'none'")))
        .cors(cors -> cors.configurationSource(cors(settings)));
    if (settings.developmentMode()) {
      DevelopmentCallers.refuseUnlessLoopback(server.getAddress());
      log.warn("DEVELOPMENT MODE: no identity provider (OVERDUE_API_ISSUER) is set; the caller is whoever"
          + " the {} header names, commands go unsigned, and only loopback is served", DevelopmentCallers.USER);
      http.addFilterBefore(new DevelopmentCallers(settings), AnonymousAuthenticationFilter.class)
          .exceptionHandling(errors -> errors
              .authenticationEntryPoint((request, response, e) -> ProblemWriter.write(response, HttpStatus.UNAUTHORIZED,
                  "development mode: name the caller in the " + DevelopmentCallers.USER + " header"))
              .accessDeniedHandler((request, response, e) ->
                  ProblemWriter.write(response, HttpStatus.FORBIDDEN, e.getMessage())));
    } else {
      var bearer = new BearerTokenAuthenticationEntryPoint();
      var denied = new BearerTokenAccessDeniedHandler();
      http.oauth2ResourceServer(resource -> resource
          .jwt(jwt -> jwt.decoder(TokenCallers.decoder(settings)).jwtAuthenticationConverter(new TokenCallers(settings)))
          .authenticationEntryPoint((request, response, e) -> {
            bearer.commence(request, response, e);
            ProblemWriter.write(response, HttpStatus.UNAUTHORIZED, "a valid bearer token is needed: " + e.getMessage());
          })
          .accessDeniedHandler((request, response, e) -> {
            denied.handle(request, response, e);
            ProblemWriter.write(response, HttpStatus.FORBIDDEN, e.getMessage());
          }));
    }
    http.addFilterBefore(new BodyLimit(settings.maxBodyBytes()), AnonymousAuthenticationFilter.class)
        .addFilterAfter(new CallerRateLimits(settings), AnonymousAuthenticationFilter.class);
    return http.build();
  }

  private static UrlBasedCorsConfigurationSource cors(ApiSettings settings) {
    UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
    if (!settings.corsOrigins().isEmpty()) {
      CorsConfiguration config = new CorsConfiguration();
      config.setAllowedOrigins(settings.corsOrigins());
      config.addAllowedMethod("GET");
      config.addAllowedMethod("POST");
      config.addAllowedHeader("Authorization");
      config.addAllowedHeader("Content-Type");
      config.addAllowedHeader("Idempotency-Key");
      source.registerCorsConfiguration("/api/**", config);
    }
    return source;
  }
}
