package dev.overdue.http;

import dev.overdue.starter.DevServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** A dev server for the list tests, and the wait for its visibility store to catch up. */
final class DevServers {
  private DevServers() {}

  static DevServer start(String name) {
    try {
      return DevServer.start(Files.createDirectories(Path.of("target", name)), DevServer.Options.headless());
    } catch (Exception e) {
      throw new IllegalStateException("cannot start a dev server: " + e.getMessage(), e);
    }
  }

  /**
   * Waits until {@code approval}, suspended as a test's last change, shows SUSPENDED in its
   * {@code requester}'s requests: the visibility store trails the workflows, and once the last
   * change shows, the earlier ones of the test do too (the dev server applies them in order).
   */
  static void awaitSuspendedInLists(ApiClient api, String requester, String approval) {
    long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < giveUp) {
      var list = api.get("/api/v1/requests?limit=100", ApiClient.as(requester));
      if (list.status() == 200 && list.json().path("tasks").valueStream()
          .anyMatch(row -> row.path("id").asText().equals(approval) && "SUSPENDED".equals(row.path("state").asText()))) {
        return;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    throw new AssertionError(approval + " did not show SUSPENDED in the lists within 60 s");
  }
}
