package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetupTest;
import com.sun.net.httpserver.HttpServer;
import dev.overdue.activities.DeliveringNotificationActivities;
import dev.overdue.activities.LogWarningActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.client.Approvals;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.Notification;
import dev.overdue.workflow.activities.NotificationActivities;
import dev.overdue.workflow.activities.Recipients;
import io.temporal.testing.TestWorkflowEnvironment;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approvals whose timers notify through the real delivery activities, against a real SMTP server
 * (GreenMail) and a real HTTP endpoint, on the time-skipping test service.
 */
class NotificationDeliveryTest {
  static final String SMTP_PASSWORD = "smtp-pw-c0ffee42";
  static final String WEBHOOK_SECRET = "whsec-5ec7e7-77";
  static final String WEBHOOK_TOKEN = "tok-8d8d8d";
  static final String HEADER_TOKEN = "api-key-1b2b3b";
  static final String INBOX = "https://inbox.example.com";
  static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension
  static final GreenMailExtension smtp =
      new GreenMailExtension(ServerSetupTest.SMTP)
          .withConfiguration(GreenMailConfiguration.aConfig().withUser("overdue", SMTP_PASSWORD))
          .withPerMethodLifecycle(true);

  @TempDir Path dir;

  final Sink sink = new Sink();
  TestWorkflowEnvironment env;
  Approvals approvals;
  Deliveries deliveries;

  /** A webhook endpoint: records each POST's Idempotency-Key and answers the scripted status. */
  static final class Sink implements AutoCloseable {
    final HttpServer server;
    final List<String> keys = new CopyOnWriteArrayList<>();
    final List<String> accepted = new CopyOnWriteArrayList<>();
    final List<String> bodies = new CopyOnWriteArrayList<>();
    final Deque<Integer> statuses = new ArrayDeque<>();

    Sink() {
      try {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
      server.createContext("/", exchange -> {
        String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
        bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        keys.add(key);
        Integer status;
        synchronized (statuses) {
          status = statuses.isEmpty() ? 200 : statuses.poll();
        }
        if (status == 200) {
          accepted.add(key);
        }
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
      });
      server.start();
    }

    void answer(Integer... next) {
      synchronized (statuses) {
        statuses.addAll(List.of(next));
      }
    }

    String url() {
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/" + WEBHOOK_TOKEN;
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }

  /** Loads settings the way the worker does, from a file with secrets from the environment. */
  WorkerSettings settings() throws IOException {
    Path file = dir.resolve("overdue.yaml");
    Files.writeString(file, """
        notifications:
          store: %s
          email:
            host: 127.0.0.1
            port: %d
            starttls: off
            username: overdue
            password: ${SMTP_PASSWORD}
            from: Overdue <overdue@example.com>
          webhooks:
            ops:
              url: %s
              secret: ${WEBHOOK_SECRET}
              headers:
                X-Api-Key: ${HEADER_TOKEN}
          inbox: { url: "${OVERDUE_INBOX_URL}" }
        directory:
          users:
            frank: { name: Frank Finance, email: frank@example.com }
            ops-bot: { webhook: ops }
          groups:
            finance: [frank, ops-bot]
        """.formatted(dir.resolve("deliveries.db"), smtp.getSmtp().getPort(), sink.url()));
    Map<String, String> environment =
        Map.of("SMTP_PASSWORD", SMTP_PASSWORD, "WEBHOOK_SECRET", WEBHOOK_SECRET, "HEADER_TOKEN", HEADER_TOKEN,
            "OVERDUE_INBOX_URL", INBOX + "/");
    return WorkerSettings.load(file, environment::get);
  }

  void startWorker(NotificationActivities notifications) {
    env = ApprovalTestService.start(new LogWarningActivities(), notifications);
    approvals = new Approvals(env.getWorkflowClient(), request -> RequestValidator.refusal(request, Instant.now()));
  }

  NotificationActivities realActivities() throws IOException {
    deliveries = Deliveries.start(settings().notifications(), settings().directory(), Clock.systemUTC());
    return new DeliveringNotificationActivities(deliveries);
  }

  @AfterEach
  void stop() {
    if (env != null) {
      env.close();
    }
    if (deliveries != null) {
      deliveries.close();
    }
    sink.close();
  }

  /** Starts PO-4711 whose timer "nag" notifies {@code to} one minute after it is enabled, and lets it expire. */
  String startAndExpire(String to) {
    String id =
        approvals.start(
            json("{'requestId':'PO-4711','title':'Purchase order 4711','requester':'carol',"
                + "'data':{'amount':12000},'steps':[{'name':'manager','approvers':['alice']}],"
                + "'timers':[{'name':'nag','limit':'PT1M','handlers':[{'action':'notify','to':" + to + ","
                + "'subject':'PO {{request.id}}: {{data.amount}} EUR waits',"
                + "'message':'Dear {{recipient.displayName}}, {{request.title}} waits since {{timer.expiresAt}}.'}]}]}"),
            ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    approvals.update(id, "enableTimer", json("{'timer':'nag'}"));
    env.sleep(Duration.ofMinutes(2));
    awaitHandlersDone(id);
    return id;
  }

  /** The expiry's handlers run after the timer fires; wait until the notify step left its trace. */
  void awaitHandlersDone(String id) {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      boolean open =
          env.getWorkflowClient().fetchHistory(Approvals.workflowId(id)).getEvents().stream()
              .filter(e -> e.hasActivityTaskScheduledEventAttributes())
              .count()
              > env.getWorkflowClient().fetchHistory(Approvals.workflowId(id)).getEvents().stream()
                  .filter(e -> e.hasActivityTaskCompletedEventAttributes() || e.hasActivityTaskFailedEventAttributes()
                      || e.hasActivityTaskTimedOutEventAttributes())
                  .count();
      if (!open) {
        return;
      }
      env.sleep(Duration.ofSeconds(1));
    }
    throw new AssertionError("notification activities still open after 30 s");
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text.replace('\'', '"'));
    } catch (IOException e) {
      throw new IllegalArgumentException(text, e);
    }
  }

