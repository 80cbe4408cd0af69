package dev.overdue.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The input of an approval, one JSON object. Time limits are ISO-8601 durations ({@code P5D}), a
 * number of seconds, or date-times (with offset, or without one: then read in the business
 * calendar's zone). Missing lists mean none. {@code calendar} ({@code business} or {@code elapsed},
 * the default) says how the request's durations count unless a deadline or timer says otherwise.
 * {@code auth} ({@code required}, {@code optional} or {@code off}) tightens the worker's policy for
 * signed commands; it may not loosen it. {@code notifyOffered: false} keeps the message "a task
 * waits for you", sent to the potential owners when a step is offered to them, from being sent.
 * {@code dataForm} (the same small JSON Schema as a step's {@code form}) is what the requester
 * gives in {@code data}: the data must fit it at the start. {@code businessAdministrators}
 * (WS-HumanTask's business administrators: users, or groups of the worker's directory) may delegate, forward, nominate, skip, stop,
 * release, reprioritise, comment on and reassign any step, but decide none unless they are also
 * among its potential owners. {@code keyFields} (at most three top-level keys of {@code data}, each
 * given in it or a field of {@code dataForm}) are what work lists show of the request and may sort
 * by: an invoice's amount and supplier.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApprovalRequest(
    String requestId,
    String title,
    String requester,
    Map<String, Object> data,
    String timeout,
    List<HandlerDefinition> onTimeout,
    List<StepDefinition> steps,
    List<TimerDefinition> timers,
    String calendar,
    String auth,
    Boolean notifyOffered,
    Map<String, Object> dataForm,
    List<String> businessAdministrators,
    List<String> keyFields) {

  public ApprovalRequest {
    // Not List.copyOf: a null among them is a blank key the check names, not an exception here.
    keyFields = keyFields == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(keyFields));
    data = data == null ? Map.of() : data;
    businessAdministrators = businessAdministrators == null ? List.of() : List.copyOf(businessAdministrators);
    onTimeout = onTimeout == null ? List.of() : List.copyOf(onTimeout);
    steps = steps == null ? List.of() : List.copyOf(steps);
    timers = timers == null ? List.of() : List.copyOf(timers);
  }

  /** A request without key fields. */
  public ApprovalRequest(
      String requestId,
      String title,
      String requester,
      Map<String, Object> data,
      String timeout,
      List<HandlerDefinition> onTimeout,
      List<StepDefinition> steps,
      List<TimerDefinition> timers,
      String calendar,
      String auth,
      Boolean notifyOffered,
      Map<String, Object> dataForm,
      List<String> businessAdministrators) {
    this(requestId, title, requester, data, timeout, onTimeout, steps, timers, calendar, auth, notifyOffered,
        dataForm, businessAdministrators, null);
  }

  public ApprovalRequest(
      String requestId,
      String title,
      String requester,
      Map<String, Object> data,
      String timeout,
      List<HandlerDefinition> onTimeout,
      List<StepDefinition> steps,
      List<TimerDefinition> timers) {
    this(requestId, title, requester, data, timeout, onTimeout, steps, timers, null);
  }

  /** A request that leaves the signed-commands policy to the worker. */
  public ApprovalRequest(
      String requestId,
      String title,
      String requester,
      Map<String, Object> data,
      String timeout,
      List<HandlerDefinition> onTimeout,
      List<StepDefinition> steps,
      List<TimerDefinition> timers,
      String calendar) {
    this(requestId, title, requester, data, timeout, onTimeout, steps, timers, calendar, null);
  }

  /** A request without business administrators. */
  public ApprovalRequest(
      String requestId,
      String title,
      String requester,
      Map<String, Object> data,
      String timeout,
      List<HandlerDefinition> onTimeout,
      List<StepDefinition> steps,
      List<TimerDefinition> timers,
      String calendar,
      String auth,
      Boolean notifyOffered,
      Map<String, Object> dataForm) {
    this(requestId, title, requester, data, timeout, onTimeout, steps, timers, calendar, auth, notifyOffered,
        dataForm, null);
  }

  /** A request without a data form. */
  public ApprovalRequest(
      String requestId,
      String title,
      String requester,
      Map<String, Object> data,
      String timeout,
      List<HandlerDefinition> onTimeout,
      List<StepDefinition> steps,
      List<TimerDefinition> timers,
      String calendar,
      String auth,
      Boolean notifyOffered) {
    this(requestId, title, requester, data, timeout, onTimeout, steps, timers, calendar, auth, notifyOffered, null);
  }

  /** A request that tells offers (the default): {@code notifyOffered} unset. */
  public ApprovalRequest(
      String requestId,
      String title,
      String requester,
      Map<String, Object> data,
      String timeout,
      List<HandlerDefinition> onTimeout,
      List<StepDefinition> steps,
      List<TimerDefinition> timers,
      String calendar,
      String auth) {
    this(requestId, title, requester, data, timeout, onTimeout, steps, timers, calendar, auth, null);
  }

  /**
   * One step: a user task offered to its potential owners — its {@code approvers} (candidate users)
   * and the members of its {@code candidateGroups}, looked up in the worker's directory when the
   * task is created — with optional acceptance and completion limits, WS-HumanTask start and
   * completion deadlines, listeners on its task events and named outcomes. An {@code assignee} (a
   * user, or {@code =} and a CEL expression) receives the task reserved; {@code priority} runs from
   * 0 (highest) to 10, 5 when not given, as in WS-HumanTask. {@code notBy: [requester]} and {@code
   * distinctFrom: [an earlier step]} keep the requester, and whoever decided that step, off it (the
   * four-eyes principle). A {@code form} (a small JSON Schema: {@code type: object}, {@code
   * properties}, {@code required}) is the output the step asks for: a decision's {@code output} must
   * fit it. {@code skippable: true} lets a potential owner, the requester or a business
   * administrator skip it (WS-HumanTask skip): it ends with the outcome SKIPPED. {@code
   * excludedOwners} (WS-HumanTask's excluded owners: users or groups of the worker's directory) may
   * never act on it, whatever its groups say. {@code followUp} (a duration from the task's
   * creation, or a date-time) is when it shows in follow-up lists (Camunda's followUpDate).
   */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  public record StepDefinition(
      String name,
      String title,
      List<String> approvers,
      String offerTimeout,
      List<HandlerDefinition> onOfferTimeout,
      String timeout,
      List<HandlerDefinition> onTimeout,
      List<DeadlineDefinition> startDeadlines,
      List<DeadlineDefinition> completionDeadlines,
      List<ListenerDefinition> listeners,
      List<OutcomeDefinition> outcomes,
      List<String> candidateGroups,
      String assignee,
      Integer priority,
      List<String> notBy,
      List<String> distinctFrom,
      Map<String, Object> form,
      Boolean skippable,
      List<String> excludedOwners,
      String followUp) {
    public StepDefinition {
      excludedOwners = excludedOwners == null ? List.of() : List.copyOf(excludedOwners);
      approvers = approvers == null ? List.of() : List.copyOf(approvers);
      notBy = notBy == null ? List.of() : List.copyOf(notBy);
      distinctFrom = distinctFrom == null ? List.of() : List.copyOf(distinctFrom);
      candidateGroups = candidateGroups == null ? List.of() : List.copyOf(candidateGroups);
      onOfferTimeout = onOfferTimeout == null ? List.of() : List.copyOf(onOfferTimeout);
      onTimeout = onTimeout == null ? List.of() : List.copyOf(onTimeout);
      startDeadlines = startDeadlines == null ? List.of() : List.copyOf(startDeadlines);
      completionDeadlines = completionDeadlines == null ? List.of() : List.copyOf(completionDeadlines);
      listeners = listeners == null ? List.of() : List.copyOf(listeners);
      outcomes = outcomes == null ? List.of() : List.copyOf(outcomes);
    }

    public StepDefinition(
        String name,
        String title,
        List<String> approvers,
        String offerTimeout,
        List<HandlerDefinition> onOfferTimeout,
        String timeout,
        List<HandlerDefinition> onTimeout) {
      this(name, title, approvers, offerTimeout, onOfferTimeout, timeout, onTimeout,
          null, null, null, null);
    }

    public StepDefinition(
        String name,
        String title,
        List<String> approvers,
        String offerTimeout,
        List<HandlerDefinition> onOfferTimeout,
        String timeout,
        List<HandlerDefinition> onTimeout,
        List<DeadlineDefinition> startDeadlines,
        List<DeadlineDefinition> completionDeadlines,
        List<ListenerDefinition> listeners,
        List<OutcomeDefinition> outcomes) {
      this(name, title, approvers, offerTimeout, onOfferTimeout, timeout, onTimeout, startDeadlines,
          completionDeadlines, listeners, outcomes, null, null, null);
    }

    /** A step that cannot be skipped. */
    public StepDefinition(
        String name,
        String title,
        List<String> approvers,
        String offerTimeout,
        List<HandlerDefinition> onOfferTimeout,
        String timeout,
        List<HandlerDefinition> onTimeout,
        List<DeadlineDefinition> startDeadlines,
        List<DeadlineDefinition> completionDeadlines,
        List<ListenerDefinition> listeners,
        List<OutcomeDefinition> outcomes,
        List<String> candidateGroups,
        String assignee,
        Integer priority,
        List<String> notBy,
        List<String> distinctFrom,
        Map<String, Object> form) {
      this(name, title, approvers, offerTimeout, onOfferTimeout, timeout, onTimeout, startDeadlines,
          completionDeadlines, listeners, outcomes, candidateGroups, assignee, priority, notBy, distinctFrom,
          form, null, null, null);
    }

    /** Without a form. */
    public StepDefinition(
        String name,
        String title,
        List<String> approvers,
        String offerTimeout,
        List<HandlerDefinition> onOfferTimeout,
        String timeout,
        List<HandlerDefinition> onTimeout,
        List<DeadlineDefinition> startDeadlines,
        List<DeadlineDefinition> completionDeadlines,
        List<ListenerDefinition> listeners,
        List<OutcomeDefinition> outcomes,
        List<String> candidateGroups,
        String assignee,
        Integer priority,
        List<String> notBy,
        List<String> distinctFrom) {
      this(name, title, approvers, offerTimeout, onOfferTimeout, timeout, onTimeout, startDeadlines,
          completionDeadlines, listeners, outcomes, candidateGroups, assignee, priority, notBy, distinctFrom,
          null);
    }

    /** Before separation of duties ({@code notBy}, {@code distinctFrom}). */
    public StepDefinition(
        String name,
        String title,
        List<String> approvers,
        String offerTimeout,
        List<HandlerDefinition> onOfferTimeout,
        String timeout,
        List<HandlerDefinition> onTimeout,
        List<DeadlineDefinition> startDeadlines,
        List<DeadlineDefinition> completionDeadlines,
        List<ListenerDefinition> listeners,
        List<OutcomeDefinition> outcomes,
        List<String> candidateGroups,
        String assignee,
        Integer priority) {
      this(name, title, approvers, offerTimeout, onOfferTimeout, timeout, onTimeout, startDeadlines,
          completionDeadlines, listeners, outcomes, candidateGroups, assignee, priority, null, null);
    }
  }

  /**
   * A user-defined timer: starts OFF, switched by enableTimer and disableTimer. Either {@code
   * limit} (once) or {@code cycle} (ISO-8601 repeating: {@code R3/PT4H}, {@code R/P1D}, with a
   * start or an end; or a Quartz cron expression) with its {@code catchUp} policy ({@code
   * fire-once}, the default, {@code fire-all} or {@code skip}) and an optional {@code endDate}.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record TimerDefinition(
      String name,
      String limit,
      List<HandlerDefinition> handlers,
      String cycle,
      String catchUp,
      String calendar,
      String endDate) {
    public TimerDefinition {
      handlers = handlers == null ? List.of() : List.copyOf(handlers);
    }

    public TimerDefinition(
        String name, String limit, List<HandlerDefinition> handlers, String cycle, String catchUp,
        String calendar) {
      this(name, limit, handlers, cycle, catchUp, calendar, null);
    }

    public TimerDefinition(String name, String limit, List<HandlerDefinition> handlers) {
      this(name, limit, handlers, null, null, null);
    }
  }

  /**
   * A WS-HumanTask deadline of a step: exactly one of {@code for} (a duration), {@code until} (a
   * date-time) or {@code cycle} (repeating, for reminders; {@code endDate} stops it), counted from
   * when the step is created. Its escalations run, in order, when it expires and their condition
   * holds.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record DeadlineDefinition(
      String name,
      @JsonProperty("for") String forDuration,
      String until,
      String cycle,
      String catchUp,
      String calendar,
      List<HandlerDefinition> escalations,
      String endDate,
      String from) {
    public DeadlineDefinition {
      escalations = escalations == null ? List.of() : List.copyOf(escalations);
    }

    public DeadlineDefinition(
        String name, String forDuration, String until, String cycle, String catchUp, String calendar,
        List<HandlerDefinition> escalations) {
      this(name, forDuration, until, cycle, catchUp, calendar, escalations, null);
    }

    /** A deadline counted from the task's creation. */
    public DeadlineDefinition(
        String name, String forDuration, String until, String cycle, String catchUp, String calendar,
        List<HandlerDefinition> escalations, String endDate) {
      this(name, forDuration, until, cycle, catchUp, calendar, escalations, endDate, null);
    }
  }

  /**
   * Actions run on a task event: {@code created}, {@code assigned}, {@code updated}, {@code
   * completed}, {@code deleted} or {@code timeout}. Only {@code notify} and {@code warn}.
   */
  public record ListenerDefinition(String event, List<HandlerDefinition> actions) {
    public ListenerDefinition {
      actions = actions == null ? List.of() : List.copyOf(actions);
    }
  }

  /**
   * A named outcome of a step beyond approve and reject: it leads to a later step ({@code next})
   * or ends the approval ({@code end}: {@code APPROVED} or {@code REJECTED}).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record OutcomeDefinition(String name, String next, String end) {}

  /**
   * {@code warn}, {@code notify} (to, message, subject: Mustache templates; without them the
   * event's default), {@code decide} (outcome), {@code reassign} (to: the new potential owners,
   * users and groups looked up in the worker's directory) or {@code setPriority} (priority, 0 to
   * 10).
   * {@code condition}, a CEL expression over {@code data}, {@code step} and {@code process}, makes
   * it run only when true; {@code name} orders escalations (the first reassignment in lexical
   * order wins).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record HandlerDefinition(
      String action,
      List<String> to,
      String message,
      String outcome,
      String subject,
      String name,
      String condition,
      Integer priority) {
    public HandlerDefinition {
      to = to == null ? List.of() : List.copyOf(to);
    }

    public HandlerDefinition(
        String action, List<String> to, String message, String outcome, String subject, String name,
        String condition) {
      this(action, to, message, outcome, subject, name, condition, null);
    }

    public HandlerDefinition(
        String action, List<String> to, String message, String outcome, String subject) {
      this(action, to, message, outcome, subject, null, null);
    }
  }
}
