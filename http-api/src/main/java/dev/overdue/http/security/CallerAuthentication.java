package dev.overdue.http.security;

import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/** An authenticated {@link Caller}: what {@code @AuthenticationPrincipal} hands the controllers. */
final class CallerAuthentication extends AbstractAuthenticationToken {
  private final Caller caller;

  CallerAuthentication(Caller caller) {
    super(caller.admin() ? List.of(new SimpleGrantedAuthority("ROLE_ADMIN")) : List.of());
    this.caller = caller;
    setAuthenticated(true);
  }

  @Override
  public Object getPrincipal() {
    return caller;
  }

  /** Never the token: Spring logs credentials' holders, not this. */
  @Override
  public Object getCredentials() {
    return "";
  }

  @Override
  public String getName() {
    return caller.user();
  }
}
