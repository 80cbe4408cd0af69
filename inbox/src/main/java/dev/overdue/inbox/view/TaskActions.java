package dev.overdue.inbox.view;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.Declarations;
import dev.overdue.api.Declared;
import dev.overdue.api.Input;
import dev.overdue.api.StepInfo;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a task page offers one person, made of each command's page declaration ({@link
 * Declared.Page}) and filtered by the {@code actions} query: the decision's buttons, the quiet
 * buttons beside them (take it, give it back), and "More actions", each a small form with only its
 * own fields. Nothing is offered that the workflow would refuse from this person now.
 */
public final class TaskActions {
  /** A button: the {@code action} it posts, its words, and for a named outcome the outcome. */
  public record Button(String action, String value, String label) {}

  /**
   * One field of a "More actions" form, named as the command's field; exactly one control flag is
   * set: a line, names, a text box, a day, a choice ({@code choices}), or a detail of the request
   * and its new value.
   */
  public record Field(String id, String name, String ask, String hint, boolean required, boolean isLine,
      boolean isText, boolean isDate, boolean isChoice, boolean isDetail, List<Map<String, Object>> choices) {}

  /** An action behind "More actions": its button, what it does, its own fields. */
  public record Form(String action, String button, String explain, List<Field> fields) {}

  /** What the page offers: {@code decide} and {@code task} buttons, {@code more} forms. */
  public record Offer(List<Button> decide, List<Button> task, List<Form> more, boolean canDecide,
      boolean canComment, String commentLabel) {
    public boolean isEmpty() {
      return decide.isEmpty() && task.isEmpty() && more.isEmpty();
    }
  }

  private TaskActions() {}

  /**
   * The offer for {@code allowed} (the actions query's answer) on {@code step} (null once ended);
   * {@code details} are the request's data rows a person may correct.
   */
  public static Offer of(List<String> allowed, StepInfo step, List<DataRows.Row> details) {
    List<Button> decide = new ArrayList<>();
    List<Button> task = new ArrayList<>();
    List<Form> more = new ArrayList<>();
    String commentLabel = null;
    for (Map.Entry<String, Class<? extends ApprovalCommand>> action : Declarations.actions().entrySet()) {
      Declared.Page page = Declarations.page(action.getValue());
      String name = action.getKey();
      if (page == null || !allowed.contains(name)) {
        continue;
      }
      switch (page.place()) {
        case DECIDE -> {
          if (name.equals("complete")) {
            outcomes(step).forEach(outcome -> decide.add(new Button(name, name + ":" + outcome, Words.label(outcome))));
          } else {
            decide.add(new Button(name, name, page.button()));
          }
          commentLabel = commentLabel == null ? ask(action.getValue(), "comment") : commentLabel;
        }
        case TASK -> {
          task.add(new Button(name, name, taskLabel(name, page.button(), step)));
          if (name.equals("resolve")) {
            commentLabel = commentLabel == null ? ask(action.getValue(), "comment") : commentLabel;
          }
        }
        case MORE -> more.add(new Form(name, page.button(), page.explain(), fields(name, action.getValue(), step, details)));
        case COMMENT -> { }
      }
    }
    return new Offer(decide, task, more, allowed.contains("approve") || allowed.contains("complete"),
        allowed.contains("comment"), commentLabel);
  }

  /** Whether the task page offers {@code action} at all. */
  public static boolean offered(String action) {
    Class<? extends ApprovalCommand> type = Declarations.actions().get(action);
    return type != null && Declarations.page(type) != null;
  }

  /** The button's words of {@code action}, for a prepared action's confirmation. */
  public static String button(String action) {
    Class<? extends ApprovalCommand> type = Declarations.actions().get(action);
    Declared.Page page = type == null ? null : Declarations.page(type);
    return page == null ? action : page.button();
  }

  /** A task button's words, with whom it concerns where the step says: "Hand back to alice", "Remind bob now". */
  private static String taskLabel(String action, String button, StepInfo step) {
    if (step == null) {
      return button;
    }
    if (action.equals("resolve") && step.delegatedBy() != null) {
      return "Hand back to " + step.delegatedBy();
    }
    if (action.equals("nudge")) {
      List<String> waitsFor = step.owner() != null ? List.of(step.owner())
          : step.potentialOwners() == null ? List.of() : step.potentialOwners();
      if (!waitsFor.isEmpty() && waitsFor.size() <= 3) {
        return "Remind " + Words.list(waitsFor) + " now";
      }
    }
    return button;
  }

  private static List<String> outcomes(StepInfo step) {
    return step == null || step.outcomes() == null ? List.of() : step.outcomes();
  }

  private static String ask(Class<? extends ApprovalCommand> type, String field) {
    return Declarations.fields(type).stream()
        .filter(f -> f.getName().equals(field))
        .map(f -> Declarations.input(f).ask())
        .filter(ask -> !ask.isEmpty())
        .findFirst()
        .orElse(null);
  }

  /** The fields a person fills in for {@code action}: those its declaration asks for. */
  private static List<Field> fields(String action, Class<? extends ApprovalCommand> type, StepInfo step,
      List<DataRows.Row> details) {
    List<Field> fields = new ArrayList<>();
    for (RecordComponent component : Declarations.fields(type)) {
      Input input = Declarations.input(component);
      if (input.ask().isEmpty()) {
        continue;
      }
      String kind = input.label();
      boolean choice = kind.equals("N") && input.range().length == 2;
      boolean detail = kind.equals("JSON");
      List<Map<String, Object>> choices = choice && step != null ? Words.priorities(step.priority())
          : detail ? details.stream().filter(row -> row.key() != null)
              .map(row -> Map.<String, Object>of("value", row.key(), "label", row.label())).toList()
          : List.of();
      fields.add(new Field(action + "-" + component.getName(), component.getName(), input.ask(), input.hint(),
          input.required(), !choice && !detail && !kind.equals("TEXT") && !kind.equals("WHEN"),
          kind.equals("TEXT"), kind.equals("WHEN"), choice, detail, choices));
    }
    return fields;
  }
}
