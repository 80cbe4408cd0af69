package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.activities.DeliveringNotificationActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipient.Channel;
import dev.overdue.workflow.activities.Recipients;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code manager:<user>} through the activity the workflow calls, over a loaded settings file. */
@Timeout(30)
class ResolveRecipientsTest {
  @TempDir Path dir;

  private Recipients resolve(String yaml, String... to) throws IOException {
    Path file = dir.resolve("overdue.yaml");
    Files.writeString(file, yaml);
    WorkerSettings settings = WorkerSettings.load(file, Map.<String, String>of()::get);
    try (Deliveries deliveries = Deliveries.start(settings.notifications(), settings.directory(), Clock.systemUTC())) {
      return new DeliveringNotificationActivities(deliveries).resolveRecipients(List.of(to));
    }
  }

  @Test
  void managersResolveOnTheirOwnChannelOncePerPersonAndUnknownsAreProblems() throws IOException {
    Recipients recipients =
        resolve(
            """
            notifications:
              store: memory
              webhooks: {ops: {url: "https://hooks.example.com/ops"}}
            directory:
              users:
                carol: {email: carol@example.com}
                alice: {email: alice@example.com, manager: carol}
                bob:   {email: bob@example.com, manager: dora}
                dora:  {webhook: ops}
              groups:
                leads: [carol, dora]
            """,
            "manager:alice", "carol", "leads", "manager:bob", "manager:carol", "manager:zed");
    assertEquals(
        List.of(
            new Recipient("carol", Channel.EMAIL, "carol@example.com"),
            new Recipient("dora", Channel.WEBHOOK, "ops")),
        recipients.resolved());
    assertEquals(
        List.of(
            "'manager:carol': carol has no manager in the directory",
            "'manager:zed': 'zed' is not a user in the directory"),
        recipients.problems());
  }

  @Test
  void withoutADirectoryNamesGoToTheLogAndManagersAreProblems() throws IOException {
    Recipients recipients = resolve("notifications: {store: memory}\n", "carol", "manager:carol");
    assertEquals(List.of(new Recipient("carol", Channel.LOG, "carol")), recipients.resolved());
    assertEquals(List.of("no directory configured: cannot find the manager of carol"), recipients.problems());
  }
}
