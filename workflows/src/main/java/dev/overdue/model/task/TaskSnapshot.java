package dev.overdue.model.task;

import dev.overdue.api.ApprovalRequest.ListenerDefinition;
import dev.overdue.api.ApprovalRequest.OutcomeDefinition;
import java.util.List;
import java.util.Map;

/** One step's task as a continue-as-new snapshot carries it ({@link UserTask#snapshot}). */
public record TaskSnapshot(
    String name,
    String title,
    List<String> approvers,
    String state,
    String owner,
    String outcome,
    String decidedBy,
    String comment,
    String completedAt,
    List<OutcomeDefinition> outcomes,
    List<ListenerDefinition> listeners,
    Map<String, Integer> listenerFirings,
    List<String> candidateGroups,
    List<String> members,
    String assignee,
    String assigneeRule,
    Integer priority,
    List<String> notBy,
    List<String> distinctFrom,
    Map<String, Object> form,
    Boolean skippable,
    String delegatedBy,
    List<String> excludedOwners,
    List<String> excludedUsers,
    String followUp,
    String followUpLimit) {}
