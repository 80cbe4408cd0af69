package dev.overdue.bench;

import dev.overdue.starter.ExitCodes;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code bench bill}: Temporal Cloud Actions for one life of the README's purchase order, against bare timers. */
@Command(
    name = "bill",
    mixinStandardHelpOptions = true,
    description = {
      "Temporal Cloud Actions for one life of the README's purchase order (docs/examples/po-4711.json),",
      "by kind, against the same approval written with bare timers, both on the time-skipping test service."
    })
final class BillCommand implements Callable<Integer> {
  @Override
  public Integer call() throws Exception {
    BenchCli.describeMachine("bin/overdue bench bill");
    BillBench.Result bill = BillBench.run(BenchCli.root());
    System.out.printf("%-36s %8s %8s%n", "ACTIONS", "OVERDUE", "BARE");
    bill.overdue().forEach((kind, count) -> System.out.printf("%-36s %8d %8d%n", kind, count, bill.bare().get(kind)));
    System.out.printf("%-36s %8d %8d%n", "all", BillBench.Result.total(bill.overdue()), BillBench.Result.total(bill.bare()));
    System.out.println(BenchCli.oneLine(bill.json()));
    return ExitCodes.DONE;
  }
}
