package dev.overdue.activities.delivery;

import dev.overdue.activities.settings.InboxSettings;
import dev.overdue.workflow.activities.MessageContext;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A message's {@code links} into the web inbox: {@code task}, the request's task page
 * {@code <base>/tasks/<request id>}, and, for a recipient who could decide the step's task,
 * {@code approve} and {@code reject}: the same page with {@code ?action=approve&for=<recipient>}.
 *
 * <p>The links carry no secret, and need none: opening one never acts. The inbox shows the task
 * with the action prepared and asks the signed-in user to confirm, and prepares nothing when that
 * user is not {@code for}; the decision is then a command of that user, whose right to decide the
 * workflow checks as for any other. A mail scanner following the link changes nothing, and a
 * forwarded message gives its reader no right. So an action link is an offer to the right person,
 * never a grant, and offering it to someone who cannot decide (any more) costs only a refusal.
 */
public final class InboxLinks {
  /** Task events after which the task is no longer open: nothing is left to decide. */
  private static final Set<String> ENDED = Set.of("completed", "deleted");

  private final String base;

  private InboxLinks(String base) {
    this.base = base;
  }

  /** The links of {@code inbox}; null when none is configured, and then messages carry none. */
  public static InboxLinks of(InboxSettings inbox) {
    return inbox == null ? null : new InboxLinks(inbox.base());
  }

  /** The {@code links} scope of one message; null when it has no request to link to. */
  Map<String, Object> scope(NotificationEvent event, Recipient recipient, MessageContext context) {
    if (context.requestId() == null) {
      return null;
    }
    String task = base + "/tasks/" + encode(context.requestId());
    Map<String, Object> links = new LinkedHashMap<>();
    links.put("task", task);
    if (couldDecide(event, recipient, context)) {
      String forRecipient = "&for=" + encode(recipient.name());
      links.put("approve", task + "?action=approve" + forRecipient);
      links.put("reject", task + "?action=reject" + forRecipient);
    }
    return links;
  }

  /**
   * Whether the recipient could decide the step's task as far as the message's input tells: they
   * own it (and it has not ended), or the message goes to its deciders by construction — an offer
   * (the workflow sends it only to a name the task still waits for) or a reassignment (sent to the
   * new potential owners). Other messages (reminders, escalations, listeners) go to whoever a
   * handler names; their input does not list the potential owners, so only the owner gets actions.
   */
  static boolean couldDecide(NotificationEvent event, Recipient recipient, MessageContext context) {
    if (context.step() == null || recipient.name() == null) {
      return false;
    }
    if (recipient.name().equals(context.stepOwner())) {
      return context.taskEvent() == null || !ENDED.contains(context.taskEvent());
    }
    return switch (event) {
      case TASK_OFFERED -> true;
      // A group of the worker's directory may list a channel rather than a person.
      case REASSIGNED -> !recipient.name().startsWith("email:") && !recipient.name().startsWith("webhook:");
      default -> false;
    };
  }

  /**
   * Percent-encoding of everything but RFC 3986's unreserved characters, as UTF-8: right in a path
   * segment and in a query value alike (unlike URLEncoder's form encoding, whose {@code +} is a
   * space only in a query).
   */
  static String encode(String text) {
    StringBuilder encoded = new StringBuilder();
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
          || c == '-' || c == '.' || c == '_' || c == '~') {
        encoded.append(c);
      } else {
        encoded.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
            .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
      }
    }
    return encoded.toString();
  }
}
