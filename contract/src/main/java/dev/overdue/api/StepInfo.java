package dev.overdue.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * One step's user task as the {@code status} query shows it. {@code approvers} are its candidate
 * users and {@code candidateGroups} its candidate groups (a reassignment replaces both); {@code
 * potentialOwners} are the people who may act: the candidate users, the groups' members as the
 * worker's directory gave them when the task was created (or last refreshed), and the {@code
 * assignee}. {@code priority} runs from 0 (highest) to 10; {@code outcomes} are the named outcomes
 * the step offers beyond approve and reject. {@code excludedOwners} are those of its {@code
 * potentialOwners} its four-eyes rules ({@code notBy}, {@code distinctFrom}) keep off it now, while
 * it is open: a claim or decision by them is refused. Who may claim a READY step of an ACTIVE
 * approval is every potential owner not excluded (what PotentialOwners lists, unless it was cut).
 * Null when none is excluded, and in answers of workers older than it. {@code form} is the
 * step's form as the request gave it (a JSON Schema object: {@code type}, {@code properties},
 * {@code required}), for a client to render; absent when the step has none. {@code skippable} is
 * true when the step may be skipped (null otherwise); {@code delegatedBy} names who delegated the
 * task to its owner, while it is delegated (null otherwise); {@code followUp} its follow-up date
 * while the step is open (null when none).
 */
public record StepInfo(
    String name,
    String title,
    String state,
    String owner,
    List<String> approvers,
    String outcome,
    String decidedBy,
    String comment,
    String completedAt,
    List<String> outcomes,
    List<String> candidateGroups,
    List<String> potentialOwners,
    String assignee,
    int priority,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<String> excludedOwners,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> form,
    @JsonInclude(JsonInclude.Include.NON_NULL) Boolean skippable,
    @JsonInclude(JsonInclude.Include.NON_NULL) String delegatedBy,
    @JsonInclude(JsonInclude.Include.NON_NULL) String followUp) {

  /** A step that cannot be skipped and is not delegated. */
  public StepInfo(
      String name, String title, String state, String owner, List<String> approvers, String outcome,
      String decidedBy, String comment, String completedAt, List<String> outcomes,
      List<String> candidateGroups, List<String> potentialOwners, String assignee, int priority,
      List<String> excludedOwners, Map<String, Object> form) {
    this(name, title, state, owner, approvers, outcome, decidedBy, comment, completedAt, outcomes,
        candidateGroups, potentialOwners, assignee, priority, excludedOwners, form, null, null, null);
  }

  /** A step without a form. */
  public StepInfo(
      String name, String title, String state, String owner, List<String> approvers, String outcome,
      String decidedBy, String comment, String completedAt, List<String> outcomes,
      List<String> candidateGroups, List<String> potentialOwners, String assignee, int priority,
      List<String> excludedOwners) {
    this(name, title, state, owner, approvers, outcome, decidedBy, comment, completedAt, outcomes,
        candidateGroups, potentialOwners, assignee, priority, excludedOwners, null);
  }

  /** A step no one is excluded from. */
  public StepInfo(
      String name, String title, String state, String owner, List<String> approvers, String outcome,
      String decidedBy, String comment, String completedAt, List<String> outcomes,
      List<String> candidateGroups, List<String> potentialOwners, String assignee, int priority) {
    this(name, title, state, owner, approvers, outcome, decidedBy, comment, completedAt, outcomes,
        candidateGroups, potentialOwners, assignee, priority, null, null);
  }
}
