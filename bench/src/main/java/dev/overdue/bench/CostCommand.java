package dev.overdue.bench;

import dev.overdue.starter.ExitCodes;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code bench cost}: an approval's life and each expiry in Temporal's units, against bare timers. */
@Command(
    name = "cost",
    mixinStandardHelpOptions = true,
    description = {
      "What an approval's life and each expiry cost in Temporal's units, counted from histories on the",
      "time-skipping test service: events, workflow tasks, activity tasks and billable Actions as",
      "Temporal Cloud counts them, against workflows that only Workflow.sleep."
    })
final class CostCommand implements Callable<Integer> {
  @Override
  public Integer call() throws Exception {
    BenchCli.describeMachine("bin/overdue bench cost");
    CostBench.Result result = CostBench.run();
    System.out.printf(
        "life (start, 2 changes, 3 expiries, a decision):%n  overdue : %s%n  baseline: %s (start, 2 changes, 3 sleeps)%n"
            + "per expiry, at the margin:%n  overdue : %s%n  baseline: %s%n"
            + "actions per expiry beyond the baseline's timer: %.2f (goal: at most 1)%n",
        result.overdueLife(), result.baselineLife(), result.overdueExpiry(), result.baselineExpiry(),
        result.extraActionsPerExpiry());
    System.out.println(BenchCli.oneLine(result.json()));
    return ExitCodes.DONE;
  }
}
