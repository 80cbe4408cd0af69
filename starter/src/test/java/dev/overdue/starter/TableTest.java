package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableTest {
  private static String print(Table table) {
    StringWriter text = new StringWriter();
    table.print(new PrintWriter(text, true));
    return text.toString();
  }

  @Test
  void columnsArePaddedToTheWidestCellWithoutTrailingBlanks() {
    String text =
        print(
            Table.of("NAME", "STATE", "NOTE")
                .row("manager.acceptance", "RUNNING", null)
                .row("a", "OFF", "x"));

    assertEquals(
        """
        NAME                STATE    NOTE
        manager.acceptance  RUNNING  -
        a                   OFF      x
        """,
        text);
  }

  @Test
  void aLongLivedApprovalsWarningsSayHowManyAndWhereTheRestAre() {
    assertEquals("Warnings", StatusTables.warningsTitle(3, 3));
    assertEquals(
        "Warnings: 20,000 (the latest 100 shown; every one in history)", StatusTables.warningsTitle(100, 20_000));
  }

  @Test
  void manyCommentsSayHowManyAndWhereTheRestAre() {
    assertEquals("Comments", StatusTables.commentsTitle(2, 2));
    assertEquals("Comments: 52 (the latest 50 shown; every one in history)", StatusTables.commentsTitle(50, 52));
  }

  @Test
  void cellsShowFlagsListsAndLineBreaksReadably() {
    String text =
        print(
            Table.fields()
                .row("Approvers", List.of("alice", "bob"))
                .row("Expired", true)
                .row("Comment", "two\nlines"));

    assertEquals(
        """
        Approvers  alice,bob
        Expired    yes
        Comment    two lines
        """,
        text);
  }

  @Test
  void instantsAreShownToTheSecondAndLongTextIsShortened() {
    assertEquals("2026-11-23T09:00:00Z", Table.instant("2026-11-23T09:00:00.123456Z"));
    assertEquals("not a time", Table.instant("not a time"));
    assertEquals("abcdefg...", Table.shorten("abcdefghijklmnop", 10));
    assertEquals("short", Table.shorten("short", 10));
  }

  @Test
  void anEmptySectionSaysNone() {
    StringWriter text = new StringWriter();
    Table.of("AT", "MESSAGE").print(new PrintWriter(text, true), "Warnings");
    assertEquals("\nWarnings: none\n", text.toString());
  }
}
