package dev.overdue.worker.index;

import dev.overdue.api.index.IndexedApproval;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How the task index's row of an approval differs from what the approval says it should hold
 * ({@code indexed}), in words an operator reads: missing, behind (an older change number), or
 * different at the same number (a row someone edited, or a bug). Null when they agree. Dates are
 * compared to the microsecond, as the index keeps them; the end's time not at all: the workflow's
 * clock at a query of a closed run is not its clock at the end.
 */
record Drift(String workflowId, String chainId, String kind, String detail) {

  static Drift of(IndexedApproval stored, IndexedApproval wanted) {
    if (stored == null) {
      return new Drift(wanted.workflowId(), wanted.chainId(), "missing",
          "not in the index (the approval is at change " + wanted.seq() + ", " + where(wanted) + ")");
    }
    List<String> fields = differences(stored, wanted);
    if (stored.seq() < wanted.seq()) {
      return new Drift(wanted.workflowId(), wanted.chainId(), "behind", "the index holds change " + stored.seq()
          + ", the approval is at " + wanted.seq() + (fields.isEmpty() ? "" : ": " + String.join(", ", fields)));
    }
    if (stored.seq() == wanted.seq() && !fields.isEmpty()) {
      return new Drift(wanted.workflowId(), wanted.chainId(), "differs",
          "at change " + wanted.seq() + ": " + String.join(", ", fields));
    }
    return null;
  }

  /** One line: {@code approval-PO-1 behind: the index holds change 3, the approval is at 5: step manager → finance}. */
  String line() {
    return workflowId + " " + kind + ": " + detail;
  }

  private static String where(IndexedApproval row) {
    return row.step() == null ? row.state() : row.state() + " at step " + row.step();
  }

  private static List<String> differences(IndexedApproval a, IndexedApproval b) {
    List<String> fields = new ArrayList<>();
    compare(fields, "state", a.state(), b.state());
    compare(fields, "step", a.step(), b.step());
    compare(fields, "task", a.taskState(), b.taskState());
    compare(fields, "owner", a.owner(), b.owner());
    compare(fields, "claimants", a.claimants(), b.claimants());
    compare(fields, "candidate groups", a.candidateGroups(), b.candidateGroups());
    compare(fields, "excluded", a.excludedOwners(), b.excludedOwners());
    compare(fields, "priority", a.priority(), b.priority());
    compare(fields, "due", micros(a.dueDate()), micros(b.dueDate()));
    compare(fields, "follow-up", micros(a.followUp()), micros(b.followUp()));
    compare(fields, "next deadline", micros(a.nextDeadline()), micros(b.nextDeadline()));
    compare(fields, "title", a.title(), b.title());
    compare(fields, "requester", a.requester(), b.requester());
    compare(fields, "run", a.runId(), b.runId());
    compare(fields, "decided by", a.decidedBy(), b.decidedBy());
    compare(fields, "warnings", a.hasWarnings(), b.hasWarnings());
    compare(fields, "unworkable", a.unworkable(), b.unworkable());
    compare(fields, "facts", a.facts(), b.facts());
    compare(fields, "data", a.data(), b.data());
    return fields;
  }

  /** An instant as the index keeps it: to the microsecond (PostgreSQL's timestamptz), as the workflow's may have nanoseconds. */
  private static String micros(String instant) {
    return instant == null ? null : Instant.parse(instant).truncatedTo(ChronoUnit.MICROS).toString();
  }

  private static void compare(List<String> fields, String name, Object held, Object wanted) {
    if (!Objects.equals(held, wanted)) {
      fields.add(name + " " + held + " → " + wanted);
    }
  }
}
