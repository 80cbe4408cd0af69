package dev.overdue.http.limits;

import dev.overdue.http.ApiSettings;
import dev.overdue.http.problems.ProblemWriter;
import dev.overdue.http.security.Caller;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.RateLimiterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Each caller's share (resilience4j's rate limiter, one per caller): {@code requestsPerSecond}
 * a second, refilled each second, so one person's script cannot starve the others. Past it, 429
 * with Retry-After, and nothing is done. Callers without a name (a bad token) count by address.
 * Per API instance: behind a load balancer each instance grants its own share.
 */
public final class CallerRateLimits extends OncePerRequestFilter {
  private final RateLimiterRegistry limiters;

  public CallerRateLimits(ApiSettings settings) {
    this.limiters = RateLimiterRegistry.of(RateLimiterConfig.custom()
        .limitForPeriod(settings.requestsPerSecond())
        .limitRefreshPeriod(Duration.ofSeconds(1))
        .timeoutDuration(Duration.ZERO)
        .build());
  }

  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    RateLimiter limiter = limiters.rateLimiter(callerKey(request));
    if (!limiter.acquirePermission()) {
      response.setHeader("Retry-After", "1");
      ProblemWriter.write(response, HttpStatus.TOO_MANY_REQUESTS,
          "more than " + limiter.getRateLimiterConfig().getLimitForPeriod() + " requests a second from one caller;"
              + " try again in a second");
      return;
    }
    chain.doFilter(request, response);
  }

  private static String callerKey(HttpServletRequest request) {
    Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
    if (authentication != null && authentication.getPrincipal() instanceof Caller caller) {
      return "user:" + caller.user();
    }
    return "address:" + request.getRemoteAddr();
  }
}
