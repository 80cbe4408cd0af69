package dev.overdue.http.approvals;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.CommandResult;
import dev.overdue.http.problems.ApiProblem;
import dev.overdue.http.security.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The task actions, each an Update the workflow validates before it changes anything: a refusal
 * (409) is the workflow's own reason, so an action on a task that changed since the caller's list
 * was read answers what the task is now. The user is the caller.
 */
@RestController
@RequestMapping(path = "/api/v1/approvals/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Task actions", description = "What a person does with a task; the workflow decides whether it may.")
class ActionController {
  private final ApprovalDesk desk;

  ActionController(ApprovalDesk desk) {
    this.desk = desk;
  }

  @PostMapping("/claim")
  @Operation(summary = "Claim the current step: only its owner may then decide it (WS-HumanTask claim).")
  CommandResult claim(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody(required = false) ActionBodies.Step body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    return desk.act(caller, id, new ApprovalCommand.Claim(step(body), caller.user()), key);
  }

  @PostMapping("/release")
  @Operation(summary = "Give a claimed step back to all its potential owners.")
  CommandResult release(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody(required = false) ActionBodies.Step body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    return desk.act(caller, id, new ApprovalCommand.Release(step(body), caller.user()), key);
  }

  @PostMapping("/start")
  @Operation(summary = "Start working on the claimed step (IN_PROGRESS): its start deadlines are met.")
  CommandResult start(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody(required = false) ActionBodies.Step body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    return desk.act(caller, id, new ApprovalCommand.Start(step(body), caller.user()), key);
  }

  @PostMapping("/approve")
  @Operation(summary = "Approve the current step: the approval moves on, or ends APPROVED.")
  CommandResult approve(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody(required = false) ActionBodies.Decision body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    ActionBodies.Decision decision = decision(body);
    return desk.act(caller, id, new ApprovalCommand.Approve(caller.user(), decision.comment(), decision.output()), key);
  }

  @PostMapping("/reject")
  @Operation(summary = "Reject the current step: the approval ends REJECTED.")
  CommandResult reject(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody(required = false) ActionBodies.Decision body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    ActionBodies.Decision decision = decision(body);
    return desk.act(caller, id, new ApprovalCommand.Reject(caller.user(), decision.comment(), decision.output()), key);
  }

  @PostMapping("/complete")
  @Operation(summary = "Decide the current step with an outcome: approved, rejected, or one the step names.")
  CommandResult complete(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody ActionBodies.Completion body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    if (body.outcome() == null || body.outcome().isBlank()) {
      throw ApiProblem.badInput("outcome", "required: approved, rejected, or an outcome the step names");
    }
    return desk.act(caller, id,
        new ApprovalCommand.Complete(caller.user(), body.outcome(), body.comment(), body.output()), key);
  }

  @PostMapping("/reassign")
  @Operation(summary = "Give the current step to new potential owners (users, groups, roles); it is offered again.")
  CommandResult reassign(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody ActionBodies.Reassignment body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    return desk.act(caller, id, new ApprovalCommand.Reassign(caller.user(), ActionBodies.names(body.to())), key);
  }

  @PostMapping("/update-data")
  @Operation(summary = "Merge data into the approval's data (JSON Merge Patch, RFC 7396).")
  CommandResult updateData(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody ActionBodies.DataUpdate body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    if (body.data() == null) {
      throw ApiProblem.badInput("data", "required: an object to merge into the approval's data");
    }
    return desk.act(caller, id, new ApprovalCommand.UpdateData(caller.user(), body.data()), key);
  }

  /** No body: no comment, no output. */
  private static ActionBodies.Decision decision(ActionBodies.Decision body) {
    return body == null ? new ActionBodies.Decision(null, null) : body;
  }

  private static String step(ActionBodies.Step body) {
    return body == null ? null : body.step();
  }
}
