package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * docs/guide/task-api.md is true: each {@code curl} of the page is sent, in order, to an API on a
 * dev server, and its answer compared with the JSON printed after it ({@code "…"} matches any
 * value; a problem's {@code status} is the answer's status). A list is asked again for a while
 * until it matches, as the page says lists trail the workflows. {@code
 * -Doverdue.writeGuideAnswers=true} writes the answers into the page instead.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TaskApiGuideIT {
  static final Path GUIDE = Path.of("..", "docs", "guide", "task-api.md");
  private static final String DOCUMENTED_BASE = "http://127.0.0.1:8090";
  private static final String ANY = "…";
  /** Values that differ each run, written as {@link #ANY}. */
  private static final Set<String> VOLATILE = Set.of("dueDate", "nextDeadline", "startedAt");
  private static final Pattern EXAMPLE =
      Pattern.compile("```bash\\n(curl [^\\n]*)\\n```\\s*\\n```json\\n(.*?)\\n```", Pattern.DOTALL);
  private static final Pattern TOKEN = Pattern.compile("'([^']*)'|(\\S+)");
  private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  private static final TemporalWithWorker TEMPORAL =
      TemporalWithWorker.onDevServer("task-api-guide", Map.of());

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
  void everyRequestOfTheGuideAnswersWhatTheGuideShows() throws Exception {
    String page = Files.readString(GUIDE);
    boolean write = Boolean.getBoolean("overdue.writeGuideAnswers");
    ApiClient api = new ApiClient(port);
    Matcher examples = EXAMPLE.matcher(page);
    StringBuilder written = new StringBuilder();
    int count = 0;
    while (examples.find()) {
      count++;
      String curl = examples.group(1);
      String expected = examples.group(2);
      if (write && isList(curl)) {
        Thread.sleep(1_000); // a start's first workflow task writes its row before a list is written down
      }
      ApiClient.Answer answer = send(api, curl);
      if (write) {
        examples.appendReplacement(written, Matcher.quoteReplacement(
            "```bash\n" + curl + "\n```\n\n```json\n" + JSON.writeValueAsString(anonymised(answer.json())).strip() + "\n```"));
        continue;
      }
      JsonNode wanted = JSON.readTree(expected);
      long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (!matches(wanted, answer.json()) && isList(curl) && System.nanoTime() < giveUp) {
        Thread.sleep(200); // a list right after a start: its first workflow task writes the row
        answer = send(api, curl);
      }
      assertTrue(matches(wanted, answer.json()), curl + "\nanswered " + answer.status() + ":\n" + answer.text()
          + "\nbut the guide shows:\n" + expected);
      int status = wanted.has("status") && wanted.has("title") ? wanted.path("status").asInt() : 0;
      if (status != 0) {
        assertEquals(status, answer.status(), curl);
      } else {
        assertTrue(answer.status() / 100 == 2, curl + " answered " + answer.status());
      }
    }
    if (write) {
      examples.appendTail(written);
      Files.writeString(GUIDE, written.toString());
    }
    assertTrue(count >= 8, "the guide's examples: " + count);
  }

  /** A GET of a list (the page quotes those URLs for their query strings). */
  private static boolean isList(String curl) {
    return curl.contains(" 'http");
  }

  /** The curl of a line: -X, -H, -d and the URL; -s is curl's own. */
  private ApiClient.Answer send(ApiClient api, String curl) {
    List<String> words = new ArrayList<>();
    Matcher token = TOKEN.matcher(curl.substring("curl ".length()));
    while (token.find()) {
      words.add(token.group(1) != null ? token.group(1) : token.group(2));
    }
    String method = "GET";
    String url = null;
    String body = null;
    List<String> headers = new ArrayList<>();
    for (int i = 0; i < words.size(); i++) {
      switch (words.get(i)) {
        case "-s" -> { }
        case "-X" -> method = words.get(++i);
        case "-H" -> {
          String[] header = words.get(++i).split(":\\s*", 2);
          headers.add(header[0]);
          headers.add(header[1]);
        }
        case "-d" -> body = words.get(++i);
        default -> url = words.get(i);
      }
    }
    if (url == null || !url.startsWith(DOCUMENTED_BASE)) {
      fail("a curl of the guide must name " + DOCUMENTED_BASE + ": " + curl);
    }
    // curl sends a search's < and > as they are (the API takes them); a URI encodes them.
    String path = url.substring(DOCUMENTED_BASE.length()).replace(">", "%3E").replace("<", "%3C");
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    return api.send(request, headers.toArray(String[]::new));
  }

  private static JsonNode anonymised(JsonNode node) {
    if (node instanceof ObjectNode object) {
      for (String name : List.copyOf(object.propertyNames())) {
        if (VOLATILE.contains(name) && !object.get(name).isNull()) {
          object.put(name, ANY);
        } else {
          anonymised(object.get(name));
        }
      }
    } else if (node != null && node.isArray()) {
      node.forEach(TaskApiGuideIT::anonymised);
    }
    return node;
  }

  /** Equal, but {@code "…"} in {@code wanted} matches any value. */
  static boolean matches(JsonNode wanted, JsonNode actual) {
    if (wanted.isString() && ANY.equals(wanted.asString())) {
      return actual != null;
    }
    if (actual == null || wanted.getNodeType() != actual.getNodeType()) {
      return false;
    }
    if (wanted.isObject()) {
      if (!Set.copyOf(wanted.propertyNames()).equals(Set.copyOf(actual.propertyNames()))) {
        return false;
      }
      for (String name : wanted.propertyNames()) {
        if (!matches(wanted.get(name), actual.get(name))) {
          return false;
        }
      }
      return true;
    }
    if (wanted.isArray()) {
      if (wanted.size() != actual.size()) {
        return false;
      }
      for (int i = 0; i < wanted.size(); i++) {
        if (!matches(wanted.get(i), actual.get(i))) {
          return false;
        }
      }
      return true;
    }
    return wanted.equals(actual);
  }
}
