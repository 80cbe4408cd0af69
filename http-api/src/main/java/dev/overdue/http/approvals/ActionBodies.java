package dev.overdue.http.approvals;

import java.util.List;
import java.util.Map;

/**
 * The bodies the task actions take, one record each, so the OpenAPI document shows each action's
 * own fields and an unknown field is refused by name. The user is never a field: it is the caller.
 */
final class ActionBodies {
  private ActionBodies() {}

  /** claim, release, start: {@code step}, when given, must name the current step (a stale list is refused, not applied to the next step). */
  record Step(String step) {}

  /** approve, reject: a comment for the trail, and output merged into the approval's data (JSON Merge Patch). */
  record Decision(String comment, Map<String, Object> output) {}

  /** complete: the outcome (approved, rejected, or one the step names), with a comment and output. */
  record Completion(String outcome, String comment, Map<String, Object> output) {}

  /** reassign: users, groups and the roles potentialOwners, owner, requester, manager. */
  record Reassignment(List<String> to) {}

  /** update-data: merged into the approval's data (JSON Merge Patch: a member set to null is removed). */
  record DataUpdate(Map<String, Object> data) {}
}
