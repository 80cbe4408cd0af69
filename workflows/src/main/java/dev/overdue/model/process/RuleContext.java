package dev.overdue.model.process;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.model.ProcessState;
import dev.overdue.model.command.CommandContext;
import dev.overdue.model.escalation.Notices;
import dev.overdue.model.escalation.OwnerLookups;
import dev.overdue.model.schedule.BusinessCalendar;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.task.BusinessAdministrators;
import dev.overdue.model.task.Comments;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.ProcessTimers;
import dev.overdue.model.trail.AuditTrail;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one view of an approval its rules are given ({@link CommandContext}, which holds what
 * escalations see): each method hands on to the process, whose own moves stay package-private.
 */
final class RuleContext implements CommandContext {
  private final ApprovalProcess process;

  RuleContext(ApprovalProcess process) {
    this.process = process;
  }

  @Override
  public String requestId() {
    return process.requestId();
  }

  @Override
  public String title() {
    return process.title();
  }

  @Override
  public String requester() {
    return process.requester();
  }

  @Override
  public ProcessState state() {
    return process.state();
  }

  @Override
  public Map<String, Object> data() {
    return process.data();
  }

  @Override
  public ProcessTimers timers() {
    return process.timers();
  }

  @Override
  public AuditTrail trail() {
    return process.trail();
  }

  @Override
  public List<UserTask> steps() {
    return process.steps();
  }

  @Override
  public Optional<UserTask> stepNamed(String name) {
    return process.stepNamed(name);
  }

  @Override
  public UserTask taskObservedBy(BusinessTimer timer) {
    return process.taskObservedBy(timer);
  }

  @Override
  public BusinessAdministrators administrators() {
    return process.administrators();
  }

  @Override
  public boolean keepsStandIns() {
    return process.choices().keepsStandIns();
  }

  @Override
  public boolean tellsOffers() {
    return process.choices().tellsOffers();
  }

  @Override
  public List<String> claimants() {
    return process.claimants();
  }

  @Override
  public Notices notices() {
    return process.notices();
  }

  @Override
  public OwnerLookups ownerLookups() {
    return process.ownerLookups();
  }

  @Override
  public void ownerChanged(UserTask task, Instant now) {
    process.flow().ownerChanged(task, now);
  }

  @Override
  public void addWarning(String timerName, String step, String message, Instant now) {
    process.addWarning(timerName, step, message, now);
  }

  @Override
  public UserTask currentTask() {
    return process.currentTask();
  }

  @Override
  public BusinessCalendar calendar() {
    return process.calendar();
  }

  @Override
  public void useCalendar(CalendarSettings settings) {
    process.useCalendar(settings);
  }

  @Override
  public List<String> businessAdministrators() {
    return process.businessAdministrators();
  }

  @Override
  public boolean isBusinessAdministrator(String user) {
    return process.isBusinessAdministrator(user);
  }

  @Override
  public Comments commentThread() {
    return process.commentThread();
  }

  @Override
  public JsonNode patchedData(JsonNode patch) {
    return process.patchedData(patch);
  }

  @Override
  public List<String> replaceData(JsonNode merged, String by, Instant now) {
    return process.replaceData(merged, by, now);
  }

  @Override
  public void suspend(String reason, Instant now) {
    process.flow().suspend(reason, now);
  }

  @Override
  public void resume(Instant now) {
    process.flow().resume(now);
  }

  @Override
  public void end(ProcessState outcome, String by, String note, Instant now) {
    process.flow().end(outcome, by, note, now);
  }

  @Override
  public void completeCurrent(String outcome, String by, String note, Instant now) {
    process.flow().completeCurrent(outcome, by, note, now);
  }

  @Override
  public void skipCurrent(String by, String reason, Instant now) {
    process.flow().skipCurrent(by, reason, now);
  }
}
