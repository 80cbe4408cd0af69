package dev.overdue.bench;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;
import io.temporal.activity.ActivityOptions;
import io.temporal.workflow.Async;
import io.temporal.workflow.Promise;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.UpdateMethod;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;
import java.util.List;

/**
 * The README's purchase order (docs/examples/po-4711.json) written by hand with bare timers, as a
 * Temporal developer would without Overdue: the bill's baseline. A manager step (alice or bob,
 * claimed within 4 hours — else a warning in the log — and decided within 2 days), then a finance
 * step (frank, 1 day, after which frank and carol are told and the approval is rejected), the
 * whole within 5 days, and a 30-minute reminder to the managers that carol may switch on. One
 * {@code Mail} activity per message, whatever the number of recipients; no search attributes, no
 * history of its own, no checks beyond who may decide.
 */
@WorkflowInterface
public interface BarePurchaseOrderWorkflow {
  @WorkflowMethod
  String run();

  @UpdateMethod
  void enableReminder();

  @UpdateMethod
  void claim(String user);

  @UpdateMethod
  void approve(String user);

  @QueryMethod
  String status();

  /** Sends one message to its recipients. */
  @ActivityInterface
  interface Mail {
    @ActivityMethod(name = "BareMail")
    void send(List<String> to, String text);
  }

  /** A mail that sends nothing: the bill counts the activity, not what it does. */
  final class NoMail implements Mail {
    @Override
    public void send(List<String> to, String text) {}
  }

  final class Impl implements BarePurchaseOrderWorkflow {
    private final Mail mail =
        Workflow.newActivityStub(Mail.class, ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofMinutes(1)).build());
    private String step = "manager";
    private String owner;
    private String outcome;
    private boolean reminderOn;

    @Override
    public String run() {
      Promise<Void> processDeadline = Workflow.newTimer(Duration.ofDays(5));
      Async.procedure(this::remindOnceSwitchedOn);
      mail.send(List.of("alice", "bob"), "PO 4711 waits for you");
      Promise<Void> managerDue = Workflow.newTimer(Duration.ofDays(2));
      if (!Workflow.await(Duration.ofHours(4), () -> owner != null || outcome != null)) {
        Workflow.getLogger(Impl.class).warn("PO 4711: nobody claimed the manager step in 4 hours");
      }
      Workflow.await(() -> outcome != null || managerDue.isCompleted() || processDeadline.isCompleted());
      if (outcome == null && managerDue.isCompleted()) {
        Workflow.getLogger(Impl.class).warn("PO 4711: the manager step passed its 2 days");
        Workflow.await(() -> outcome != null || processDeadline.isCompleted());
      }
      if (!"APPROVED".equals(outcome)) {
        return outcome == null ? "ABORTED" : outcome;
      }
      step = "finance";
      owner = null;
      outcome = null;
      mail.send(List.of("frank"), "PO 4711 waits for you");
      if (!Workflow.await(Duration.ofDays(1), () -> outcome != null || processDeadline.isCompleted())) {
        mail.send(List.of("frank", "carol"), "PO 4711 waits for finance");
        outcome = "REJECTED";
      }
      return outcome == null ? "ABORTED" : outcome;
    }

    /** The reminder: 30 minutes after carol switches it on, to the managers if still undecided. */
    private void remindOnceSwitchedOn() {
      Workflow.await(() -> reminderOn || !"manager".equals(step) || outcome != null);
      if (!reminderOn) {
        return;
      }
      Workflow.sleep(Duration.ofMinutes(30));
      if ("manager".equals(step) && outcome == null) {
        mail.send(List.of("alice", "bob"), "PO 4711 waits for your approval");
      }
    }

    @Override
    public void enableReminder() {
      reminderOn = true;
    }

    @Override
    public void claim(String user) {
      if (owner != null || !approvers().contains(user)) {
        throw new IllegalArgumentException(user + " cannot claim step " + step);
      }
      owner = user;
    }

    @Override
    public void approve(String user) {
      if (!user.equals(owner) && !(owner == null && approvers().contains(user))) {
        throw new IllegalArgumentException(user + " cannot decide step " + step);
      }
      outcome = "APPROVED";
    }

    @Override
    public String status() {
      return step + (owner == null ? "" : " claimed by " + owner) + (outcome == null ? "" : ": " + outcome);
    }

    private List<String> approvers() {
      return "manager".equals(step) ? List.of("alice", "bob") : List.of("frank");
    }
  }
}
