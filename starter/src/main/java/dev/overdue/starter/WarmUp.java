package dev.overdue.starter;

import dev.overdue.api.ApprovalCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/**
 * {@code overdue warm-up} (hidden): what {@code bin/overdue} runs once per jar and Java runtime, in
 * the background, to make the class-data archive later commands start from (AppCDS). It loads what
 * commands load — every command's help, the connection, a query and an Update and their failures —
 * and prints nothing. The approval it asks for does not exist; without a server it gives up after a
 * few seconds, having loaded less.
 */
@Command(name = "warm-up", hidden = true)
final class WarmUp implements Callable<Integer> {
  @ParentCommand CommandContext context;

  @Override
  public Integer call() {
    // Every command, as help builds them: main built this command line with warm-up alone.
    PrintWriter discard = new PrintWriter(new StringWriter());
    for (CommandLine command : OverdueCli.commandLine(new OverdueCli(() -> null)).getSubcommands().values()) {
      command.usage(discard);
    }
    Session session = context.session();
    session.answerTimeout = Duration.ofSeconds(5);
    String id = "overdue-warm-up-" + System.nanoTime();
    attempt(() -> session.answer(id, false, () -> session.approvals().status(id)));
    attempt(
        () ->
            session.answer(
                id, true, () -> session.approvals().update(id, new ApprovalCommand.Resume())));
    return ExitCodes.DONE;
  }

  private static void attempt(Runnable call) {
    try {
      call.run();
    } catch (RuntimeException expected) {
      // Not found, or no server: the classes on the way are loaded either way.
    }
  }
}
