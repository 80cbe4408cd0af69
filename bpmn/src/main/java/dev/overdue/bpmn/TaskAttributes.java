package dev.overdue.bpmn;

import org.camunda.bpm.model.bpmn.instance.UserTask;
import org.camunda.bpm.model.xml.instance.DomElement;

/**
 * A user task's settings as written, whichever engine's: Camunda 7 keeps them in attributes
 * ({@code camunda:assignee}), Camunda 8 in extension elements ({@code zeebe:assignmentDefinition
 * assignee}). Each value comes with the name it has in the file, for comments and the report.
 */
record TaskAttributes(
    Value assignee, Value candidateUsers, Value candidateGroups, Value priority, Value dueDate, Value followUpDate) {

  /** A value and where the file keeps it; text null when the task does not set it. */
  record Value(String text, String source) {
    boolean given() {
      return text != null && !text.isBlank();
    }
  }

  static TaskAttributes of(UserTask task) {
    DomElement assignment = ProcessModel.zeebe(task, "assignmentDefinition").orElse(null);
    DomElement schedule = ProcessModel.zeebe(task, "taskSchedule").orElse(null);
    DomElement priority = ProcessModel.zeebe(task, "priorityDefinition").orElse(null);
    return new TaskAttributes(
        value(task, "assignee", assignment, "zeebe:assignmentDefinition"),
        value(task, "candidateUsers", assignment, "zeebe:assignmentDefinition"),
        value(task, "candidateGroups", assignment, "zeebe:assignmentDefinition"),
        value(task, "priority", priority, "zeebe:priorityDefinition"),
        value(task, "dueDate", schedule, "zeebe:taskSchedule"),
        value(task, "followUpDate", schedule, "zeebe:taskSchedule"));
  }

  private static Value value(UserTask task, String name, DomElement zeebe, String zeebeName) {
    String camunda = ProcessModel.camunda(task, name);
    if (camunda != null) {
      return new Value(camunda, "camunda:" + name);
    }
    String value = zeebe == null ? null : zeebe.getAttribute(name);
    return new Value(value, zeebeName + " " + name);
  }
}
