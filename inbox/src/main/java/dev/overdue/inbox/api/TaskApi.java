package dev.overdue.inbox.api;

import dev.overdue.inbox.InboxSettings;
import dev.overdue.inbox.security.ApiCredentials;
import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;
import org.springframework.web.util.UriBuilder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The task API as the inbox calls it, for the signed-in person: {@link #forSignedIn} reads their
 * credentials once (on the request's thread), and the {@link Calls} it returns may then be used
 * from any thread, so a page's reads can run side by side.
 */
@Component
public class TaskApi {
  private static final ObjectMapper JSON = JsonMapper.builder().build();

  private final RestClient rest;
  private final ApiCredentials credentials;

  TaskApi(InboxSettings settings, ApiCredentials credentials) {
    var factory = new JdkClientHttpRequestFactory(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build());
    // Past the API's own answer timeout (10 s), so its 504 with a reason arrives rather than ours.
    factory.setReadTimeout(Duration.ofSeconds(15));
    this.rest = RestClient.builder().baseUrl(settings.apiUrl().toString()).requestFactory(factory).build();
    this.credentials = credentials;
  }

  /** Calls made for whoever is signed in on this thread's request. */
  public Calls forSignedIn() {
    HttpHeaders headers = new HttpHeaders();
    Object person = credentials.addTo(headers);
    return new Calls(headers, person);
  }

  /** One person's calls. */
  public final class Calls {
    private final HttpHeaders headers;
    private final Object person;

    private Calls(HttpHeaders headers, Object person) {
      this.headers = headers;
      this.person = person;
    }

    /** Whom the calls are for, as signed in (a principal): what the API says about them holds for them only. */
    public Object person() {
      return person;
    }

    /**
     * {@code GET path}'s answer as the contract's {@code type} ({@link Answers}), with {@code
     * query}'s non-blank parameters; {@code path}'s {…} filled by {@code variables}.
     */
    public <T> T get(Class<T> type, String path, Map<String, String> query, Object... variables) {
      return Answers.read(body(path, query, variables), type);
    }

    /** The same for an answer that is a list of {@code element}. */
    public <T> List<T> list(Class<T> element, String path, Map<String, String> query, Object... variables) {
      return Answers.list(body(path, query, variables), element);
    }

    private byte[] body(String path, Map<String, String> query, Object... variables) {
      return rest.get()
          .uri(uri -> build(uri.path(path), query, variables))
          .headers(h -> h.addAll(headers))
          .accept(MediaType.APPLICATION_JSON)
          .retrieve()
          .onStatus(HttpStatusCode::isError, (request, response) -> { throw problem(response); })
          .body(byte[].class);
    }

    /** {@code POST path} with a JSON body; {@code key} makes a repeated submit act once. */
    public JsonNode post(String path, Object body, String key, Object... variables) {
      return rest.post()
          .uri(uri -> build(uri.path(path), Map.of(), variables))
          .headers(h -> {
            h.addAll(headers);
            if (key != null) {
              h.set("Idempotency-Key", key);
            }
          })
          .contentType(MediaType.APPLICATION_JSON)
          .body(body)
          .retrieve()
          .onStatus(HttpStatusCode::isError, (request, response) -> { throw problem(response); })
          .body(JsonNode.class);
    }

    /** {@code DELETE path}. */
    public void delete(String path, Object... variables) {
      rest.delete()
          .uri(uri -> build(uri.path(path), Map.of(), variables))
          .headers(h -> h.addAll(headers))
          .retrieve()
          .onStatus(HttpStatusCode::isError, (request, response) -> { throw problem(response); })
          .toBodilessEntity();
    }
  }

  private static java.net.URI build(UriBuilder uri, Map<String, String> query, Object... variables) {
    Map<String, Object> values = new java.util.HashMap<>();
    // Values by position (q0, q1, …): a name such as data.amount> is no template variable's name.
    // A data search without a value (data.amount>10000) is passed on as it is, empty.
    query.forEach((name, value) -> {
      boolean dataSearch = name.startsWith("data.") && value != null;
      if (dataSearch || value != null && !value.isBlank()) {
        String variable = "q" + values.size();
        uri.queryParam(name, "{" + variable + "}");
        values.put(variable, value);
      }
    });
    // Path variables by position, named v0, v1, … in the path ("/api/v1/approvals/{v0}").
    for (int i = 0; i < variables.length; i++) {
      values.put("v" + i, variables[i]);
    }
    return uri.build(values);
  }

  /** The problem+json body's detail, else its title, else the status alone. */
  private static ApiProblem problem(ClientHttpResponse response) throws IOException {
    int status = response.getStatusCode().value();
    String body = new String(response.getBody().readAllBytes(), StandardCharsets.UTF_8);
    String detail;
    try {
      JsonNode problem = JSON.readTree(body);
      detail = problem.path("detail").asString(problem.path("title").asString(""));
    } catch (RuntimeException notJson) {
      detail = "";
    }
    return new ApiProblem(status, detail.isBlank() ? "the task API answered " + status : detail);
  }
}
