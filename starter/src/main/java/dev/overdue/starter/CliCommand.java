package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/**
 * What every subcommand shares: the session and the printer the root hands it, and one place that
 * turns failures into a message on stderr and an exit code ({@link Failures}).
 */
abstract class CliCommand implements Callable<Integer> {
  @ParentCommand CommandContext context;

  @Mixin ExitCodes exitCodes;

  /** The approval the command is about, for messages; null when there is none yet. */
  abstract String approvalId();

  /** True for commands to a running approval: not found may then mean it has already ended. */
  boolean needsRunning() {
    return false;
  }

  /**
   * The exit code when {@link #execute} returns: done, unless a command that reports its own
   * results (the summary of many approvals) sets it.
   */
  int exitCode = ExitCodes.DONE;

  /** Does the work and prints the answer; failures are thrown. */
  abstract void execute() throws Exception;

  @Override
  public final Integer call() {
    try {
      session().checkTokenFlags();
      execute();
      out().flush();
      return exitCode;
    } catch (CommandLine.ParameterException usage) {
      // Options that do not go together: picocli prints it as every other usage error.
      out().flush();
      throw usage;
    } catch (Exception e) {
      out().flush();
      return new Failures(session(), printer(), approvalId(), needsRunning()).report(e);
    }
  }

  Session session() {
    return context.session();
  }

  Printer printer() {
    return context.printer();
  }

  /** True when stdout gets JSON rather than tables and sentences ({@code -o json}). */
  boolean json() {
    return printer().json();
  }

  void printJson(Object value) throws JsonProcessingException {
    printer().printJson(value);
  }

  PrintWriter out() {
    return printer().out();
  }

  PrintWriter err() {
    return printer().err();
  }
}
