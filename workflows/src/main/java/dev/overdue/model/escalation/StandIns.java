package dev.overdue.model.escalation;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.model.task.OwnerLookup;
import dev.overdue.model.task.PotentialOwners;
import dev.overdue.model.task.TaskState;
import dev.overdue.model.task.UserTask;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Substitutes for people who are away, as the worker's directory said when the task's owners were
 * looked up: an absent potential owner's substitute joins the potential owners, and an absent
 * assignee's substitute is assigned the task (while nobody has started it). Nobody is taken off:
 * the absent person may still act, and a substitute stays until the task is reassigned.
 */
final class StandIns {
  private StandIns() {}

  /** Applies {@code standIns} to {@code task}; returns what it did, for the lookup's outcome. */
  static String apply(
      EscalationContext process, Notices notices, UserTask task, List<OwnerLookup.StandIn> standIns, int number, Instant now) {
    List<String> said = new ArrayList<>();
    for (OwnerLookup.StandIn standIn : standIns) {
      String away = standIn.user();
      String substitute = standIn.substitute();
      boolean assigned =
          away.equals(task.owners().assignee()) && task.owner().filter(away::equals).isPresent()
              && task.state() == TaskState.RESERVED;
      boolean involved = task.owners().includes(away) || task.owner().filter(away::equals).isPresent();
      if (!involved || substitute == null || substitute.equals(away) || task.duties().excludes(substitute)) {
        continue;
      }
      if (assigned) {
        task.assignStandIn(substitute);
        process.ownerChanged(task, now);
      } else if (!task.owners().includes(substitute)) {
        task.setOwners(task.owners().plus(PotentialOwners.users(List.of(substitute))), number);
      } else {
        continue;
      }
      String text = substitute + " stands in for " + away
          + (standIn.until() == null ? " (away)" : " (away until " + standIn.until() + ")");
      said.add(text);
      ObjectNode detail = JsonNodeFactory.instance.objectNode();
      detail.put("step", task.name());
      detail.put("user", away);
      detail.put("substitute", substitute);
      detail.put("until", standIn.until());
      detail.put("assigned", assigned);
      process.trail().event(now, "StandIn", detail);
      notices.tellReassigned(task, List.of(substitute), null, "stand-in for " + away, now);
    }
    return said.isEmpty() ? "" : "; " + String.join("; ", said);
  }
}
