package dev.overdue.worker;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An issuer's key set from its URL, fetched off the workflow threads: once when the worker starts,
 * then every {@code every}, and soon after a lookup finds no key for a token's key id (at most
 * every {@code atMostEvery}, so a flood of made-up key ids cannot flood the issuer). A lookup only
 * reads the set in memory; while a new key is being fetched, its tokens are refused and may be
 * sent again. A fetch that fails keeps the keys fetched last.
 */
final class UrlKeys implements JWKSource<SecurityContext> {
  private static final Logger log = LoggerFactory.getLogger(UrlKeys.class);
  /** Identity providers' key sets are a few kilobytes. */
  static final int MAX_BYTES = 1 << 20;
  private static final ScheduledExecutorService FETCHER =
      DaemonScheduler.named("overdue-jwks-fetch");

  private final URI uri;
  private final Duration atMostEvery;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final AtomicBoolean fetching = new AtomicBoolean();
  private volatile JWKSet keys = new JWKSet();
  private volatile String problem;
  /** When the last fetch began ({@link System#nanoTime()}); the constructor's fetch sets it first. */
  private volatile long lastAttempt;

  UrlKeys(URI uri, Duration every, Duration atMostEvery) {
    this.uri = uri;
    this.atMostEvery = atMostEvery;
    fetching.set(true);
    fetch(); // at the start, so the first token finds the keys
    FETCHER.scheduleWithFixedDelay(this::fetchUnlessUnderWay, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public List<JWK> get(JWKSelector selector, SecurityContext context) throws KeySourceException {
    JWKSet now = keys;
    List<JWK> found = selector.select(now);
    if (found.isEmpty()) {
      if (System.nanoTime() - lastAttempt >= atMostEvery.toNanos() && fetching.compareAndSet(false, true)) {
        FETCHER.execute(this::fetch);
      }
      if (now.isEmpty() && problem != null) {
        throw new KeySourceException("cannot fetch " + uri + ": " + problem);
      }
    }
    return found;
  }

  private void fetchUnlessUnderWay() {
    if (fetching.compareAndSet(false, true)) {
      fetch();
    }
  }

  /** Fetches the set; called with {@link #fetching} taken, which it gives back. */
  private void fetch() {
    lastAttempt = System.nanoTime();
    try {
      HttpResponse<byte[]> response =
          http.send(
              HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).header("Accept", "application/json").build(),
              HttpResponse.BodyHandlers.ofByteArray());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("HTTP " + response.statusCode());
      }
      if (response.body().length > MAX_BYTES) {
        throw new IllegalStateException("more than " + MAX_BYTES + " bytes: not a key set");
      }
      JWKSet fetched = IssuerKeys.publicOnly(JWKSet.parse(new String(response.body(), StandardCharsets.UTF_8)));
      if (!fetched.toString().equals(keys.toString())) {
        log.info("JWKS {}: {} key(s)", uri, fetched.getKeys().size());
      }
      keys = fetched;
      problem = null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      problem = "interrupted";
    } catch (Exception failed) {
      problem = failed.getMessage() == null ? failed.toString() : failed.getMessage();
      log.warn("JWKS {} cannot be fetched, keeping the {} key(s) fetched last: {}", uri, keys.getKeys().size(), problem);
    } finally {
      fetching.set(false);
    }
  }
}
