package dev.overdue.http;

import static dev.overdue.http.ApiClient.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.http.ApiClient.Answer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The lists' filters, orders and pages on a dev server: six tasks for carol with different due
 * dates, priorities, steps, requesters and titles, one of them overdue.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "overdue.api.requests-per-second=10000")
class TaskFiltersIT {
  private static final TemporalWithWorker TEMPORAL =
      TemporalWithWorker.onDevServer("task-filters", Map.of());
  private static final String[] CAROL = as("carol");

  @DynamicPropertySource
  static void temporal(DynamicPropertyRegistry properties) {
    TEMPORAL.register(properties);
  }

  @AfterAll
  static void stop() {
    TEMPORAL.close();
  }

  @LocalServerPort int port;
  private static boolean started;

  private ApiClient api() {
    return new ApiClient(port);
  }

  /** id, requester, title, step, priority, timeout. */
  private static final String[][] TASKS = {
    {"F-1", "alice", "Laptop for Zürich", "manager", "2", "P3D"},
    {"F-2", "bob", "Desk chairs", "manager", "7", "P1D"},
    {"F-3", "alice", "Invoice ACME 4711", "finance", "0", "P2D"},
    {"F-4", "bob", "Travel to Lyon", "finance", "5", "PT1S"},
    {"F-5", "alice", "Printer toner", "manager", "9", null},
    {"F-6", "frank", "Team offsite", "legal", "3", "P5D"},
  };

  private void startAll() throws InterruptedException {
    if (started) {
      return;
    }
    for (String[] task : TASKS) {
      String step = "{\"name\":\"" + task[3] + "\",\"approvers\":[\"carol\"],\"priority\":" + task[4]
          + (task[5] == null ? "" : ",\"timeout\":\"" + task[5] + "\"") + "}";
      Answer answer = api().post("/api/v1/approvals",
          "{\"requestId\":\"" + task[0] + "\",\"title\":\"" + task[2] + "\",\"steps\":[" + step + "]}", as(task[1]));
      assertEquals(201, answer.status(), answer.text());
    }
    started = true;
    long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (ids("/api/v1/tasks?view=claimable&overdue=true").isEmpty() || ids("/api/v1/tasks?view=claimable").size() < 6) {
      assertTrue(System.nanoTime() < giveUp, "the dev server's lists never showed all six, F-4 overdue");
      Thread.sleep(200);
    }
  }

  private List<String> ids(String path) {
    Answer answer = api().get(path, CAROL);
    assertEquals(200, answer.status(), path + ": " + answer.text());
    List<String> ids = new ArrayList<>();
    for (JsonNode row : answer.json().path("tasks")) {
      ids.add(row.path("id").asText());
    }
    return ids;
  }

  @Test
  void filtersNarrowTheList() throws Exception {
    startAll();
    assertEquals(List.of("F-4"), ids("/api/v1/tasks?view=claimable&overdue=true"), "past its due date");
    String tomorrowAndAHalf = Instant.now().plus(Duration.ofHours(36)).toString();
    assertEquals(List.of("F-4", "F-2"), ids("/api/v1/tasks?dueBefore=" + tomorrowAndAHalf));
    assertEquals(List.of("F-3", "F-1", "F-6"), ids("/api/v1/tasks?dueAfter=" + tomorrowAndAHalf));
    assertEquals(List.of("F-3", "F-1", "F-6"), ids("/api/v1/tasks?priority=0..3"));
    assertEquals(List.of("F-4"), ids("/api/v1/tasks?priority=5"));
    assertEquals(List.of("F-4", "F-3"), ids("/api/v1/tasks?step=finance"));
    assertEquals(List.of("F-4", "F-2"), ids("/api/v1/tasks?requester=bob"));
    assertEquals(List.of("F-1"), ids("/api/v1/tasks?q=zurich".replace("zurich", "Z%C3%BCrich")));
    assertEquals(List.of("F-3"), ids("/api/v1/tasks?q=acme"));
  }

  @Test
  void ordersPutWhatMattersFirst() throws Exception {
    startAll();
    assertEquals(List.of("F-4", "F-2", "F-3", "F-1", "F-6", "F-5"), ids("/api/v1/tasks"), "due soonest first, undated last");
    assertEquals(List.of("F-3", "F-1", "F-6", "F-4", "F-2", "F-5"), ids("/api/v1/tasks?sort=priority"), "0 is the highest");
    assertEquals(List.of("F-5", "F-2", "F-4", "F-6", "F-1", "F-3"), ids("/api/v1/tasks?sort=-priority"));
  }

  @Test
  void pagesFollowTheirCursorsWithoutRepeatsOrGaps() throws Exception {
    startAll();
    List<String> walked = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      Answer page = api().get("/api/v1/tasks?sort=-priority&limit=4" + (cursor == null ? "" : "&cursor=" + cursor), CAROL);
      assertEquals(200, page.status(), page.text());
      page.json().path("tasks").forEach(row -> walked.add(row.path("id").asText()));
      cursor = page.json().path("next").isNull() ? null : page.json().path("next").asText();
      pages++;
    } while (cursor != null);
    assertEquals(List.of("F-5", "F-2", "F-4", "F-6", "F-1", "F-3"), walked);
    assertEquals(2, pages);
    Answer otherSort = api().get("/api/v1/tasks?sort=due&cursor="
        + api().get("/api/v1/tasks?sort=-priority&limit=1", CAROL).json().path("next").asText(), CAROL);
    assertEquals(400, otherSort.status(), "a cursor belongs to its order: " + otherSort.text());
    assertEquals("cursor", otherSort.json().path("field").asText());
    assertEquals(400, api().get("/api/v1/tasks?cursor=bm90LWEtY3Vyc29y", CAROL).status(), "base64 of no cursor");
    assertEquals(400, api().get("/api/v1/tasks?cursor=*", CAROL).status(), "not base64");
  }

  @Test
  void badParametersAreA400NamingThem() throws Exception {
    for (String[] bad : new String[][] {
        {"dueBefore=tomorrow", "dueBefore"}, {"priority=11", "priority"}, {"priority=high", "priority"},
        {"sort=urgency", "sort"}, {"limit=0", "limit"}, {"limit=101", "limit"}, {"view=everything", "view"}}) {
      Answer answer = api().get("/api/v1/tasks?" + bad[0], CAROL);
      assertEquals(400, answer.status(), bad[0] + ": " + answer.text());
      assertEquals(bad[1], answer.json().path("field").asText(), bad[0]);
    }
  }

  @Test
  void everyOpenApprovalIsListedForAdministratorsOnly() throws Exception {
    startAll();
    assertEquals(403, api().get("/api/v1/tasks?view=all", CAROL).status());
    Answer all = api().get("/api/v1/tasks?view=all&limit=100", as("ann", "overdue-admins"));
    assertEquals(200, all.status(), all.text());
    assertTrue(all.json().path("tasks").size() >= 6, all.text());
  }
}
