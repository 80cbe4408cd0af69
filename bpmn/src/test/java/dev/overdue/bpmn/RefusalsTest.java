package dev.overdue.bpmn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What does not map is listed by element id, kind and reason; what sits on a user task's path
 * blocks the import, and the partial request keeps the tasks around it. Files that are not one
 * BPMN process are refused whole.
 */
class RefusalsTest {
  private static final String A = "<bpmn:userTask id=\"a\" camunda:candidateUsers=\"alice\" />\n";
  private static final String B = "<bpmn:userTask id=\"b\" camunda:candidateUsers=\"bob\" />\n";

  /** a → {@code element} (id x) → b, in Camunda 7. */
  private static ImportedRequest between(String element) throws Exception {
    return Imports.of(Models.c7(Models.path("a", "b", A + Models.flow("f1", "a", "x") + element + Models.flow("f2", "x", "b") + B)));
  }

  @Test
  void workAProgramDoesOnThePathBlocksAndThePartialRequestKeepsTheStepsAroundIt() throws Exception {
    for (String kind : List.of("serviceTask", "scriptTask", "businessRuleTask", "sendTask")) {
      ImportedRequest imported = between("<bpmn:" + kind + " id=\"x\" />");
      assertEquals(List.of("blocks x (" + kind + "): work a program does: Overdue runs people's steps; run it from a"
          + " listener's notification or your own Temporal workflow"), Imports.report(imported));
      assertEquals(2, imported.steps());
    }
  }

  @Test
  void everyOtherKindOnThePathSaysWhy() throws Exception {
    assertEquals(List.of("blocks x (callActivity): a call of another process: import that process on its own"),
        Imports.report(between("<bpmn:callActivity id=\"x\" calledElement=\"other\" />")));
    assertEquals(List.of("blocks x (subProcess): a subprocess: Overdue's steps are one flat sequence"),
        Imports.report(between("<bpmn:subProcess id=\"x\" />")));
    assertEquals(List.of("blocks x (receiveTask): a wait for a message or a time between steps: Overdue's steps follow one another"),
        Imports.report(between("<bpmn:receiveTask id=\"x\" />")));
    assertEquals(List.of("blocks x (manualTask): a task with no one to act on it: Overdue's steps are user tasks"),
        Imports.report(between("<bpmn:manualTask id=\"x\" />")));
    ImportedRequest parallel = Imports.of(Models.c7(Models.path("a", "b", A + Models.flow("f1", "a", "x")
        + "<bpmn:parallelGateway id=\"x\" />" + Models.flow("f2", "x", "b") + Models.flow("f3", "x", "c") + B
        + "<bpmn:userTask id=\"c\" camunda:candidateUsers=\"carl\" />")));
    assertEquals(List.of("blocks x (parallelGateway): paths that run side by side or by events: Overdue's steps follow one another",
        "b (userTask): not on the path from the start event through the user tasks, so not in the request",
        "c (userTask): not on the path from the start event through the user tasks, so not in the request",
        "end (endEvent): not on the path from the start event through the user tasks, so not in the request"),
        Imports.report(parallel));
  }

  @Test
  void whatAUserTaskCarriesThatOverdueDoesNotRunBlocks() throws Exception {
    ImportedRequest imported = Imports.of(Models.c7(Models.path("a", "a", """
        <bpmn:userTask id="a" camunda:candidateUsers="${approvers}" camunda:priority="${urgency}" camunda:assignee="${owner.pick()}">
          <bpmn:extensionElements>
            <camunda:taskListener class="com.example.OnCreate" event="create" id="on-create" />
            <camunda:inputOutput><camunda:inputParameter name="x">1</camunda:inputParameter></camunda:inputOutput>
            <camunda:properties><camunda:property name="color" value="red" /></camunda:properties>
          </bpmn:extensionElements>
          <bpmn:multiInstanceLoopCharacteristics camunda:collection="${reviewers}" camunda:elementVariable="reviewer" />
        </bpmn:userTask>
        """)));
    assertEquals(List.of(
        "blocks a (camunda:candidateUsers): the expression ${approvers} is not a list of names: a step's approvers are names",
        "blocks a (camunda:assignee): the expression ${owner.pick()} is not a plain variable: only those map (to =data.…)",
        "blocks a (camunda:priority): the priority ${urgency} is not a number: a step's priority is one",
        "blocks a (userTask): a multi-instance task (one task per item): an Overdue step is one task",
        "blocks on-create (camunda:taskListener): a listener on 'create' runs code Overdue does not run; a step's listeners notify and warn",
        "blocks a (camunda:inputOutput): Overdue has no counterpart for it",
        "a (camunda:properties): metadata with no counterpart, which changes nothing Overdue does"),
        Imports.report(imported));
  }

