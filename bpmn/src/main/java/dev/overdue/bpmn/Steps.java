package dev.overdue.bpmn;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.camunda.bpm.model.bpmn.instance.UserTask;
import org.camunda.bpm.model.xml.instance.DomElement;

/**
 * Each user task on the path as a step: who may act (candidate users and groups, the assignee),
 * its priority on Overdue's scale, due and follow-up dates, its form, its timers as deadlines and
 * its decision's named outcomes ({@link TaskForm}, {@link Deadlines}, {@link Outcomes}). Whatever
 * else the task carries is reported.
 */
final class Steps {
  private Steps() {}

  /** The extensions a step reads; any other is reported. */
  private static final Set<String> READ =
      Set.of("camunda:formData", "camunda:taskListener", "zeebe:userTask", "zeebe:assignmentDefinition",
          "zeebe:taskSchedule", "zeebe:priorityDefinition", "zeebe:formDefinition");

  /** The steps of {@code stops}, named; {@code forms}: Camunda 8's embedded forms by id. */
  static RequestTree.Sequence of(
      List<Walk.Stop> stops, ProcessModel model, Map<String, String> forms, LinkedForms linked) {
    Set<String> taken = new HashSet<>();
    Map<String, String> names = new java.util.HashMap<>();
    for (Walk.Stop stop : stops) {
      String name = Names.of(stop.task().getId(), stop.task().getName(), taken);
      taken.add(name);
      names.put(stop.task().getId(), name);
    }
    RequestTree.Sequence steps = new RequestTree.Sequence();
    for (int i = 0; i < stops.size(); i++) {
      Walk.Stop stop = stops.get(i);
      UserTask task = stop.task();
      RequestTree.Mapping step = new RequestTree.Mapping().put("name", names.get(task.getId()));
      step.put("title", title(task));
      int reported = model.report().size();
      TaskAttributes attributes = TaskAttributes.of(task);
      people(task, attributes, step, model);
      if (!step.has("approvers") && !step.has("candidateGroups") && !step.has("assignee") && model.report().size() == reported) {
        model.unmapped(task, "it names nobody who may act on it: an Overdue step needs candidate users, groups or an assignee", true);
      }
      schedule(task, attributes, step, model);
      TaskForm.of(task, stop.decision(), model, forms, linked).ifPresent(form -> step.put("form", form.schema(), form.source()));
      RequestTree.Sequence deadlines = Deadlines.of(task, stop.decision().approve(), model);
      if (!deadlines.isEmpty()) {
        step.put("completionDeadlines", deadlines);
      }
      RequestTree.Sequence outcomes = Outcomes.of(stops, i, names, model);
      if (!outcomes.isEmpty()) {
        step.put("outcomes", outcomes);
      }
      if (task.getLoopCharacteristics() != null) {
        model.unmapped(task, "a multi-instance task (one task per item): an Overdue step is one task", true);
      }
      for (DomElement extension : ProcessModel.extensions(task)) {
        String label = ProcessModel.label(extension);
        if (label.equals("camunda:taskListener") && !"timeout".equals(extension.getAttribute("event"))) {
          model.unmapped(Optional.ofNullable(extension.getAttribute("id")).orElse(task.getId()), label,
              "a listener on '" + extension.getAttribute("event") + "' runs code Overdue does not run; a step's listeners notify and warn", true);
        } else if (label.endsWith(":properties") || label.equals("zeebe:taskHeaders")) {
          model.unmapped(task.getId(), label, "metadata with no counterpart, which changes nothing Overdue does", false);
        } else if (!READ.contains(label)) {
          model.unmapped(task.getId(), label, "Overdue has no counterpart for it", true);
        }
      }
      steps.add(step, "BPMN userTask " + "\"" + step.get("title") + "\" (" + task.getId() + ")");
    }
    return steps;
  }