  String firstRunId(String id) {
    return env.getWorkflowClient().fetchHistory(Approvals.workflowId(id)).getEvents().get(0)
        .getWorkflowExecutionStartedEventAttributes().getFirstExecutionRunId();
  }

  @Test
  void aGroupIsNotifiedOnEachMembersChannelWithTheRequestsTemplates() throws Exception {
    startWorker(realActivities());
    String id = startAndExpire("['finance']");

    MimeMessage[] mails = smtp.getReceivedMessages();
    assertEquals(1, mails.length);
    assertEquals("frank@example.com", mails[0].getAllRecipients()[0].toString());
    assertEquals("PO PO-4711: 12000 EUR waits", mails[0].getSubject());
    assertTrue(GreenMailUtil.getBody(mails[0]).startsWith("Dear Frank Finance, Purchase order 4711 waits since 20"),
        GreenMailUtil.getBody(mails[0]));
    String run = firstRunId(id);
    assertEquals("approval-PO-4711/" + run + "/nag/1/frank/email", mails[0].getHeader("X-Overdue-Idempotency-Key", null));
    assertEquals(List.of("approval-PO-4711/" + run + "/nag/1/ops-bot/webhook"), sink.accepted);
    JsonNode posted = JSON.readTree(sink.bodies.get(0));
    assertEquals("PO PO-4711: 12000 EUR waits", posted.get("subject").asText());
    assertEquals(List.of(), approvals.status(id).warnings());
  }

