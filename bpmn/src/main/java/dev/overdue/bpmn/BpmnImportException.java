package dev.overdue.bpmn;

/** A file the import cannot read as one process: not BPMN, or no process, or several and none chosen. */
public final class BpmnImportException extends Exception {
  public BpmnImportException(String message) {
    super(message);
  }
}
