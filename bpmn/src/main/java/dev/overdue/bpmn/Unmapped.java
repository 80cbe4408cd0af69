package dev.overdue.bpmn;

/**
 * A part of the model the request does not carry: the element's id, its kind (the BPMN or Camunda
 * element's name, e.g. {@code serviceTask}, {@code camunda:taskListener}) and why. One that
 * {@code blocks} sits on a user task's path, so the request would run differently from the model:
 * the import refuses unless asked for a partial request. One that does not block is done
 * Overdue's own way (a reminder's send task becomes Overdue's notification) or changes nothing
 * the approval does.
 */
public record Unmapped(String elementId, String kind, String reason, boolean blocks) {
  /** One line: {@code id (kind): reason}. */
  public String line() {
    return elementId + " (" + kind + "): " + reason;
  }
}
