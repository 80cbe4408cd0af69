package dev.overdue.inbox.view;

import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.inbox.api.Answers;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * The imported invoice approval (docs/examples/request-types/invoice-approval.json) as the API
 * answers for it, Monday 14 Dec 2026, 10:00 in Zurich: "Approve invoice (manager)" waits for alice
 * and bob (managers), due Thursday; "approve-finance" has no title and is not reached yet.
 */
final class Invoice {
  static final Instant NOW = Instant.parse("2026-12-14T09:00:00Z");
  static final Dates DATES = new Dates(ZoneId.of("Europe/Zurich"));

  static final StatusInfo STATUS = status("'currentStep':'approve-manager','steps':[" + manager("'state':'READY'") + ","
      + "{'name':'approve-finance','state':'PENDING','candidateGroups':['finance'],'assignee':'frank','priority':5}],"
      + "'timers':[{'name':'approve-manager.completion','kind':'COMPLETION','step':'approve-manager','state':'RUNNING',"
      + "'limit':'P3D','expiresAt':'2026-12-17T09:00:00Z'},"
      + "{'name':'approve-manager.remind-manager','kind':'COMPLETION_DEADLINE','step':'approve-manager','state':'RUNNING',"
      + "'limit':'R3/P1D','expiresAt':'2026-12-15T09:00:00Z'},"
      + "{'name':'approve-manager.escalate-manager','kind':'COMPLETION_DEADLINE','step':'approve-manager','state':'RUNNING',"
      + "'limit':'P5D','expiresAt':'2026-12-19T09:00:00Z'},"
      + "{'name':'approve-finance.finance-deadline','kind':'COMPLETION_DEADLINE','step':'approve-finance','state':'OFF',"
      + "'limit':'P10D'},"
      + "{'name':'follow-up','kind':'USER','state':'SUSPENDED','limit':'P2D','expiresAt':'2026-12-12T09:00:00Z','expired':true}]");

  static final Titles TITLES = Titles.of(STATUS);

  private Invoice() {}

  /** The manager's step, with {@code more} of its fields. */
  static String manager(String more) {
    return "{'name':'approve-manager','title':'Approve invoice (manager)'," + more + ",'potentialOwners':['alice','bob'],"
        + "'candidateGroups':['managers'],'priority':3}";
  }

  /** The invoice's status with {@code fields} (its steps, timers, …). */
  static StatusInfo status(String fields) {
    return json(StatusInfo.class, "{'requestId':'INV-1','title':'Invoice 4711','requester':'carol','state':'ACTIVE'," + fields + "}");
  }

  static List<PlanEntry> plan(String entries) {
    return Answers.list(bytes("[" + entries + "]"), PlanEntry.class);
  }

  static List<HistoryEntry> history(String entries) {
    return Answers.list(bytes("[" + entries + "]"), HistoryEntry.class);
  }

  /** The API's answer, as the inbox reads it, written with ' for ". */
  static <T> T json(Class<T> type, String text) {
    return Answers.read(bytes(text), type);
  }

  private static byte[] bytes(String text) {
    return text.replace('\'', '"').getBytes(StandardCharsets.UTF_8);
  }
}
