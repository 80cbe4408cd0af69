package dev.overdue.http.approvals;

import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.http.Actions;
import dev.overdue.client.Approvals;
import dev.overdue.http.security.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * One approval, as the people it involves may see it — its status, its timers with how each date
 * came about, what will happen if nobody acts, its audit trail — and starting a new one.
 */
@RestController
@RequestMapping(path = "/api/v1/approvals", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Approvals", description = "One approval: its status, timers, plan and trail; starting one.")
class ApprovalController {
  private final ApprovalDesk desk;
  private final Approvals approvals;

  ApprovalController(ApprovalDesk desk, Approvals approvals) {
    this.desk = desk;
    this.approvals = approvals;
  }

  /** What a start answers: the approval's request id and where to read it. */
  record Started(String id, String workflowId, String runId) {}

  @PostMapping
  // What it answers (the ResponseEntity's 201 Created), said where the OpenAPI document reads it.
  @ResponseStatus(HttpStatus.CREATED)
  @Operation(summary = "Start an approval request; the caller is its requester.",
      description = "The request as `bin/overdue start` takes it (docs/reference/approval-contract.md). Checked by the"
          + " workflow's rules first: 422 names every problem, and nothing is started. A request id already used,"
          + " by an approval running or ended, is refused with 409 (type request-id-used) naming that approval, how it"
          + " ended and who decided; `again=true` starts an ended one's id anew, as a new run.")
  ResponseEntity<Started> start(@AuthenticationPrincipal Caller caller, @RequestBody Map<String, Object> request,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key,
      @Parameter(description = "true: start a request id whose approval ended anew, as a new run of it (the earlier"
          + " run is kept, read with ?run=); a running approval is never started twice")
      @RequestParam(defaultValue = "false") boolean again) {
    Approvals.Started started = desk.start(caller, request, key, again);
    String id = Approvals.requestId(started.workflowId());
    return ResponseEntity.created(URI.create("/api/v1/approvals/" + id))
        .body(new Started(id, started.workflowId(), started.runId()));
  }

  /** The {@code run} parameter of the reads. */
  private static final String RUN = "a run of the id (its runId in lists): a request id started again has several;"
      + " default: the latest";

  @GetMapping("/{id}")
  @Operation(summary = "The approval at a glance: its steps and who decided what, timers, warnings, data.")
  StatusInfo status(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @Parameter(description = RUN, schema = @Schema(pattern = ApprovalDesk.RUN_ID)) @RequestParam(required = false) String run) {
    return desk.status(caller, id, run);
  }

  @GetMapping("/{id}/timers")
  @Operation(summary = "Every timer with its date and how that date came about (the rule, its base, the calendar, each change).")
  List<TimerInfo> timers(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @Parameter(description = RUN, schema = @Schema(pattern = ApprovalDesk.RUN_ID)) @RequestParam(required = false) String run) {
    return desk.read(caller, id, run, () -> approvals.inRun(run).timers(id));
  }

  @GetMapping("/{id}/plan")
  @Operation(summary = "What will happen if nobody acts: each expiry, reminder and escalation with its date and targets.")
  List<PlanEntry> plan(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @Parameter(description = RUN, schema = @Schema(pattern = ApprovalDesk.RUN_ID)) @RequestParam(required = false) String run) {
    return desk.read(caller, id, run, () -> approvals.inRun(run).plan(id));
  }

  @GetMapping("/{id}/actions")
  @Operation(summary = "The task actions the workflow would accept from the caller now (claim, start, release, approve,"
      + " reject, complete, reassign, update-data), by the same checks the actions get.")
  Actions actions(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @Parameter(description = RUN, schema = @Schema(pattern = ApprovalDesk.RUN_ID)) @RequestParam(required = false) String run) {
    return new Actions(desk.read(caller, id, run, () -> approvals.inRun(run).actions(id, caller.user())));
  }

  @GetMapping("/{id}/history")
  @Operation(summary = "The audit trail: every command accepted or refused, by whom and why, and every expiry.")
  List<HistoryEntry> history(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @Parameter(description = RUN, schema = @Schema(pattern = ApprovalDesk.RUN_ID)) @RequestParam(required = false) String run) {
    return desk.read(caller, id, run, () -> approvals.inRun(run).history(id));
  }
}