  @Test
  void aStartWithATriggerAndAnEventSubprocessBlockWhatIsOffThePathDoesNot() throws Exception {
    ImportedRequest imported = Imports.of(Models.c7("""
        <bpmn:startEvent id="start" />
        <bpmn:startEvent id="by-message"><bpmn:messageEventDefinition id="m" /></bpmn:startEvent>
        <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="a" />
        <bpmn:userTask id="a" camunda:candidateUsers="alice" />
        <bpmn:sequenceFlow id="f2" sourceRef="a" targetRef="end" />
        <bpmn:endEvent id="end" />
        <bpmn:userTask id="lonely" camunda:candidateUsers="bob" />
        <bpmn:subProcess id="on-cancel" triggeredByEvent="true" />
        """));
    assertEquals(List.of(
        "blocks by-message (startEvent): a start event with a trigger (messageEventDefinition): an approval starts when"
            + " bin/overdue start, the task API or a client starts it",
        "lonely (userTask): not on the path from the start event through the user tasks, so not in the request",
        "blocks on-cancel (subProcess): an event subprocess, which can interrupt any task: Overdue has no counterpart"),
        Imports.report(imported));
  }

  @Test
  void anEndThatThrowsAndALoopBackBlock() throws Exception {
    ImportedRequest error = Imports.of(Models.c7(Models.path("a", "a", A))
        .replace("<bpmn:endEvent id=\"end\" name=\"Approved\"><bpmn:incoming>f-end</bpmn:incoming></bpmn:endEvent>",
            "<bpmn:endEvent id=\"end\"><bpmn:errorEventDefinition id=\"e\" /></bpmn:endEvent>"));
    assertEquals(List.of("blocks end (endEvent): it throws a error as the process ends: an Overdue approval just ends, APPROVED or REJECTED"),
        Imports.report(error));
    ImportedRequest loop = Imports.of(Models.c7("""
        <bpmn:startEvent id="start" />
        <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="a" />
        <bpmn:userTask id="a" camunda:candidateUsers="alice" />
        <bpmn:sequenceFlow id="f2" sourceRef="a" targetRef="a" />
        """));
    assertEquals(List.of("blocks a (userTask): the path leads back to it: Overdue's steps run once each, in order"), Imports.report(loop));
  }

  @Test
  void aFileThatIsNotOneBpmnProcessIsRefusedWhole() {
    assertEquals("test.bpmn is not a BPMN 2.0 file: its root element is <project>, not BPMN's <definitions> (http://www.omg.org/spec/BPMN/20100524/MODEL)",
        assertThrows(BpmnImportException.class, () -> Imports.of("<project xmlns=\"http://maven.apache.org/POM/4.0.0\" />")).getMessage());
    assertTrue(assertThrows(BpmnImportException.class, () -> Imports.of("<bpmn:definitions")).getMessage()
        .startsWith("test.bpmn is not well-formed XML: "));
    String entity = "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
        + "<bpmn:definitions xmlns:bpmn=\"http://www.omg.org/spec/BPMN/20100524/MODEL\">&e;</bpmn:definitions>";
    assertTrue(assertThrows(BpmnImportException.class, () -> Imports.of(entity)).getMessage()
        .startsWith("test.bpmn declares a document type (<!DOCTYPE …>), which a BPMN file never needs"));
    String two = Models.c7(Models.path("a", "a", A)).replace("</bpmn:definitions>",
        "<bpmn:process id=\"second\" isExecutable=\"true\" /></bpmn:definitions>");
    assertEquals("test.bpmn has 2 processes (approval, second): choose one with --process",
        assertThrows(BpmnImportException.class, () -> Imports.of(two)).getMessage());
    assertEquals("test.bpmn has no process third (its processes: approval, second)",
        assertThrows(BpmnImportException.class, () -> Imports.of(two, "third")).getMessage());
  }

  @Test
  void aCollaborationsExecutableProcessIsTheOneImported() throws Exception {
    String pools = Models.c7(Models.path("a", "a", A)).replace("<bpmn:process id=\"approval\"",
        "<bpmn:collaboration id=\"c\"><bpmn:participant id=\"p1\" processRef=\"approval\" />"
            + "<bpmn:participant id=\"p2\" processRef=\"supplier\" /></bpmn:collaboration>"
            + "<bpmn:process id=\"supplier\" isExecutable=\"false\" /><bpmn:process id=\"approval\"");
    ImportedRequest imported = Imports.of(pools);
    assertEquals("approval", imported.processId());
    assertEquals(1, imported.steps());
  }

  @Test
  void aSchemaHintInTheFileIsNeverFollowed() throws Exception {
    // Camunda's validating parser would fetch the schema a hint names; the import reads the file without it.
    try (ServerSocket schemaHost = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      AtomicInteger fetches = new AtomicInteger();
      Thread host = new Thread(() -> {
        while (!schemaHost.isClosed()) {
          try (Socket fetch = schemaHost.accept()) {
            fetches.incrementAndGet(); // counted before the fetch is answered (closed), so before the import goes on
          } catch (IOException closed) {
            return;
          }
        }
      });
      host.start();
      String hinted = Models.c7(Models.path("a", "a", A)).replace("id=\"Definitions_1\"",
          "id=\"Definitions_1\" xsi:schemaLocation=\"http://camunda.org/schema/1.0/bpmn http://127.0.0.1:"
              + schemaHost.getLocalPort() + "/camunda.xsd\"");
      assertEquals(1, Imports.of(hinted).steps());
      assertEquals(0, fetches.get());
    }
  }
}
