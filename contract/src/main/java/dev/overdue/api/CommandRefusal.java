package dev.overdue.api;

/**
 * An exception by which an approval refuses what it was asked. Converted with the client's
 * {@code ApprovalDataConverter}, it reaches every client — this one, the Temporal CLI,
 * the Web UI — as a final failure of type {@code ApprovalWorkflow.REFUSED} whose message is the
 * reason.
 */
public interface CommandRefusal {}
