package dev.overdue.inbox.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.Declarations;
import dev.overdue.api.Input;
import dev.overdue.api.StepInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a task page offers, from the commands' page declarations and the actions query's answer. */
class TaskActionsTest {
  private static final List<DataRows.Row> DETAILS =
      List.of(new DataRows.Row("Amount (EUR)", "1,850", "amount"), new DataRows.Row("Supplier › Name", "ACME", null));

  private static StepInfo step(List<String> outcomes, String delegatedBy) {
    return new StepInfo("manager", "Manager approval", "RESERVED", "dora", List.of("alice"), null, null, null, null,
        outcomes, List.of(), List.of("alice"), null, 3, null, null, null, delegatedBy, null);
  }

  private static List<String> labels(List<TaskActions.Button> buttons) {
    return buttons.stream().map(TaskActions.Button::label).toList();
  }

  @Test
  void approveAndRejectAreTheOnlyDecisionsAndTakingItIsBesideThem() {
    TaskActions.Offer offer = TaskActions.of(List.of("claim", "approve", "reject", "reassign", "comment"), step(null, null), DETAILS);
    assertEquals(List.of("Approve", "Reject"), labels(offer.decide()));
    assertEquals(List.of("I'll take it"), labels(offer.task()));
    assertEquals(List.of("reassign"), offer.more().stream().map(TaskActions.Form::action).toList());
    assertTrue(offer.canDecide());
    assertTrue(offer.canComment());
    assertEquals("Comment (optional)", offer.commentLabel());
  }

  @Test
  void aStepsOwnOutcomesAreButtonsOfTheirOwn() {
    TaskActions.Offer offer = TaskActions.of(List.of("approve", "reject", "complete"), step(List.of("needs-legal"), null), DETAILS);
    assertEquals(List.of("Approve", "Reject", "Needs legal"), labels(offer.decide()));
    assertEquals("complete:needs-legal", offer.decide().get(2).value());
  }

  @Test
  void nothingTheActionsQueryLeftOutIsOffered() {
    TaskActions.Offer requester = TaskActions.of(List.of("update-data", "comment"), step(null, null), DETAILS);
    assertTrue(requester.decide().isEmpty());
    assertTrue(requester.task().isEmpty());
    assertFalse(requester.canDecide());
    assertEquals(List.of("update-data"), requester.more().stream().map(TaskActions.Form::action).toList());
    assertNull(requester.commentLabel(), "no decision's comment box beside the comments' own");
    assertTrue(TaskActions.of(List.of(), null, DETAILS).isEmpty());
  }

  @Test
  void eachMoreActionHasOnlyItsOwnFieldsEachWithItsControl() {
    TaskActions.Offer offer = TaskActions.of(List.of("delegate", "forward", "skip", "set-priority", "set-follow-up", "update-data"),
        step(null, null), DETAILS);
    TaskActions.Form delegate = form(offer, "delegate");
    assertEquals("Hand to someone", delegate.button());
    assertEquals("They look after it until they decide it or hand it back to you.", delegate.explain());
    assertEquals(List.of("to", "comment"), delegate.fields().stream().map(TaskActions.Field::name).toList());
    assertTrue(delegate.fields().get(0).isLine() && delegate.fields().get(0).required());
    assertEquals("delegate-to", delegate.fields().get(0).id(), "ids are the action's own");
    assertTrue(delegate.fields().get(1).isText());
    assertTrue(form(offer, "set-follow-up").fields().get(0).isDate());
    TaskActions.Field priority = form(offer, "set-priority").fields().get(0);
    assertTrue(priority.isChoice());
    assertEquals(11, priority.choices().size());
    assertEquals(Boolean.TRUE, priority.choices().get(3).get("selected"), "the step's priority chosen");
    TaskActions.Field detail = form(offer, "update-data").fields().get(0);
    assertTrue(detail.isDetail());
    assertEquals(List.of("amount"), detail.choices().stream().map(c -> c.get("value")).toList(),
        "a detail at the top may be corrected, a nested one not");
  }

  @Test
  void theDelegateHandsBackToWhoeverHandedItOver() {
    TaskActions.Offer offer = TaskActions.of(List.of("resolve", "approve"), step(null, "alice"), DETAILS);
    assertEquals(List.of("Hand back to alice"), labels(offer.task()));
  }

  @Test
  void theRequesterMayRemindWhomItWaitsForByName() {
    assertEquals(List.of("Remind dora now"), labels(TaskActions.of(List.of("nudge", "comment"), step(null, null), DETAILS).task()),
        "a claimed step waits for its owner");
  }

  /** Every field a page form asks for has a control the page can draw from its kind. */
  @Test
  void everyAskedFieldHasAKindThePageKnows() {
    for (Class<? extends ApprovalCommand> type : Declarations.actions().values()) {
      for (var field : Declarations.fields(type)) {
        Input input = Declarations.input(field);
        if (!input.ask().isEmpty()) {
          assertTrue(List.of("TEXT", "NAME", "USER", "N", "WHEN", "JSON").contains(input.label()),
              type.getSimpleName() + "." + field.getName());
        }
      }
    }
  }

  private static TaskActions.Form form(TaskActions.Offer offer, String action) {
    return offer.more().stream().filter(f -> f.action().equals(action)).findFirst().orElseThrow();
  }
}
