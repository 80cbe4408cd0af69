package dev.overdue.model.command;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.api.ApprovalCommand;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CommandRulesTest {
  @Test
  void everyDeclaredCommandHasARuleInTheTable() {
    // The table is filled as the rules are made; it reads nothing of the process until a check.
    assertEquals(Set.copyOf(ApprovalCommand.ALL.values()), new CommandRules(null).commands());
  }
}
