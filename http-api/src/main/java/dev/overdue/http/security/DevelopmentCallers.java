package dev.overdue.http.security;

import dev.overdue.http.ApiSettings;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.List;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Development mode, when no identity provider is configured: the caller names themself in the
 * {@value #USER} header (and their groups in {@value #GROUPS}), and commands go unsigned. Anyone
 * who can reach the API can be anyone, so it serves loopback only: {@link #refuseUnlessLoopback}
 * stops the process before it listens anywhere else.
 */
final class DevelopmentCallers extends OncePerRequestFilter {
  static final String USER = "X-Overdue-User";
  static final String GROUPS = "X-Overdue-Groups";

  private final ApiSettings settings;

  DevelopmentCallers(ApiSettings settings) {
    this.settings = settings;
  }

  static void refuseUnlessLoopback(InetAddress address) {
    if (address == null || !address.isLoopbackAddress()) {
      throw new IllegalStateException(
          "development mode (no overdue.api.issuer, OVERDUE_API_ISSUER) takes the user from a header"
              + " and serves loopback only, but server.address is "
              + (address == null ? "every interface" : address.getHostAddress())
              + ": set OVERDUE_API_ISSUER to your OpenID Connect provider, or bind to 127.0.0.1");
    }
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    String user = request.getHeader(USER);
    if (user != null && !user.isBlank()) {
      String header = request.getHeader(GROUPS);
      List<String> groups =
          header == null ? List.of() : Arrays.stream(header.split(",")).map(String::strip).filter(g -> !g.isEmpty()).toList();
      var context = SecurityContextHolder.createEmptyContext();
      context.setAuthentication(
          new CallerAuthentication(new Caller(user.strip(), groups, groups.contains(settings.adminGroup()), null)));
      SecurityContextHolder.setContext(context);
    }
    chain.doFilter(request, response);
  }
}
