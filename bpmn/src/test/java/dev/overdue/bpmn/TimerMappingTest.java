package dev.overdue.bpmn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Timer boundary events and Camunda 7's timeout listeners as completion deadlines: the timer's
 * kind gives for, until or cycle; what its branch does gives the escalation.
 */
class TimerMappingTest {
  private static final String TASK = "<bpmn:userTask id=\"t\" name=\"Approve\" camunda:candidateUsers=\"alice\" />\n";

  private static ImportedRequest withTimer(String timerAndBranch) throws Exception {
    return Imports.of(Models.c7(Models.path("t", "t", TASK + timerAndBranch)));
  }

  private static JsonNode deadline(ImportedRequest imported) throws Exception {
    assertFalse(imported.blocked(), Imports.report(imported).toString());
    assertEquals(List.of(), Imports.problems(imported), imported.yaml());
    return imported.json().at("/steps/0/completionDeadlines/0");
  }

  @Test
  void aNonInterruptingTimerThatOnlyEndsIsAReminderToThePotentialOwners() throws Exception {
    for (String[] kind : List.of(new String[] {"timeDuration", "PT4H", "for"},
        new String[] {"timeDate", "2027-01-10T09:00:00Z", "until"}, new String[] {"timeCycle", "R/P1D", "cycle"})) {
      JsonNode deadline = deadline(withTimer(Models.timer("remind", "t", false, kind[0], kind[1], "f-r")
          + Models.flow("f-r", "remind", "reminded") + Models.end("reminded", "Reminded")));
      assertEquals(kind[1], deadline.get(kind[2]).asText(), kind[0]);
      assertEquals("[{\"action\":\"notify\",\"to\":[\"potentialOwners\"]}]", deadline.get("escalations").toString());
    }
  }

  @Test
  void aNonInterruptingTimerWithNoOutgoingFlowIsAReminderToo() throws Exception {
    // Valid BPMN: its token ends where it fires.
    ImportedRequest imported = withTimer(Models.timer("remind", "t", false, "timeDuration", "PT4H", "").replace("<bpmn:outgoing></bpmn:outgoing>", ""));
    JsonNode deadline = deadline(imported);
    assertEquals("PT4H", deadline.get("for").asText());
    assertEquals("[{\"action\":\"notify\",\"to\":[\"potentialOwners\"]}]", deadline.get("escalations").toString());
    assertTrue(imported.yaml().contains("no outgoing flow: its token ends there"), imported.yaml());
  }

  @Test
  void anInterruptingTimerThatEndsTheProcessDecidesByTheEndEventsName() throws Exception {
    JsonNode rejected = deadline(withTimer(Models.timer("expire", "t", true, "timeDuration", "P10D", "f-x")
        + Models.flow("f-x", "expire", "expired") + Models.end("expired", "Request expired")));
    assertEquals("[{\"action\":\"decide\",\"outcome\":\"REJECTED\"}]", rejected.get("escalations").toString());
    JsonNode approved = deadline(withTimer(Models.timer("auto", "t", true, "timeDuration", "P10D", "f-x")
        + Models.flow("f-x", "auto", "auto-approved") + Models.end("auto-approved", "Approved automatically")));
    assertEquals("[{\"action\":\"decide\",\"outcome\":\"APPROVED\"}]", approved.get("escalations").toString());
    JsonNode notApproved = deadline(withTimer(Models.timer("auto", "t", true, "timeDuration", "P10D", "f-x")
        + Models.flow("f-x", "auto", "gone") + Models.end("gone", "Not approved")));
    assertEquals("REJECTED", notApproved.at("/escalations/0/outcome").asText());
  }

  @Test
  void anInterruptingTimerToAnotherTaskGoingTheSameWayReassignsToItsOwners() throws Exception {
    ImportedRequest imported = withTimer(Models.timer("escalate", "t", true, "timeDuration", "P2D", "f-e")
        + Models.flow("f-e", "escalate", "boss")
        + "<bpmn:userTask id=\"boss\" name=\"Approve (director)\" camunda:candidateUsers=\"dora\" camunda:candidateGroups=\"directors\" />"
        + Models.flow("f-b", "boss", "end"));
    JsonNode deadline = deadline(imported);
    assertEquals("P2D", deadline.get("for").asText());
    assertEquals("[{\"action\":\"reassign\",\"to\":[\"dora\",\"directors\"]}]", deadline.get("escalations").toString());
    assertEquals(1, imported.steps());
  }

  @Test
  void anInterruptingCycleFiresOnceAfterItsFirstIntervalAndCamunda8sCronIsWrittenInQuartzForm() throws Exception {
    JsonNode once = deadline(withTimer(Models.timer("x", "t", true, "timeCycle", "R3/PT6H", "f-x")
        + Models.flow("f-x", "x", "gone") + Models.end("gone", "Expired")));
    assertEquals("PT6H", once.get("for").asText());
    ImportedRequest cron = Imports.of(Models.c8(Models.path("t", "t",
        "<bpmn:userTask id=\"t\"><bpmn:extensionElements><zeebe:userTask /><zeebe:assignmentDefinition candidateUsers=\"alice\" />"
            + "</bpmn:extensionElements></bpmn:userTask>"
            + Models.timer("daily", "t", false, "timeCycle", "0 0 9 * * MON-FRI", "f-d")
            + Models.flow("f-d", "daily", "done") + Models.end("done", "Reminded"))));
    assertEquals("0 0 9 ? * MON-FRI", deadline(cron).get("cycle").asText());
    assertTrue(cron.yaml().contains("Quartz's form of Camunda 8's 0 0 9 * * MON-FRI"), cron.yaml());
    // Spring counts weekdays 0–7 from Sunday, Quartz 1–7: numbers are written as names.
    assertEquals(Optional.of("0 30 8 ? * MON,TUE,WED,THU,FRI"), SpringCron.toQuartz("0 30 8 * * 1-5"));
    assertEquals(Optional.of("0 0 12 ? * SAT,SUN"), SpringCron.toQuartz("0 0 12 * * 6-7"));
    assertEquals(Optional.of("0 0 12 ? * SUN"), SpringCron.toQuartz("0 0 12 * * 0"));
    assertEquals(Optional.of("0 0 0 1 * ?"), SpringCron.toQuartz("@monthly"));
    assertEquals(Optional.of("0 0 9 1 * ?"), SpringCron.toQuartz("0 0 9 1 * *"));
    assertEquals(Optional.empty(), SpringCron.toQuartz("0 0 9 1 * MON")); // both day fields: Quartz cannot say it
    assertEquals(Optional.empty(), SpringCron.toQuartz("0 0 9 * * 1/2"));
  }

