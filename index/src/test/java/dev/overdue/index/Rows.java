package dev.overdue.index;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.KeyFact;
import dev.overdue.api.index.IndexedApproval;
import java.util.List;

/** Test rows: an open, claimable-by-nobody approval unless told otherwise. */
final class Rows {
  static final ObjectMapper JSON = new ObjectMapper();

  String workflowId;
  String chainId = "chain-1";
  String runId = "run-1";
  long seq = 1;
  String requestId;
  String title;
  String requester = "rita";
  String state = "ACTIVE";
  String step = "review";
  String stepTitle = "Review";
  String taskState = "READY";
  String owner;
  Integer priority;
  String dueDate;
  String followUp;
  String nextDeadline;
  List<String> claimants = List.of();
  boolean claimantsCut;
  List<String> candidateGroups = List.of();
  List<String> excludedOwners = List.of();
  String startedAt = "2026-01-01T00:00:00Z";
  String endedAt;
  String decidedBy;
  List<KeyFact> facts = List.of();
  JsonNode data;

  private Rows(String workflowId) {
    this.workflowId = workflowId;
    this.requestId = "REQ-" + workflowId;
    this.title = "Approve " + workflowId;
  }

  static Rows row(String workflowId) {
    return new Rows(workflowId);
  }

  Rows chain(String chainId) { this.chainId = chainId; return this; }
  Rows seq(long seq) { this.seq = seq; return this; }
  Rows title(String title) { this.title = title; return this; }
  Rows requestId(String requestId) { this.requestId = requestId; return this; }
  Rows requester(String requester) { this.requester = requester; return this; }
  Rows state(String state) { this.state = state; return this; }
  Rows step(String step) { this.step = step; return this; }
  Rows taskState(String taskState) { this.taskState = taskState; return this; }
  Rows owner(String owner) { this.owner = owner; this.taskState = "RESERVED"; return this; }
  Rows priority(Integer priority) { this.priority = priority; return this; }
  Rows due(String due) { this.dueDate = due; return this; }
  Rows followUp(String followUp) { this.followUp = followUp; return this; }
  Rows started(String started) { this.startedAt = started; return this; }
  Rows claimants(String... names) { this.claimants = List.of(names); return this; }
  Rows cut(String... groups) { this.claimantsCut = true; this.candidateGroups = List.of(groups); return this; }
  Rows groups(String... groups) { this.candidateGroups = List.of(groups); return this; }
  Rows excluded(String... names) { this.excludedOwners = List.of(names); return this; }
  Rows facts(List<KeyFact> facts) { this.facts = facts; return this; }

  Rows ended(String state, String by) {
    this.state = state;
    this.step = null;
    this.stepTitle = null;
    this.taskState = null;
    this.endedAt = "2026-02-01T00:00:00Z";
    this.decidedBy = by;
    return this;
  }

  Rows data(String json) {
    try {
      this.data = json == null ? null : JSON.readTree(json);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
    return this;
  }

  IndexedApproval build() {
    return new IndexedApproval(workflowId, chainId, runId, seq, requestId, title, requester, state, step, stepTitle,
        taskState, owner, priority, dueDate, followUp, nextDeadline, false, false, claimants, claimantsCut,
        candidateGroups, excludedOwners, startedAt, endedAt, decidedBy, facts, data);
  }
}
