package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.CommandResult;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import dev.overdue.client.WorkList;
import io.temporal.client.WorkflowNotFoundException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Stack;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine;
import picocli.CommandLine.IParameterPreprocessor;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * One steering command sent to every running approval a list filter selects ({@code --query}): the
 * approvals are listed first, then each gets the command as an Update from a bounded pool and its
 * answer is collected ({@link BulkSummary}); with {@code --signal}, one Temporal batch job signals
 * them all ({@link BatchSignal}).
 */
final class Bulk {
  /**
   * Takes ID's place on the command line when {@code --query} replaces it, so that the command's
   * other positionals (extend-deadline's TIMER) keep their places. Never typed: it holds a NUL.
   */
  static final String QUERY_INSTEAD_OF_ID = "\u0000query";

  static final String QUERY = "--query";
  static final String CONCURRENCY = "--concurrency";
  static final int MAX_CONCURRENCY = 64;

  /** The options every steering command has for many approvals at once. */
  static final class Options {
    @Option(
        names = QUERY,
        paramLabel = "FILTER",
        description = {
          "Instead of ID: every running approval this list filter selects (Temporal's"
              + " list-filter language over the search attributes, as in `overdue list"
              + " --query`), e.g. \"CurrentStep = 'manager'\" or \"HasWarnings = true\".",
          "Ends with a summary: applied, refused (by reason), failed; the exit code is the"
              + " worst of them. Needs a server with a visibility store (bin/dev-server)."
        })
    String query;

    @Option(
        names = "--dry-run",
        description =
            "With --query: list the approvals it selects and the command, and send nothing.")
    boolean dryRun;

    @Option(
        names = CONCURRENCY,
        paramLabel = "N",
        defaultValue = "16",
        description =
            "With --query: updates in flight at once, 1 to "
                + MAX_CONCURRENCY
                + " (default: ${DEFAULT-VALUE}). With --signal one Temporal batch job paces"
                + " the signals instead.")
    int concurrency = 16;
  }

  /**
   * When {@code --query} is on the command line, puts {@link #QUERY_INSTEAD_OF_ID} before the
   * arguments, so that it takes ID's position and the next positional is the command's own; and
   * refuses an ID given as well. Picocli runs it before it parses the command's arguments.
   */
  public static final class QueryInsteadOfId implements IParameterPreprocessor {
    @Override
    public boolean preprocess(
        Stack<String> args, CommandSpec spec, ArgSpec argSpec, Map<String, Object> info) {
      List<String> inOrder = new ArrayList<>(args);
      Collections.reverse(inOrder); // the top of the stack is the next argument
      boolean query = false;
      int positionals = 0;
      boolean endOfOptions = false;
      for (int i = 0; i < inOrder.size(); i++) {
        String arg = inOrder.get(i);
        if (!endOfOptions && arg.equals("--")) {
          endOfOptions = true;
        } else if (!endOfOptions && arg.startsWith("-") && arg.length() > 1) {
          int equals = arg.indexOf('=');
          String name = equals < 0 ? arg : arg.substring(0, equals);
          query |= name.equals(QUERY);
          OptionSpec option = spec.findOption(name);
          if (option != null && option.arity().max() > 0 && equals < 0) {
            i++; // the option's value, whatever it looks like
          }
        } else {
          positionals++;
        }
      }
      if (query) {
        if (positionals >= spec.positionalParameters().size()) {
          throw new CommandLine.ParameterException(
              spec.commandLine(), "Give either an ID or --query, not both");
        }
        args.push(QUERY_INSTEAD_OF_ID);
      }
      return false;
    }
  }

  /**
   * Adds a second synopsis line to each steering command's help, the form with {@code --query}:
   * {@code overdue extend-deadline --query=FILTER [--dry-run] [OPTIONS] TIMER}.
   */
  static void showInSynopsis(CommandLine root) {
    for (CommandLine command : root.getSubcommands().values()) {
      CommandSpec spec = command.getCommandSpec();
      if (!(spec.userObject() instanceof SteeringCommand)) {
        continue;
      }
      StringBuilder line =
          new StringBuilder(" ".repeat("Usage: ".length()))
              .append(spec.qualifiedName())
              .append(" --query=FILTER [--dry-run] [OPTIONS]");
      spec.positionalParameters().stream()
          .filter(positional -> positional.index().min() > 0)
          .forEach(positional -> line.append(' ').append(positional.paramLabel()));
      command
          .getHelpSectionMap()
          .put(
              CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS,
              help -> help.synopsis(help.synopsisHeadingLength()) + line + System.lineSeparator());
    }
  }

