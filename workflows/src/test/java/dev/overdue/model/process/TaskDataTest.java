package dev.overdue.model.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.model.command.TaskData;
import dev.overdue.model.request.RequestValidator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Task data: JSON Merge Patch as RFC 7396 defines it (its appendix A, every example), what changed,
 * and the commands that change an approval's data ({@code updateData}, a decision's output).
 */
class TaskDataTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Requested by carol; step manager (alice, bob) whose completion deadline depends on the data. */
  static final String PURCHASE =
      "{'requestId':'PO-9','requester':'carol','data':{'amount':12000,'supplier':'ACME'},"
          + "'steps':[{'name':'manager','approvers':['alice','bob'],"
          + "'completionDeadlines':[{'name':'big','for':'PT2H','escalations':["
          + "{'action':'warn','condition':'data.amount >= 10000'}]}]},"
          + "{'name':'finance','approvers':['frank']}]}";

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text.replace('\'', '"'));
  }

  @ParameterizedTest(name = "{0} + {1} = {2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "{'a':'b'}                | {'a':'c'}                      | {'a':'c'}",
        "{'a':'b'}                | {'b':'c'}                      | {'a':'b','b':'c'}",
        "{'a':'b'}                | {'a':null}                     | {}",
        "{'a':'b','b':'c'}        | {'a':null}                     | {'b':'c'}",
        "{'a':['b']}              | {'a':'c'}                      | {'a':'c'}",
        "{'a':'c'}                | {'a':['b']}                    | {'a':['b']}",
        "{'a':{'b':'c'}}          | {'a':{'b':'d','c':null}}       | {'a':{'b':'d'}}",
        "{'a':[{'b':'c'}]}        | {'a':[1]}                      | {'a':[1]}",
        "['a','b']                | ['c','d']                      | ['c','d']",
        "{'a':'b'}                | ['c']                          | ['c']",
        "{'a':'foo'}              | null                           | null",
        "{'a':'foo'}              | 'bar'                          | 'bar'",
        "{'e':null}               | {'a':1}                        | {'e':null,'a':1}",
        "[1,2]                    | {'a':'b','c':null}             | {'a':'b'}",
        "{}                       | {'a':{'bb':{'ccc':null}}}      | {'a':{'bb':{}}}",
      })
  void mergesAsRfc7396Says(String target, String patch, String result) throws Exception {
    JsonNode before = json(target);
    assertEquals(json(result), TaskData.merged(before, json(patch)));
    assertEquals(json(target), before, "the original is untouched");
  }

  @Test
  void eachChangedValueIsListedWithItsPathAndBothValues() throws Exception {
    JsonNode before = json("{'amount':12000,'customer':{'name':'ACME','tier':'gold'},'notes':'x'}");
    JsonNode after =
        TaskData.merged(before, json("{'amount':9000,'customer':{'tier':'silver'},'notes':null,'po':'4711'}"));
    assertEquals(
        List.of(
            new TaskData.Change("amount", json("12000"), json("9000")),
            new TaskData.Change("customer.tier", json("'gold'"), json("'silver'")),
            new TaskData.Change("notes", json("'x'"), null),
            new TaskData.Change("po", null, json("'4711'"))),
        TaskData.changes(before, after));
    assertEquals(List.of(), TaskData.changes(before, before));
  }

  @Test
  void theRequesterAndThePotentialOwnersMayChangeTheDataAndLaterRulesSeeIt() throws Exception {
    ApprovalProcess process = DeadlinesTest.start(PURCHASE);

    String answer = process.apply(new ApprovalCommand.UpdateData("alice", Fixtures.object(json("{'amount':900,'po':'4711'}"))), Fixtures.T0);

    assertEquals("data updated: amount, po", answer);
    assertEquals(Map.of("amount", 900, "supplier", "ACME", "po", "4711"), process.data());
    // The deadline's condition reads the data at the expiry: no warning now.
    DeadlinesTest.fire(process, Fixtures.at("PT2H"));
    assertEquals(List.of(), process.warnings());
    HistoryEntry changed =
        process.history().stream().filter(h -> h.name().equals("DataChanged")).findFirst().orElseThrow();
    assertEquals(
        json("{'by':'alice','changes':[{'field':'amount','old':12000,'new':900},{'field':'po','old':null,'new':'4711'}]}"),
        changed.input());
    process.apply(new ApprovalCommand.UpdateData("carol", Fixtures.object(json("{'supplier':null}"))), Fixtures.at("PT3H"));
    assertEquals(Map.of("amount", 900, "po", "4711"), process.data());
  }

  @Test
  void someoneElseMayNotChangeTheData() throws Exception {
    ApprovalProcess process = DeadlinesTest.start(PURCHASE);
    Fixtures.assertRefusedUnchanged(
        process, new ApprovalCommand.UpdateData("mallory", Fixtures.object(json("{'amount':1}"))), Fixtures.T0,
        "mallory may not change the data: only the requester ('carol') and the potential owners of step manager (candidate users: alice, bob) may");
    assertEquals(Map.of("amount", 12000, "supplier", "ACME"), process.data());
  }

  @Test
  void dataTooLargeIsRefusedAndChangesNothing() throws Exception {
    ApprovalProcess process = DeadlinesTest.start(PURCHASE);
    String big = "x".repeat(RequestValidator.MAX_DATA_LENGTH);
    Fixtures.assertRefusedUnchanged(
        process, new ApprovalCommand.UpdateData("carol", Fixtures.object(json("{'blob':'" + big + "'}"))), Fixtures.T0, "the data would be too large");
    assertEquals(Map.of("amount", 12000, "supplier", "ACME"), process.data());
  }

  @Test
  void aDecisionsOutputIsMergedBeforeTheApprovalMovesOn() throws Exception {
    ApprovalProcess process = DeadlinesTest.start(PURCHASE);
    process.apply(new ApprovalCommand.Approve("alice", "ok", Fixtures.object(json("{'approvedBudget':11000}"))), Fixtures.T0);
    assertEquals(11000, process.data().get("approvedBudget"));
    assertEquals("finance", process.currentTask().name());
    List<String> kinds = process.history().stream().map(HistoryEntry::name).toList();
    assertTrue(kinds.indexOf("DataChanged") >= 0, kinds.toString());
  }

  @Test
  void aDecisionWhoseOutputIsTooLargeIsRefusedAndDecidesNothing() throws Exception {
    ApprovalProcess process = DeadlinesTest.start(PURCHASE);
    String big = "x".repeat(RequestValidator.MAX_DATA_LENGTH);
    Fixtures.assertRefusedUnchanged(
        process, new ApprovalCommand.Complete("alice", "approved", null, Fixtures.object(json("{'blob':'" + big + "'}"))), Fixtures.T0,
        "too large");
    assertEquals("manager", process.currentTask().name());
  }
}
