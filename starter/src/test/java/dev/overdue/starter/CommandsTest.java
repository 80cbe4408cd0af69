package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class CommandsTest {
  private static String invoked(String... args) {
    return Commands.invoked(new CommandLine(new OverdueCli(() -> null)), args);
  }

  @Test
  void theSubcommandIsTheFirstWordThatIsNotARootOptionOrItsValue() {
    assertEquals("status", invoked("status", "PO-1"));
    assertEquals("status", invoked("--task-queue", "approve", "status", "PO-1"));
    assertEquals("status", invoked("--task-queue=approve", "status", "PO-1"));
    assertEquals("approve", invoked("--answer-timeout", "PT5S", "approve", "PO-1", "--user", "bob"));
  }

  @Test
  void helpTyposAndNoCommandNeedThemAll() {
    assertNull(invoked("help", "status"));
    assertNull(invoked("aprove", "PO-1"));
    assertNull(invoked("--help"));
    assertNull(invoked());
    assertNull(invoked("--", "status"));
  }

  @Test
  void theConnectionIsMadeMeanwhileForALineThatNamesACommandThatTalksToTheServer() {
    assertTrue(Commands.connects(new String[] {"status", "PO-1"}));
    assertTrue(Commands.connects(new String[] {"--answer-timeout", "PT5S", "approve", "PO-1"}));
    assertTrue(Commands.connects(new String[] {"warm-up"}));
    // A guess: help for a command connects for nothing, and closes the connection unused.
    assertTrue(Commands.connects(new String[] {"help", "status"}));
    assertFalse(Commands.connects(new String[] {"--version"}));
    assertFalse(Commands.connects(new String[] {"--help"}));
    assertFalse(Commands.connects(new String[] {"codec-server", "--port", "8888"}));
    // validate never connects, even for a file named like a command.
    assertFalse(Commands.connects(new String[] {"validate", "--file", "request.yaml"}));
    assertFalse(Commands.connects(new String[] {"validate", "--file", "status"}));
    assertFalse(Commands.connects(new String[] {"aprove", "PO-1"}));
    assertFalse(Commands.connects(new String[] {}));
  }

  @Test
  void aCommandLineForOneSubcommandHoldsOnlyIt() {
    OverdueCli cli = new OverdueCli(() -> null);
    assertEquals(Set.of("status"), OverdueCli.commandLine(cli, new String[] {"status", "PO-1"}).getSubcommands().keySet());
    assertEquals(
        Commands.ALL.size(),
        OverdueCli.commandLine(new OverdueCli(() -> null), new String[] {"help"}).getSubcommands().size());
    assertEquals(
        Commands.ALL.size(), OverdueCli.commandLine(new OverdueCli(() -> null)).getSubcommands().size());
    assertEquals(
        Set.of(), OverdueCli.commandLine(new OverdueCli(() -> null), new String[] {"--version"}).getSubcommands().keySet());
    assertEquals(
        Commands.ALL.size(),
        OverdueCli.commandLine(new OverdueCli(() -> null), new String[] {"--help"}).getSubcommands().size());
  }
}