  private final Session session;
  private final Printer printer;
  private final String name;
  private final Options options;
  /** {@link Printer#sentences}. */
  private final PrintWriter out;
  private final boolean json;

  /**
   * @param name the command as typed ({@code extend-deadline}), for messages
   */
  Bulk(Session session, Printer printer, String name, Options options) {
    this.session = session;
    this.printer = printer;
    this.name = name;
    this.options = options;
    this.json = printer.json();
    this.out = printer.sentences();
  }

  /** What {@code -o json} prints for a dry run: the approvals that would be steered. */
  record DryRun(String command, String query, boolean dryRun, List<WorkList.Entry> matched) {}

  /** The usage errors of these options, given the rest of the command line; null if none. */
  static String misuse(Options options, boolean signal, boolean concurrencyGiven) {
    if (options.query == null) {
      if (options.dryRun) {
        return "--dry-run goes with --query";
      }
      return concurrencyGiven ? CONCURRENCY + " goes with --query" : null;
    }
    if (options.query.isBlank()) {
      return "--query needs a filter, e.g. --query \"CurrentStep = 'manager'\"";
    }
    if (signal && concurrencyGiven) {
      return CONCURRENCY
          + " paces updates; with --signal one Temporal batch job sends the signals at the"
          + " server's pace";
    }
    if (options.concurrency < 1 || options.concurrency > MAX_CONCURRENCY) {
      return CONCURRENCY + " must be 1 to " + MAX_CONCURRENCY + ": " + options.concurrency;
    }
    return null;
  }

  /** Lists the approvals, then steers them (or, for a dry run, shows them); the exit code. */
  int run(ApprovalCommand command, boolean signal) throws InterruptedException, JsonProcessingException {
    WorkList list = new WorkList().where(options.query);
    // Listed once, before anything is sent: steering changes the attributes a filter reads
    // (suspend changes ApprovalState), and a list paged while its members change may skip some.
    List<WorkList.Entry> matched =
        ListCommand.list(session, list, Integer.MAX_VALUE).stream()
            .sorted(Comparator.comparing(WorkList.Entry::workflowId))
            .toList();
    String what = name + " " + command.input();
    if (matched.isEmpty()) {
      out.println("no running approval matches " + list.query() + ": nothing sent");
      if (json) {
        printer.printJson(new BulkSummary(name, 0).document(Duration.ZERO));
      }
      return ExitCodes.DONE;
    }
    if (options.dryRun && json) {
      printer.printJson(new DryRun(what, list.query(), true, matched));
      return ExitCodes.DONE;
    }
    if (options.dryRun) {
      out.println(
          count(matched.size())
              + (matched.size() == 1 ? " matches " : " match ")
              + list.query()
              + ":");
      Table table = Table.of("WORKFLOW", "STATE", "STEP", "OWNER", "DEADLINE");
      for (WorkList.Entry entry : matched) {
        table.row(
            entry.workflowId(),
            entry.approvalState(),
            entry.currentStep(),
            entry.currentOwner(),
            Table.instant(entry.nextDeadline()));
      }
      table.print(out);
      out.println(
          "dry run: would send "
              + what
              + (signal
                  ? " to each as a signal, by one Temporal batch job over the same filter"
                  : " to each as an update, " + options.concurrency + " at a time")
              + "; nothing sent");
      return ExitCodes.DONE;
    }
    if (signal) {
      return new BatchSignal(session, printer, name).run(list, command, matched.size());
    }
    return updates(matched.stream().map(WorkList.Entry::workflowId).toList(), command);
  }

  private static String count(int approvals) {
    return approvals + " running approval" + (approvals == 1 ? "" : "s");
  }

