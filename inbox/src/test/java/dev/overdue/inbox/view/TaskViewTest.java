package dev.overdue.inbox.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.StatusInfo;
import dev.overdue.api.http.Actions;
import dev.overdue.inbox.InboxSettings;
import dev.overdue.inbox.api.Answers;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A task page's model from the API's answers: the task operations' buttons, fields and comments. */
class TaskViewTest {
  private static final Instant NOW = Instant.parse("2026-11-27T08:00:00Z");
  private static final TaskView VIEW =
      new TaskView(new InboxSettings(null, null, null, null, null, ZoneId.of("Europe/Zurich"), List.of(), null, null));
  /** manager is delegated by alice to dora; finance was skipped; two comments, of five made. */
  private static final StatusInfo STATUS = json(StatusInfo.class, "{'requestId':'PO-1','requester':'carol','state':'ACTIVE',"
      + "'currentStep':'manager','steps':[{'name':'finance','title':'Finance','state':'OBSOLETE','outcome':'SKIPPED',"
      + "'decidedBy':'frank','comment':'under the limit'},{'name':'manager','title':'Manager approval',"
      + "'state':'RESERVED','owner':'dora','delegatedBy':'alice','priority':3}],"
      + "'comments':[{'at':'2026-11-27T07:55:00Z','step':'manager','user':'bob','text':'Quote?'},"
      + "{'at':'2026-11-27T07:58:00Z','step':'manager','user':'carol','text':'Page 2.'}],'commentCount':5}");

  /** The API's answer, as the inbox reads it. */
  private static <T> T json(Class<T> type, String text) {
    return Answers.read(text.replace('\'', '"').getBytes(StandardCharsets.UTF_8), type);
  }

  private static Map<String, Object> model(String... actions) {
    String list = String.join("','", actions);
    return VIEW.of(STATUS, List.of(), List.of(), json(Actions.class, "{'actions':['" + list + "']}"), "dora", NOW);
  }

  @Test
  void onlyTheListedOperationsAreOfferedAndHandingBackNamesTheDelegator() {
    TaskActions.Offer offer = (TaskActions.Offer) model("approve", "resolve", "stop", "comment").get("offer");
    assertEquals(List.of("Approve"), offer.decide().stream().map(TaskActions.Button::label).toList());
    assertEquals(List.of("Hand back to alice"), offer.task().stream().map(TaskActions.Button::label).toList());
    assertEquals(List.of("stop"), offer.more().stream().map(TaskActions.Form::action).toList());
    assertTrue(offer.canComment(), "a comment is its own form, not a button among these");

    TaskActions.Offer admin = (TaskActions.Offer) model("delegate", "forward", "nominate", "skip", "set-priority").get("offer");
    assertEquals(List.of("Hand to someone", "Pass on", "Add people", "Skip this step", "Change priority"),
        admin.more().stream().map(TaskActions.Form::button).toList());
    assertTrue(admin.decide().isEmpty() && !admin.canComment());
  }

  @Test
  void theStepsSayDelegatedAndSkippedAndTheCommentsWhoWhenAndWhat() {
    Map<String, Object> model = model();
    @SuppressWarnings("unchecked")
    List<StepRows.Row> steps = (List<StepRows.Row>) model.get("steps");
    assertTrue(steps.get(0).what().startsWith("Skipped by frank"), steps.get(0).toString());
    assertNull(steps.get(0).delegatedBy());
    assertEquals("alice", steps.get(1).delegatedBy());
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> comments = (List<Map<String, Object>>) model.get("comments");
    assertEquals(2, comments.size());
    assertEquals("bob", comments.get(0).get("user"));
    assertEquals("Quote?", comments.get(0).get("text"));
    assertEquals("Manager approval", comments.get(0).get("step"));
    assertEquals("5 min ago", comments.get(0).get("when"));
    assertEquals("Fri 27 Nov 2026, 08:55 CET", comments.get(0).get("exact"));
    assertEquals("3 earlier comments are no longer kept.", model.get("earlierComments"));
  }

  @Test
  void aPriorityAndAnOutcomeReadAsWords() {
    assertEquals("normal", Words.priority(5));
    assertEquals("Skipped", Words.outcome("SKIPPED"));
    assertEquals("Approved", Words.outcome("APPROVED"));
    assertEquals("Needs legal", Words.outcome("needs-legal"));
  }
}
