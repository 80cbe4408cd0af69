package dev.overdue.http;

import dev.overdue.client.KeyUrls;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The API's settings ({@code overdue.api.*} in application.yaml, or environment variables such as
 * {@code OVERDUE_API_ISSUER}). The Temporal connection is the one every Temporal tool reads
 * ({@code TEMPORAL_ADDRESS}, {@code TEMPORAL_NAMESPACE}, a profile file), as for the worker and the CLI.
 *
 * @param issuer the OpenID Connect issuer whose access tokens are accepted; none: development mode
 * @param jwks its keys' URL; the issuer's discovery document says where when left out
 * @param audiences a token must be meant for one of these ({@code aud})
 * @param userClaim the claim naming the user, as the worker's {@code auth.userClaim}
 * @param groupsClaim the claim listing the user's groups
 * @param adminGroup members of this group (or holders of this role) may list every open approval
 * @param taskQueue where new approvals are started
 * @param requestsPerSecond each caller's steady rate; a burst of as many is allowed
 * @param maxBodyBytes the largest request body taken
 * @param taskIndex where the task index is (a PostgreSQL JDBC URL, or an SQLite file); empty: the
 *     one the worker writes by default, {@code ~/.overdue/task-index.db}
 * @param answerTimeout how long an action waits for the workflow's answer
 * @param corsOrigins the web origins that may call the API from a browser
 */
@ConfigurationProperties("overdue.api")
public record ApiSettings(
    String issuer,
    String jwks,
    @DefaultValue("overdue-api") List<String> audiences,
    @DefaultValue("sub") String userClaim,
    @DefaultValue("groups") String groupsClaim,
    @DefaultValue("overdue-admins") String adminGroup,
    @DefaultValue("overdue") String taskQueue,
    @DefaultValue("20") int requestsPerSecond,
    @DefaultValue("65536") int maxBodyBytes,
    String taskIndex,
    @DefaultValue("10s") Duration answerTimeout,
    @DefaultValue List<String> corsOrigins) {

  public ApiSettings {
    // As the worker's: the provider's keys over TLS, or plain http on this machine only.
    if (issuer != null && !issuer.isBlank()) {
      KeyUrls.check("overdue.api.issuer (OVERDUE_API_ISSUER)", issuer);
    }
    if (jwks != null && !jwks.isBlank()) {
      KeyUrls.check("overdue.api.jwks (OVERDUE_API_JWKS)", jwks);
    }
  }

  /** No identity provider: the caller names themself in a header, on loopback only. */
  public boolean developmentMode() {
    return issuer == null || issuer.isBlank();
  }
}
