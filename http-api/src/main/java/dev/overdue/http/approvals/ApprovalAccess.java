package dev.overdue.http.approvals;

import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.http.security.Caller;
import java.util.List;

/**
 * Who may see an approval through the API: an administrator, its requester, its business
 * administrators (who manage its steps), and everyone any of its steps names — candidate users,
 * members of its candidate groups (by the caller's groups, or as the worker's directory resolved
 * them), its assignee, owner, delegator and decider. Everyone else is told it does not exist, as
 * for an id that names nothing.
 */
final class ApprovalAccess {
  private ApprovalAccess() {}

  static boolean maySee(Caller caller, StatusInfo status) {
    if (caller.admin() || caller.user().equals(status.requester())
        || contains(status.businessAdministrators(), caller.user())) {
      return true;
    }
    return status.steps().stream().anyMatch(step -> names(step, caller));
  }

  private static boolean names(StepInfo step, Caller caller) {
    String user = caller.user();
    return user.equals(step.owner()) || user.equals(step.decidedBy()) || user.equals(step.assignee())
        || user.equals(step.delegatedBy())
        || contains(step.approvers(), user) || contains(step.potentialOwners(), user)
        || (step.candidateGroups() != null && step.candidateGroups().stream().anyMatch(caller.groups()::contains));
  }

  private static boolean contains(List<String> names, String user) {
    return names != null && names.contains(user);
  }
}