  @Test
  void theDefaultMessageLinksToTheTaskInTheInboxAndTheHistoryNeverHoldsTheInbox() throws Exception {
    startWorker(realActivities());
    String id =
        approvals.start(
            json("{'requestId':'PO-4712','title':'Purchase order 4712','requester':'carol',"
                + "'steps':[{'name':'manager','approvers':['alice']}],"
                + "'timers':[{'name':'nag','limit':'PT1M','handlers':[{'action':'notify','to':['finance']}]}]}"),
            ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    approvals.update(id, "enableTimer", json("{'timer':'nag'}"));
    env.sleep(Duration.ofMinutes(2));
    awaitHandlersDone(id);

    MimeMessage[] mails = smtp.getReceivedMessages();
    assertEquals(1, mails.length);
    String body = GreenMailUtil.getBody(mails[0]).replace("\r\n", "\n");
    assertTrue(body.contains("\nOpen the task: " + INBOX + "/tasks/PO-4712"), body);
    assertTrue(JSON.readTree(sink.bodies.get(0)).get("body").asText().contains(INBOX + "/tasks/PO-4712"));
    assertFalse(env.getWorkflowClient().fetchHistory(Approvals.workflowId(id)).toJson(true).contains("inbox.example"),
        "only the activities know the inbox");
  }

  @Test
  void anEndpointDownForAWhileGetsTheMessageOnceWhenItReturns() throws Exception {
    sink.answer(503, 503, 502);
    startWorker(realActivities());
    String id = startAndExpire("['ops-bot']");

    assertEquals(4, sink.keys.size(), "three refusals, then the delivery: " + sink.keys);
    assertEquals(1, Set.copyOf(sink.keys).size(), "every attempt carries the same Idempotency-Key");
    assertEquals(1, sink.accepted.size());
    assertEquals(List.of(), approvals.status(id).warnings());
  }

  @Test
  void anActivityRetriedAfterSendingDoesNotSendAgain() throws Exception {
    NotificationActivities real = realActivities();
    Map<String, Integer> attempts = new ConcurrentHashMap<>();
    // The worker "dies" after the message left and before the activity completed: Temporal retries it.
    startWorker(new NotificationActivities() {
      @Override
      public Recipients resolveRecipients(List<String> to) {
        return real.resolveRecipients(to);
      }

      @Override
      public void deliver(Delivery delivery) {
        real.deliver(delivery);
        if (attempts.merge(delivery.idempotencyKey(), 1, Integer::sum) == 1) {
          throw new IllegalStateException("worker crashed before reporting completion");
        }
      }

      @Override
      public void sendNotification(Notification notification) {
        real.sendNotification(notification);
      }
    });
    String id = startAndExpire("['finance']");

    assertEquals(2, attempts.size());
    attempts.values().forEach(count -> assertEquals(2, count, "each delivery was attempted twice"));
    assertEquals(1, smtp.getReceivedMessages().length, "the retried e-mail was not sent again");
    assertEquals(1, sink.keys.size(), "the retried webhook was not posted again");
    assertEquals(List.of(), approvals.status(id).warnings());
  }

  @Test
  void aPermanentFailureBecomesAWarningAndTheOthersAreStillDelivered() throws Exception {
    sink.answer(410);
    startWorker(realActivities());
    String id = startAndExpire("['finance', 'ghost']");

    StatusInfo status = approvals.status(id);
    assertEquals("ACTIVE", status.state(), "a notification failure never fails the approval");
    List<String> warnings = status.warnings().stream().map(WarningInfo::message).toList();
    assertEquals(2, warnings.size(), warnings.toString());
    assertEquals("notification not sent: 'ghost' is not a user or group in the directory", warnings.get(0));
    assertTrue(warnings.get(1).matches(
        "notification to ops-bot by webhook failed: webhook ops \\(http://127\\.0\\.0\\.1:\\d+\\) answered HTTP 410"),
        warnings.get(1));
    assertEquals(1, sink.keys.size(), "a permanent failure is not retried");
    assertEquals(1, smtp.getReceivedMessages().length, "frank still got his e-mail");
  }

  @Test
  void secretsNeverReachTheLogTheHistoryOrTheQueries() throws Exception {
    PrintStream originalErr = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    System.setErr(new PrintStream(new TeeStream(originalErr, log), true, StandardCharsets.UTF_8));
    String id;
    try {
      sink.answer(503, 401);
      startWorker(realActivities());
      id = startAndExpire("['finance']");
    } finally {
      System.setErr(originalErr);
    }
    String everything =
        log.toString(StandardCharsets.UTF_8)
            + env.getWorkflowClient().fetchHistory(Approvals.workflowId(id)).toJson(true)
            + JSON.writeValueAsString(approvals.status(id))
            + JSON.writeValueAsString(approvals.timers(id))
            + JSON.writeValueAsString(approvals.history(id))
            + settings();
    assertTrue(log.toString(StandardCharsets.UTF_8).contains("notifications: channels"), "the log was captured");
    assertTrue(everything.contains("answered HTTP 401"), "the failure itself is visible");
    for (String secret : List.of(SMTP_PASSWORD, WEBHOOK_SECRET, WEBHOOK_TOKEN, HEADER_TOKEN)) {
      assertFalse(everything.contains(secret), secret + " leaked");
    }
  }

  /** Writes to two streams: the console and the captured log. */
  static final class TeeStream extends java.io.OutputStream {
    final java.io.OutputStream a;
    final java.io.OutputStream b;

    TeeStream(java.io.OutputStream a, java.io.OutputStream b) {
      this.a = a;
      this.b = b;
    }

    @Override
    public void write(int c) throws IOException {
      a.write(c);
      b.write(c);
    }

    @Override
    public void write(byte[] bytes, int off, int len) throws IOException {
      a.write(bytes, off, len);
      b.write(bytes, off, len);
    }
  }
}