  /**
   * Sends {@code command} as an Update to each approval, {@code --concurrency} at a time, printing
   * a line for each that did not apply it and then the summary.
   *
   * @return the exit code of the worst answer
   */
  int updates(List<String> workflowIds, ApprovalCommand command)
      throws InterruptedException, JsonProcessingException {
    Approvals approvals = session.steering(); // each Update signed, when the CLI has a token
    BulkSummary summary = new BulkSummary(name, workflowIds.size());
    int threads = Math.max(1, Math.min(options.concurrency, workflowIds.size()));
    out.println(
        "sending "
            + name
            + " "
            + command.input()
            + " to "
            + count(workflowIds.size())
            + " as updates, "
            + threads
            + " at a time");
    out.flush();
    long started = System.nanoTime();
    // Without a worker or a server every update waits out --answer-timeout: after a pool's worth
    // of such failures in a row the rest are not sent, so 1,000 approvals do not take hours.
    AtomicInteger unavailableInARow = new AtomicInteger();
    ExecutorService pool =
        Executors.newFixedThreadPool(
            threads,
            task -> {
              Thread thread = new Thread(task, "overdue-bulk");
              thread.setDaemon(true);
              return thread;
            });
    try (ProgressLine progress =
        printer.progress(() -> status(summary, System.nanoTime() - started))) {
      for (String id : workflowIds) {
        pool.execute(
            () -> {
              BulkSummary.Outcome outcome =
                  steer(approvals, id, command, summary, unavailableInARow, threads);
              if (outcome.result() != BulkSummary.Result.APPLIED) {
                progress.println(out, BulkSummary.line(outcome));
              }
            });
      }
      pool.shutdown();
      while (!pool.awaitTermination(1, TimeUnit.SECONDS)) {
        // the progress line shows how far it got
      }
    } finally {
      pool.shutdownNow();
    }
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    if (json) {
      printer.printJson(summary.document(took));
    } else {
      summary.lines(took).forEach(out::println);
    }
    return summary.exitCode();
  }

  private BulkSummary.Outcome steer(
      Approvals approvals,
      String id,
      ApprovalCommand command,
      BulkSummary summary,
      AtomicInteger unavailableInARow,
      int threads) {
    if (unavailableInARow.get() >= threads) {
      return summary.failed(
          id,
          "not sent: Temporal did not answer for "
              + threads
              + (threads == 1 ? " approval" : " approvals")
              + " in a row",
          ExitCodes.UNAVAILABLE);
    }
    try {
      CommandResult result = session.answer(id, true, () -> approvals.update(id, command));
      unavailableInARow.set(0);
      return summary.applied(id, result.message());
    } catch (RefusedException refused) {
      unavailableInARow.set(0);
      return summary.refused(id, refused.reason());
    } catch (WorkflowNotFoundException ended) {
      unavailableInARow.set(0);
      return summary.refused(id, "not running any more: it ended after the list was read");
    } catch (RuntimeException e) {
      CliError explained = new Failures(session, printer, id, true).explain(e);
      if (explained.exitCode() == ExitCodes.REFUSED) {
        unavailableInARow.set(0);
        return summary.refused(id, explained.getMessage());
      }
      if (explained.exitCode() == ExitCodes.UNAVAILABLE) {
        unavailableInARow.incrementAndGet();
      }
      return summary.failed(id, explained.getMessage(), explained.exitCode());
    }
  }

  /** {@code suspend [##........] 250/1000: 248 applied, 2 refused, 0 failed, 4 s} */
  static String status(BulkSummary summary, long elapsedNanos) {
    return String.format(
        Locale.ROOT,
        "%s %s %d/%d: %d applied, %d refused, %d failed, %d s",
        summary.command(),
        ProgressLine.bar(summary.done(), summary.total(), 10),
        summary.done(),
        summary.total(),
        summary.count(BulkSummary.Result.APPLIED),
        summary.count(BulkSummary.Result.REFUSED),
        summary.count(BulkSummary.Result.FAILED),
        TimeUnit.NANOSECONDS.toSeconds(elapsedNanos));
  }
}