  private static void people(UserTask task, TaskAttributes attributes, RequestTree.Mapping step, ProcessModel model) {
    for (var field : List.of(Map.entry("approvers", attributes.candidateUsers()), Map.entry("candidateGroups", attributes.candidateGroups()))) {
      TaskAttributes.Value value = field.getValue();
      if (value.given()) {
        Optional<List<String>> names = Expressions.names(value.text());
        if (names.isPresent()) {
          step.put(field.getKey(), RequestTree.Sequence.of(names.get()), value.source());
        } else {
          model.unmapped(task.getId(), value.source(), "the expression " + value.text().strip() + " is not a list of names: a step's " + field.getKey() + " are names", true);
        }
      }
    }
    TaskAttributes.Value assignee = attributes.assignee();
    if (assignee.given()) {
      optionalValue(task, assignee, model, "who the step “" + title(task) + "” is assigned to").ifPresent(v -> step.put("assignee", v, assignee.source()));
    }
    TaskAttributes.Value priority = attributes.priority();
    if (priority.given()) {
      try {
        int camunda = Integer.parseInt(priority.text().strip());
        int overdue = (int) Math.round((100 - Math.max(0, Math.min(100, camunda))) / 10.0);
        step.put("priority", overdue, priority.source() + " " + camunda + " (0–100, higher first) on Overdue's scale (0 first – 10)");
      } catch (NumberFormatException e) {
        model.unmapped(task.getId(), priority.source(), "the priority " + priority.text().strip() + " is not a number: a step's priority is one", true);
      }
    }
  }

  private static void schedule(UserTask task, TaskAttributes attributes, RequestTree.Mapping step, ProcessModel model) {
    TaskAttributes.Value due = attributes.dueDate();
    Optional<DateTimeArithmetic.Period> fromCreation = due.given() ? DateTimeArithmetic.of(due.text()) : Optional.empty();
    if (fromCreation.isPresent() && fromCreation.get().refusal() != null) {
      model.unmapped(task.getId(), due.source(), "the due date " + due.text().strip() + ": " + fromCreation.get().refusal(), true);
    } else if (fromCreation.isPresent()) {
      step.put("timeout", fromCreation.get().duration(), due.source() + " " + due.text().strip() + ": "
          + fromCreation.get().duration() + " from the task's creation, when the task is overdue (Overdue raises a warning; Camunda shows it overdue)");
    } else if (due.given() && Timer.inMonthsOrYears(due.text())) {
      model.unmapped(task.getId(), due.source(), "the due date " + due.text().strip()
          + " counts months or years, which have no fixed length in Overdue (write days, P30D)", true);
    } else if (due.given()) {
      optionalValue(task, due, model, "when the step “" + title(task) + "” is due").ifPresent(v -> step.put("timeout", v,
          due.source() + ": the task is overdue then (Overdue raises a warning; Camunda shows it overdue)"));
    }
    TaskAttributes.Value followUp = attributes.followUpDate();
    if (followUp.given() && Expressions.isExpression(followUp.text())) {
      // Nothing runs at a follow-up date: one left out changes only which list shows the task.
      model.unmapped(task.getId(), followUp.source(), "the follow-up date " + followUp.text().strip()
          + " is an expression: a step's followUp is a duration or a date-time, so it is left out", false);
    } else if (followUp.given() && Timer.inMonthsOrYears(followUp.text())) {
      model.unmapped(task.getId(), followUp.source(), "the follow-up date " + followUp.text().strip()
          + " counts months or years, which have no fixed length in Overdue, so it is left out", false);
    } else if (followUp.given()) {
      step.put("followUp", followUp.text().strip(), followUp.source());
    }
  }

  private static Optional<String> optionalValue(UserTask task, TaskAttributes.Value value, ProcessModel model, String use) {
    Optional<String> mapped = model.value(value.text(), use);
    if (mapped.isEmpty()) {
      model.unmapped(task.getId(), value.source(), "the expression " + value.text().strip() + " is not a plain variable: only those map (to =data.…)", true);
    }
    return mapped;
  }

  static String title(UserTask task) {
    return task.getName() == null ? task.getId() : Names.text(task.getName());
  }

}
