package dev.overdue.bpmn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which of Camunda's expressions translate, and to what; and which conditions test an outcome. */
class ExpressionsTest {
  @Test
  void aPlainVariablePathInJuelOrFeelReadsTheDataAndAnythingElseDoesNotTranslate() {
    assertEquals(Optional.of("=data.reviewer"), Expressions.value("${reviewer}", null));
    assertEquals(Optional.of("=data.order.owner"), Expressions.value("#{ order.owner }", null));
    assertEquals(Optional.of("=data.owner"), Expressions.value("= owner", null));
    assertEquals(Optional.of("=process.requester"), Expressions.value("${starter}", "starter"));
    assertEquals(Optional.of("P2D"), Expressions.value(" P2D ", null));
    for (String other : List.of("${a + b}", "${bean.pick()}", "=a + b", "prefix-${x}", "${x}${y}", "=if a then b else c")) {
      assertEquals(Optional.empty(), Expressions.value(other, null), other);
    }
  }

  @Test
  void namesAreCommaSeparatedLiteralsOrAFeelListOfStrings() {
    assertEquals(Optional.of(List.of("alice", "bob")), Expressions.names(" alice, bob ,"));
    assertEquals(Optional.of(List.of("finance", "audit")), Expressions.names("=[\"finance\", \"audit\"]"));
    assertEquals(Optional.empty(), Expressions.names("alice, ${deputy}"));
    assertEquals(Optional.empty(), Expressions.names("=groups"));
  }

  @Test
  void conditionsThatTestOneVariable() {
    assertEquals(Optional.of(new Condition("approved", true, null)), Condition.read("${approved}"));
    assertEquals(Optional.of(new Condition("approved", false, null)), Condition.read("${ !approved }"));
    assertEquals(Optional.of(new Condition("approved", false, null)), Condition.read("=not(approved)"));
    assertEquals(Optional.of(new Condition("ok", false, null)), Condition.read("=ok = false"));
    assertEquals(Optional.of(new Condition("ok", true, null)), Condition.read("${ok ne false}"));
    assertEquals(Optional.of(new Condition("decision", null, "legal")), Condition.read("=decision = \"legal\""));
    assertEquals(Optional.of(new Condition("decision", null, "legal")), Condition.read("${decision eq 'legal'}"));
    for (String other : List.of("${amount > 10}", "${a && b}", "approved", "=a = b", "${x.y}")) {
      assertEquals(Optional.empty(), Condition.read(other), other);
    }
  }

  @Test
  void namesComeFromIdsUnlessModelerMadeThemUp() {
    assertEquals("manager", Names.of("manager", "Approve", java.util.Set.of()));
    assertEquals("approve-as-manager", Names.of("Activity_0x1y2z3", "Approve as Manager", java.util.Set.of()));
    assertEquals("manager-2", Names.of("manager", null, java.util.Set.of("manager")));
    assertEquals("luftfahrt-genehmigung", Names.slug("  Lüftfahrt: Genehmigung "));
  }
}
