package dev.overdue.http.approvals;

import dev.overdue.http.problems.ApiProblem;
import java.util.List;
import java.util.Map;

/**
 * The bodies the task actions take, one record each, so the OpenAPI document shows each action's
 * own fields and an unknown field is refused by name. The user is never a field: it is the caller.
 */
final class ActionBodies {
  private ActionBodies() {}

  /** claim, release, start, stop: {@code step}, when given, must name the current step (a stale list is refused, not applied to the next step). */
  record Step(String step) {}

  /** approve, reject: a comment for the trail, and output merged into the approval's data (JSON Merge Patch). */
  record Decision(String comment, Map<String, Object> output) {}

  /** complete: the outcome (approved, rejected, or one the step names), with a comment and output. */
  record Completion(String outcome, String comment, Map<String, Object> output) {}

  /** reassign: users, groups and the roles potentialOwners, owner, requester, manager. */
  record Reassignment(List<String> to) {}

  /** update-data: merged into the approval's data (JSON Merge Patch: a member set to null is removed). */
  record DataUpdate(Map<String, Object> data) {}

  /** delegate: the one person who then holds the step, with a comment for the trail. */
  record Delegation(String to, String comment) {}

  /** resolve: a comment for the trail. */
  record Resolution(String comment) {}

  /** forward: users, groups and roles (as for reassign) who join; the caller leaves. */
  record Forwarding(List<String> to, String comment) {}

  /** nominate: users, groups and roles added to the step's potential owners. */
  record Nomination(List<String> to) {}

  /** skip: why the step is not needed. */
  record Skipping(String reason) {}

  /** set-priority: 0 (highest) to 10 (lowest). */
  record Priority(Integer priority) {}

  /** comment: the text added to the step's comments. */
  record Note(String text) {}

  /** set-follow-up: a date-time with an offset, a duration from now (P2D), or {@code none} to clear it. */
  record FollowUp(String at) {}

  /** {@code to} when it names one or more users, groups or roles; 400 naming the field otherwise. */
  static List<String> names(List<String> to) {
    if (to == null || to.isEmpty() || to.stream().anyMatch(name -> name == null || name.isBlank())) {
      throw ApiProblem.badInput("to", "required: one or more users, groups or roles");
    }
    return to;
  }

  /** {@code value} when it is not blank; 400 naming {@code field} otherwise. */
  static String text(String value, String field, String what) {
    if (value == null || value.isBlank()) {
      throw ApiProblem.badInput(field, "required: " + what);
    }
    return value;
  }
}
