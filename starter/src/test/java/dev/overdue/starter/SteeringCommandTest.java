package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.Declarations;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The steering subcommands are their commands' declarations: an option per field, bound into the record. */
class SteeringCommandTest {
  private static ApprovalCommand parsed(String... args) {
    CommandLine line = OverdueCli.commandLine(new OverdueCli(() -> null));
    return ((SteeringCommand) line.parseArgs(args).subcommand().commandSpec().userObject()).command();
  }

  @Test
  void everyDeclaredCommandIsASubcommandWithAnOptionOrPositionalPerField() {
    CommandLine root = OverdueCli.commandLine(new OverdueCli(() -> null));
    ApprovalCommand.ALL.forEach((name, type) -> {
      CommandLine command = root.getSubcommands().get(Declarations.of(type).cli());
      assertNotNull(command, name);
      long positionals = Declarations.fields(type).stream().filter(f -> Declarations.input(f).positional()).count();
      assertEquals(1 + positionals, command.getCommandSpec().positionalParameters().size(), name);
      // its own options: a field each, and --signal, --help, --version and the bulk ones
      long options = command.getCommandSpec().options().stream()
          .filter(option -> !option.inherited() && option.group() == null || option.group() != null
              && option.group().heading() == null)
          .count();
      assertEquals(Declarations.fields(type).size() - positionals + 3, options, name);
    });
  }

  @Test
  void theOptionsAreBoundIntoTheRecord() {
    assertEquals(new ApprovalCommand.Complete("alice", "needs-legal", "ok", Map.of("amount", 12)),
        parsed("complete", "PO-1", "--user", "alice", "--outcome", "needs-legal", "--comment", "ok",
            "--task-output", "{\"amount\": 12}"));
    assertEquals(new ApprovalCommand.Forward("bob", List.of("carol", "finance"), null),
        parsed("forward", "PO-1", "--user", "bob", "--to", "carol,finance"));
    assertEquals(new ApprovalCommand.SetPriority(null, 1), parsed("set-priority", "PO-1", "--priority", "1"));
    assertEquals(new ApprovalCommand.EnableTimer("reminder", null), parsed("enable-timer", "PO-1", "reminder"));
    assertEquals(ApprovalCommand.ExtendDeadline.to("process", "P3D", null),
        parsed("extend-deadline", "PO-1", "process", "--limit", "P3D"));
    assertEquals(new ApprovalCommand.Resume(), parsed("resume", "PO-1"));
  }
}
