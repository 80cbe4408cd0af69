package dev.overdue.http;

import static dev.overdue.http.ApiClient.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.client.Approvals;
import dev.overdue.http.ApiClient.Answer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * "What can I act on", correct by construction: for every user, the API's claimable list is
 * exactly the set of tasks whose claim the workflow accepts from them, over groups, an assignee,
 * four eyes (the requester, an earlier step's decider), a reassignment, a directory change, a
 * claimed task, a suspended approval and a group too large for its search attribute. Each claim is
 * asked for real (and released again), after the lists were read from the task index. The group of
 * 300 is one row with its group there, not 300 names: its members beyond the first hundred find
 * it by their own groups.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "overdue.api.requests-per-second=10000")
class ClaimableListIT {
  private static final List<String> BIG = IntStream.rangeClosed(1, 300).mapToObj(i -> "member-%03d".formatted(i)).toList();
  private static final TemporalWithWorker TEMPORAL =
      TemporalWithWorker.onDevServer("claimable-list", Map.of("rotating", List.of("frank"), "big", BIG));
  private static final List<String> USERS =
      List.of("alice", "bob", "carol", "frank", "fiona", "lena", "member-001", "member-300");

  @DynamicPropertySource
  static void temporal(DynamicPropertyRegistry properties) {
    TEMPORAL.register(properties);
  }

  @AfterAll
  static void stop() {
    TEMPORAL.close();
  }

  @LocalServerPort int port;

  @Test
  void eachUsersClaimableListIsExactlyTheTasksWhoseClaimTheWorkflowTakesFromThem() throws Exception {
    ApiClient api = new ApiClient(port);
    Approvals approvals = new Approvals(TEMPORAL.client);
    List<String> tasks = new ArrayList<>();
    tasks.add(start(api, "alice", "PLAIN", "[{'name':'manager','approvers':['bob']}]"));
    tasks.add(start(api, "alice", "GROUP", "[{'name':'finance','candidateGroups':['finance']}]"));
    tasks.add(start(api, "bob", "ASSIGNED", "[{'name':'review','approvers':['alice'],'assignee':'carol'}]"));
    tasks.add(start(api, "alice", "FOUR-EYES", "[{'name':'check','approvers':['alice','bob'],'notBy':['requester']}]"));
    String reassigned = start(api, "alice", "REASSIGNED", "[{'name':'manager','approvers':['bob']}]");
    tasks.add(reassigned);
    String rotating = start(api, "alice", "ROTATING", "[{'name':'ops','candidateGroups':['rotating']}]");
    tasks.add(rotating);
    String claimed = start(api, "alice", "CLAIMED", "[{'name':'manager','approvers':['bob','carol']}]");
    tasks.add(claimed);
    tasks.add(start(api, "alice", "BIG", "[{'name':'all','candidateGroups':['big']}]"));
    String distinct = start(api, "alice", "DISTINCT",
        "[{'name':'first','approvers':['bob']},{'name':'second','approvers':['bob','carol'],'distinctFrom':['first']}]");
    tasks.add(distinct);
    String suspended = start(api, "alice", "SUSPENDED", "[{'name':'manager','approvers':['bob']}]");
    tasks.add(suspended);

    ok(api.post("/api/v1/approvals/" + reassigned + "/reassign", "{\"to\":[\"legal\"]}", as("bob")));
    TEMPORAL.groups.put("rotating", List.of("fiona"));
    approvals.update(rotating, new ApprovalCommand.RefreshOwners("alice"));
    ok(api.post("/api/v1/approvals/" + claimed + "/claim", null, as("bob")));
    ok(api.post("/api/v1/approvals/" + distinct + "/claim", null, as("bob")));
    ok(api.post("/api/v1/approvals/" + distinct + "/approve", null, as("bob")));
    approvals.update(suspended, new ApprovalCommand.Suspend("budget freeze"));

    DevServers.awaitSuspendedInLists(api, "alice", suspended);
    Map<String, Set<String>> listed = new TreeMap<>();
    for (String user : USERS) {
      // The caller's groups, as a token carries them (the directory's, in this test).
      listed.put(user, ids(api.get("/api/v1/tasks?view=claimable&limit=100", as(user, groupsOf(user))), tasks));
    }
    Map<String, Set<String>> taken = new TreeMap<>();
    for (String user : USERS) {
      Set<String> accepted = new TreeSet<>();
      for (String task : tasks) {
        Answer claim = api.post("/api/v1/approvals/" + task + "/claim", null, as(user));
        if (claim.status() == 200) {
          accepted.add(task);
          ok(api.post("/api/v1/approvals/" + task + "/release", null, as(user)));
        }
      }
      taken.put(user, accepted);
    }
    assertEquals(taken, listed, "each user's claimable list against what their claims got");
    assertTrue(taken.get("member-300").contains("BIG"), "a member beyond the first hundred claims the group's task: " + taken);
    assertEquals(Set.of(claimed), ids(api.get("/api/v1/tasks?view=mine", as("bob")), tasks), "bob's own");
  }

  /** The directory's groups of {@code user}, as they are now. */
  private static String[] groupsOf(String user) {
    return TEMPORAL.groups.entrySet().stream().filter(group -> group.getValue().contains(user))
        .map(java.util.Map.Entry::getKey).sorted().toArray(String[]::new);
  }

  private static String start(ApiClient api, String requester, String id, String steps) {
    Answer started = api.post("/api/v1/approvals",
        ("{'requestId':'" + id + "','title':'" + id.toLowerCase() + " request','steps':" + steps + "}").replace('\'', '"'),
        as(requester));
    assertEquals(201, started.status(), started.text());
    return id;
  }

  private static void ok(Answer answer) {
    assertEquals(200, answer.status(), answer.text());
  }

  private static Set<String> ids(Answer list, List<String> tasks) {
    assertEquals(200, list.status(), list.text());
    Set<String> ids = new TreeSet<>();
    for (JsonNode row : list.json().path("tasks")) {
      if (tasks.contains(row.path("id").asText())) {
        ids.add(row.path("id").asText());
      }
    }
    return ids;
  }
}
