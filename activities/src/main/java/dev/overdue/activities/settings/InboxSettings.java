package dev.overdue.activities.settings;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The web inbox approvers open their tasks in: {@code url}, its public base URL, which messages
 * link to ({@code <url>/tasks/<request id>}). Only the activities read it, when they render a
 * message: it is never part of an approval's input or history, so changing it changes the links of
 * messages sent from then on.
 */
public record InboxSettings(String url) {
  public InboxSettings {
    String problem = problem(url);
    if (problem != null) {
      throw new IllegalArgumentException("url " + problem);
    }
  }

  /**
   * Why {@code url} cannot be the inbox's base URL, or null when it can: an absolute http or https
   * URL with a host, a path if the inbox lives below one, a trailing slash or not; no query or
   * fragment (the links append a path to it) and no user or password (every recipient would read
   * them).
   */
  public static String problem(String url) {
    if (url == null || url.isBlank()) {
      return "is required";
    }
    String example = " like https://inbox.example.com";
    URI uri;
    try {
      uri = new URI(url.strip());
    } catch (URISyntaxException e) {
      return "is not a URL" + example + ": " + url;
    }
    // The authority, not the host: java.net.URI has no host for a name with an underscore.
    if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())
        || uri.getRawAuthority() == null) {
      return "must be an absolute http:// or https:// URL" + example + ": " + url;
    }
    if (uri.getRawAuthority().contains("@")) {
      return "must not hold a user or password: every recipient of a message reads it";
    }
    if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
      return "must have no ?query or #fragment: " + url;
    }
    return null;
  }

  /** The URL without trailing slashes, for {@code <base>/tasks/...}. */
  public String base() {
    return url.strip().replaceAll("/+$", "");
  }
}
