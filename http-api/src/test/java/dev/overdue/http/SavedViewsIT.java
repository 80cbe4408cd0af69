package dev.overdue.http;

import static dev.overdue.http.ApiClient.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.http.ApiClient.Answer;
import java.time.Duration;
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
 * Saved views on a dev server: carol's own, and finance's shared one that each member opens as
 * themselves. Tasks: three for carol, two for the group finance, one for fiona alone.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "overdue.api.requests-per-second=10000")
class SavedViewsIT {
  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.onDevServer("saved-views", Map.of());
  private static final String[] CAROL = as("carol", "managers");
  private static final String[] FRANK = as("frank", "finance");
  private static final String[] FIONA = as("fiona", "finance");

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

  /** id, amount, the step's approvers or candidate groups. */
  private static final String[][] TASKS = {
    {"V-1", "12000", "'approvers':['carol']"}, {"V-2", "5000", "'approvers':['carol']"},
    {"V-3", "20000", "'approvers':['carol']"}, {"V-4", "15000", "'candidateGroups':['finance']"},
    {"V-5", "500", "'candidateGroups':['finance']"}, {"V-6", "30000", "'approvers':['fiona']"},
  };

  private void startAll() throws InterruptedException {
    if (started) {
      return;
    }
    for (String[] task : TASKS) {
      String body = "{'requestId':'" + task[0] + "','title':'Invoice " + task[0] + "','data':{'amount':" + task[1]
          + "},'steps':[{'name':'approve'," + task[2] + "}]}";
      Answer answer = api().post("/api/v1/approvals", body.replace('\'', '"'), as("alice"));
      assertEquals(201, answer.status(), answer.text());
    }
    started = true;
    long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (ids("/api/v1/tasks", CAROL).size() < 3 || ids("/api/v1/tasks", FIONA).size() < 3) {
      assertTrue(System.nanoTime() < giveUp, "the lists never showed the six tasks");
      Thread.sleep(200);
    }
  }

  private List<String> ids(String path, String... caller) {
    Answer answer = api().get(path, caller);
    assertEquals(200, answer.status(), path + ": " + answer.text());
    List<String> ids = new ArrayList<>();
    for (JsonNode row : answer.json().path("tasks")) {
      ids.add(row.path("id").asText());
    }
    return ids;
  }

  private Answer save(String name, String query, String sharedWith, String... caller) {
    return api().post("/api/v1/views", "{\"name\":\"" + name + "\",\"query\":\"" + query + "\""
        + (sharedWith == null ? "" : ",\"sharedWith\":\"" + sharedWith + "\"") + "}", caller);
  }

  private List<String> names(String... caller) {
    Answer answer = api().get("/api/v1/views", caller);
    assertEquals(200, answer.status(), answer.text());
    List<String> names = new ArrayList<>();
    answer.json().forEach(view -> names.add(view.path("name").asText()));
    return names;
  }

  @Test
  void aSavedViewListsWhatItsListDoes() throws Exception {
    startAll();
    Answer saved = save("Over 10k, biggest first", "view=claimable&data.amount>=10000&sort=-data.amount", null, CAROL);
    assertEquals(201, saved.status(), saved.text());
    assertEquals("carol", saved.json().path("owner").asText());
    assertTrue(names(CAROL).contains("Over 10k, biggest first"));
    String id = saved.json().path("id").asText();
    List<String> list = ids("/api/v1/tasks?view=claimable&data.amount%3E=10000&sort=-data.amount", CAROL);
    assertEquals(List.of("V-3", "V-1"), list);
    assertEquals(list, ids("/api/v1/views/" + id + "/tasks", CAROL));
    assertEquals(List.of("V-3"), ids("/api/v1/views/" + id + "/tasks?limit=1", CAROL), "paged");
    assertEquals(409, save("Over 10k, biggest first", "sort=due", null, CAROL).status(), "the name is taken");
  }

  @Test
  void aSharedViewRunsAsEachMemberAndOnlyMembersSeeIt() throws Exception {
    startAll();
    Answer saved = save("Finance over 10k", "data.amount>=10000", "finance", FRANK);
    assertEquals(201, saved.status(), saved.text());
    String id = saved.json().path("id").asText();
    assertTrue(names(FIONA).contains("Finance over 10k"));
    assertEquals(List.of("V-4"), ids("/api/v1/views/" + id + "/tasks", FRANK));
    assertEquals(List.of("V-4", "V-6"), ids("/api/v1/views/" + id + "/tasks", FIONA).stream().sorted().toList(),
        "fiona's own claimable rows, V-6 hers alone");
    assertTrue(!names(CAROL).contains("Finance over 10k"), "carol is not in finance");
    assertEquals(404, api().get("/api/v1/views/" + id + "/tasks", CAROL).status());
    assertEquals(404, api().delete("/api/v1/views/" + id, CAROL).status());
    assertEquals(403, api().delete("/api/v1/views/" + id, FIONA).status(), "shared with her, frank's");
    assertEquals(204, api().delete("/api/v1/views/" + id, FRANK).status());
    assertTrue(!names(FIONA).contains("Finance over 10k"));
  }

  @Test
  void badQueriesAndSharesAreRefused() {
    for (String[] bad : new String[][] {
        {"sort=urgency", "sort"}, {"priority=11", "priority"}, {"view=everything", "view"},
        {"data.amount!5", "data.amount!5"}, {"cursor=abc", "cursor"}, {"list=others", "list"}}) {
      Answer answer = save("Bad " + bad[1], bad[0], null, CAROL);
      assertEquals(400, answer.status(), bad[0] + ": " + answer.text());
      assertEquals(bad[1], answer.json().path("field").asText(), bad[0]);
    }
    assertEquals(400, save("", "sort=due", null, CAROL).status(), "no name");
    assertEquals(403, save("Not mine", "sort=due", "finance", CAROL).status(), "carol is not in finance");
    assertEquals(403, save("Everything", "view=all", null, CAROL).status(), "administrators only");
    Answer requests = save("My requests by step", "list=requests&step=approve", null, CAROL);
    assertEquals(201, requests.status(), requests.text());
  }
}
