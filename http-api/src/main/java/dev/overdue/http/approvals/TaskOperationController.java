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
 * The task operations of WS-HumanTask beyond claim and decide (stop, delegate, Flowable's resolve,
 * forward, nominate, skip, set-priority, comment) and Camunda's follow-up date (set-follow-up), as {@link ActionController}'s actions: an Update
 * from the caller that the workflow validates, a refusal (409) in its own words. Apart from that
 * controller only to keep each one readable; same tag in the OpenAPI document.
 */
@RestController
@RequestMapping(path = "/api/v1/approvals/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Task actions", description = "What a person does with a task; the workflow decides whether it may.")
class TaskOperationController {
  private final ApprovalDesk desk;

  TaskOperationController(ApprovalDesk desk) {
    this.desk = desk;
  }

  @PostMapping("/stop")
  @Operation(summary = "Stop working on the started step (back to RESERVED): its owner keeps it.")
  CommandResult stop(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody(required = false) ActionBodies.Step body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    return desk.act(caller, id, new ApprovalCommand.Stop(body == null ? null : body.step(), caller.user()), key);
  }

  @PostMapping("/delegate")
  @Operation(summary = "Hand the current step to one person, who then holds it; by its owner or a business administrator.")
  CommandResult delegate(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody ActionBodies.Delegation body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    String to = ActionBodies.text(body.to(), "to", "the one user to hand the step to");
    return desk.act(caller, id, new ApprovalCommand.Delegate(caller.user(), to, body.comment()), key);
  }

  @PostMapping("/resolve")
  @Operation(summary = "Hand a delegated step back to whoever delegated it (Flowable's resolveTask).")
  CommandResult resolve(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody(required = false) ActionBodies.Resolution body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    return desk.act(caller, id, new ApprovalCommand.Resolve(caller.user(), body == null ? null : body.comment()), key);
  }

  @PostMapping("/forward")
  @Operation(summary = "Pass the current step on: the caller leaves its potential owners, the named ones join, it is offered again.")
  CommandResult forward(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody ActionBodies.Forwarding body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    return desk.act(caller, id,
        new ApprovalCommand.Forward(caller.user(), ActionBodies.names(body.to()), body.comment()), key);
  }

  @PostMapping("/nominate")
  @Operation(summary = "Add potential owners to the current step; by a business administrator.")
  CommandResult nominate(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody ActionBodies.Nomination body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    return desk.act(caller, id, new ApprovalCommand.Nominate(caller.user(), ActionBodies.names(body.to())), key);
  }

  @PostMapping("/skip")
  @Operation(summary = "Skip the current step, when the request declares it skippable: the approval moves on.")
  CommandResult skip(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody ActionBodies.Skipping body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    String reason = ActionBodies.text(body.reason(), "reason", "why the step is not needed");
    return desk.act(caller, id, new ApprovalCommand.Skip(caller.user(), reason), key);
  }

  @PostMapping("/set-priority")
  @Operation(summary = "Set the current step's priority, 0 (highest) to 10 (lowest); by its owner or a business administrator.")
  CommandResult setPriority(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody ActionBodies.Priority body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    if (body.priority() == null) {
      throw ApiProblem.badInput("priority", "required: 0 (highest) to 10 (lowest)");
    }
    return desk.act(caller, id, new ApprovalCommand.SetPriority(caller.user(), body.priority()), key);
  }

  @PostMapping("/comment")
  @Operation(summary = "Add a comment to the current step; by the requester, its potential owners and business administrators.")
  CommandResult comment(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody ActionBodies.Note body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    String text = ActionBodies.text(body.text(), "text", "the comment");
    return desk.act(caller, id, new ApprovalCommand.Comment(caller.user(), text), key);
  }

  @PostMapping("/set-follow-up")
  @Operation(summary = "Set the date from which the current step should be looked at again (a date-time, a duration from"
      + " now, or none to clear it); nothing runs then. By its owner, a potential owner, the requester or a business"
      + " administrator.")
  CommandResult setFollowUp(@AuthenticationPrincipal Caller caller, @PathVariable String id,
      @RequestBody ActionBodies.FollowUp body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key) {
    String at = ActionBodies.text(body.at(), "at", "a date-time, a duration from now such as P2D, or none");
    return desk.act(caller, id, new ApprovalCommand.SetFollowUp(caller.user(), at), key);
  }
}
