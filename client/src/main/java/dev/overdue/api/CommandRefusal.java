package dev.overdue.api;

/**
 * An exception by which an approval refuses what it was asked. Converted with {@link
 * dev.overdue.client.ApprovalDataConverter}, it reaches every client — this one, the Temporal CLI,
 * the Web UI — as a final failure of type {@link ApprovalWorkflow#REFUSED} whose message is the
 * reason.
 */
public interface CommandRefusal {}
