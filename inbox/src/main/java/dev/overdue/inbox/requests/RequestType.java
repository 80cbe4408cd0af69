package dev.overdue.inbox.requests;

import java.security.SecureRandom;
import java.time.LocalDate;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One kind of request people start from the inbox: an Overdue request without its {@code
 * requestId} and {@code requester}, which the inbox gives it, with a {@code title} and optionally a
 * {@code dataForm} that the "New request" page renders.
 *
 * @param name the file's name without {@code .json}: the page's address
 * @param idPrefix what every id of this type begins with
 * @param template the request as the file gives it, without {@code idPrefix}
 */
public record RequestType(String name, String idPrefix, ObjectNode template) {
  private static final String BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  /** Random characters after the year: 32^5, about 33.5 million numbers a year for each prefix. */
  private static final int CODE_LENGTH = 5;
  private static final SecureRandom RANDOM = new SecureRandom();

  public String title() {
    return template.path("title").asString();
  }

  /** The data form; a missing node when the type has none. */
  public JsonNode dataForm() {
    return template.path("dataForm");
  }

  /**
   * A new id, {@code <prefix>-<year>-<5 base32 characters>} ({@code INV-2026-K3QXA}): short enough
   * to say on the phone. Random rather than counted, as the inbox keeps no state: about 6,800
   * requests of one type in a year before two are as likely as not to meet, and then the API
   * refuses the taken id (409) and the page offers a new number.
   */
  public String newId(LocalDate today) {
    StringBuilder id = new StringBuilder(idPrefix).append('-').append(today.getYear()).append('-');
    for (int i = 0; i < CODE_LENGTH; i++) {
      id.append(BASE32.charAt(RANDOM.nextInt(BASE32.length())));
    }
    return id.toString();
  }

  /** Whether {@code id} is one {@link #newId} could have made: a page's id comes back from the browser. */
  public boolean madeIt(String id) {
    return id != null
        && Pattern.matches(Pattern.quote(idPrefix) + "-\\d{4}-[" + BASE32 + "]{" + CODE_LENGTH + "}", id);
  }

  /** The title this type gives step {@code name}; null when it has no such step or gives none. */
  public String stepTitle(String name) {
    for (JsonNode step : template.path("steps")) {
      if (step.path("name").asString("").equals(name) && step.path("title").isString()) {
        return step.path("title").asString();
      }
    }
    return null;
  }

  /** The request to start: the template with its id, title and the requester's data. */
  public ObjectNode request(String id, String title, ObjectNode data) {
    ObjectNode request = template.deepCopy();
    request.put("requestId", id);
    request.put("title", title);
    // The type's own data, then what the requester typed; no requester: the API names the caller.
    ObjectNode merged = template.path("data").isObject() ? (ObjectNode) template.get("data").deepCopy() : data.objectNode();
    merged.setAll(data);
    request.set("data", merged);
    return request;
  }
}