  @Test
  void aTimerGivenByAPlainVariableReadsItFromTheData() throws Exception {
    JsonNode deadline = deadline(withTimer(Models.timer("sla", "t", false, "timeDuration", "${slaDuration}", "f-s")
        + Models.flow("f-s", "sla", "done") + Models.end("done", "Reminded")));
    assertEquals("=data.slaDuration", deadline.get("for").asText());
  }

  @Test
  void aCamunda7TimeoutListenerIsAReminderAndItsCodeIsReported() throws Exception {
    ImportedRequest imported = Imports.of(Models.c7(Models.path("t", "t", """
        <bpmn:userTask id="t" camunda:candidateUsers="alice"><bpmn:extensionElements>
          <camunda:taskListener delegateExpression="${nudge}" event="timeout" id="nudge">
            <bpmn:timerEventDefinition id="nudge-timer"><bpmn:timeCycle xsi:type="bpmn:tFormalExpression">R2/PT12H</bpmn:timeCycle></bpmn:timerEventDefinition>
          </camunda:taskListener>
        </bpmn:extensionElements></bpmn:userTask>
        """)));
    JsonNode deadline = deadline(imported);
    assertEquals("nudge", deadline.get("name").asText());
    assertEquals("R2/PT12H", deadline.get("cycle").asText());
    assertEquals(List.of("nudge (camunda:taskListener): its code (delegateExpression ${nudge}) does not run:"
        + " when its timer fires Overdue notifies the task's potential owners"), Imports.report(imported));
  }

  @Test
  void branchesThatDoMoreThanRemindDecideOrReassignAreRefused() throws Exception {
    ImportedRequest toService = withTimer(Models.timer("x", "t", true, "timeDuration", "P1D", "f-x")
        + Models.flow("f-x", "x", "book") + "<bpmn:serviceTask id=\"book\" camunda:class=\"a.B\" />"
        + Models.flow("f-b", "book", "gone") + Models.end("gone", "Expired"));
    assertEquals(List.of(
        "blocks book (serviceTask): work a program does: Overdue runs people's steps; run it from a listener's notification or your own Temporal workflow",
        "blocks x (boundaryEvent): its branch leads to a endEvent (gone): an interrupting timer maps when it ends the process or hands the task to another user task"),
        Imports.report(toService));
    ImportedRequest elsewhere = withTimer(Models.timer("x", "t", true, "timeDuration", "P1D", "f-x")
        + Models.flow("f-x", "x", "other") + "<bpmn:userTask id=\"other\" camunda:candidateUsers=\"dora\" />"
        + Models.flow("f-o", "other", "gone") + Models.end("gone", "Expired"));
    assertEquals(List.of("blocks other (userTask): reached by the timer x but it does not lead where t does:"
        + " a reassignment hands the same task to others"), Imports.report(elsewhere));
    ImportedRequest message = Imports.of(Models.c7(Models.path("t", "t", TASK
        + "<bpmn:boundaryEvent id=\"m\" attachedToRef=\"t\"><bpmn:messageEventDefinition id=\"md\" /></bpmn:boundaryEvent>")));
    assertEquals(List.of("blocks m (boundaryEvent): a message boundary event: of the events on a task Overdue has timers only"),
        Imports.report(message));
    ImportedRequest everyTenSeconds = withTimer(Models.timer("x", "t", false, "timeCycle", "R5/PT10S", "f-x")
        + Models.flow("f-x", "x", "gone") + Models.end("gone", "Reminded"));
    assertEquals(List.of("blocks x (boundaryEvent): its cycle R5/PT10S repeats more often than Overdue's cycles may,"
        + " once a minute: write it a minute apart or more"), Imports.report(everyTenSeconds));
    ImportedRequest monthly = withTimer(Models.timer("x", "t", true, "timeDuration", "P1M", "f-x")
        + Models.flow("f-x", "x", "gone") + Models.end("gone", "Expired"));
    assertEquals(List.of("blocks x (boundaryEvent): its timeDuration P1M counts months or years, which have no fixed"
        + " length in Overdue (write days, P30D)"), Imports.report(monthly));
    ImportedRequest cycleExpression = withTimer(Models.timer("x", "t", false, "timeCycle", "${cycle}", "f-x")
        + Models.flow("f-x", "x", "gone") + Models.end("gone", "Reminded"));
    assertTrue(cycleExpression.blocked());
    assertTrue(Imports.report(cycleExpression).get(0).contains("timeCycle ${cycle} is not a duration, a date or a cycle Overdue reads"),
        Imports.report(cycleExpression).toString());
  }
}
