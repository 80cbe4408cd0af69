package dev.overdue.bpmn;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.camunda.bpm.model.bpmn.Bpmn;
import org.camunda.bpm.model.bpmn.BpmnModelInstance;
import org.camunda.bpm.model.bpmn.instance.FlowElement;
import org.camunda.bpm.model.bpmn.instance.FlowNode;
import org.camunda.bpm.model.bpmn.instance.Process;
import org.camunda.bpm.model.bpmn.instance.StartEvent;
import org.camunda.bpm.model.bpmn.instance.SubProcess;
import org.camunda.bpm.model.xml.instance.DomElement;

/**
 * Reads a BPMN 2.0 file with Camunda 7 ({@code camunda:}) or Camunda 8 ({@code zeebe:})
 * extensions and maps one of its processes onto an Overdue request: the user tasks on the path
 * from the start event become steps, their timers deadlines, the gateway after a task its
 * outcomes. Camunda's BPMN model (camunda-bpmn-model) reads the file and checks it against BPMN's
 * schema; the mapping reads both engines' extensions from it.
 */
public final class BpmnImport {
  private BpmnImport() {}

  private static final String MODELER = "http://camunda.org/schema/modeler/1.0";

  /**
   * The request for {@code processId} in {@code bpmn} (null: the file's one executable process).
   *
   * @throws BpmnImportException when the file is not BPMN or names no such process
   */
  public static ImportedRequest read(InputStream bpmn, String processId, String fileName) throws BpmnImportException {
    return read(bpmn, processId, fileName, LinkedForms.none());
  }

  /** The same, reading Camunda 8's linked forms from {@code linked}. */
  public static ImportedRequest read(InputStream bpmn, String processId, String fileName, LinkedForms linked)
      throws BpmnImportException {
    byte[] safe = SafeXml.bpmn(bpmn, fileName);
    BpmnModelInstance instance;
    try {
      instance = Bpmn.readModelFromStream(new ByteArrayInputStream(safe));
    } catch (RuntimeException e) {
      throw new BpmnImportException(fileName + " is not a BPMN 2.0 file Camunda's model reads: " + firstLine(e));
    }
    Process process = choose(instance, processId, fileName);
    ProcessModel model = new ProcessModel(process, platform(instance));
    return map(model, fileName, linked);
  }

  private static ImportedRequest map(ProcessModel model, String fileName, LinkedForms linked) {
    Process process = model.process;
    RequestTree.Mapping request = new RequestTree.Mapping();
    String id = Names.slug(process.getId()).isEmpty() ? "request" : Names.slug(process.getId());
    request.put("requestId", id + "-1", "BPMN process " + process.getId() + ": give each approval its own requestId");
    Optional<StartEvent> start = Walk.start(model);
    String initiator = start.map(s -> ProcessModel.camunda(s, "initiator")).orElse(null);
    request.put("requester", Placeholders.of("who asks for this approval"), initiator == null ? null
        : "the process's initiator (" + initiator + ")");
    request.put("title", process.getName() != null ? Names.text(process.getName()) : process.getId());
    model.initiator = initiator;
    if (start.isEmpty()) {
      model.unmapped(process, "it has no single start event without a trigger to walk from", true);
    }
    RequestTree.Mapping dataForm = start.map(s -> startForm(s, model)).orElse(null);
    List<Walk.Stop> stops = start.map(s -> Walk.from(s, model)).orElse(List.of());
    if (stops.isEmpty()) {
      model.unmapped(process, "no user task on the path from its start: an approval needs at least one step", true);
    }
    RequestTree.Sequence steps = Steps.of(stops, model, embeddedForms(process), linked);
    request.put("data", RequestData.of(dataForm, model.variables()), "the approval's data");
    request.put("dataForm", dataForm, "BPMN startEvent " + start.map(StartEvent::getId).orElse("")
        + ", camunda:formData: what the requester gives in data");
    request.put("steps", steps);
    notVisited(model);
    List<String> header = new ArrayList<>();
    header.add("Imported by bin/overdue import-bpmn from " + fileName + ", process " + process.getId() + " (" + model.platform + ").");
    header.add("Each comment names the BPMN element a part came from; check it: bin/overdue validate --file <this file>");
    header.add("Replace each (fill in) placeholder: validate and start refuse the file until then.");
    long left = model.report().size();
    if (left > 0) {
      header.add(left + " part" + (left == 1 ? " of the model is" : "s of the model are")
          + " done Overdue's way or left out: bin/overdue import-bpmn lists them.");
    }
    return new ImportedRequest(process.getId(), model.platform, request, header, model.report());
  }

  private static RequestTree.Mapping startForm(StartEvent start, ProcessModel model) {
    return ProcessModel.extension(start, "camunda:formData")
        .map(formData -> Forms.camunda7(formData, Set.of(), start.getId(), model))
        .map(Forms.Mapped::schema)
        .orElse(null);
  }

  /** Camunda 8's forms kept in the process ({@code zeebe:userTaskForm}), by id. */
  private static Map<String, String> embeddedForms(Process process) {
    Map<String, String> forms = new HashMap<>();
    for (DomElement extension : ProcessModel.extensions(process)) {
      if (ProcessModel.label(extension).equals("zeebe:userTaskForm")) {
        forms.put(extension.getAttribute("id"), extension.getTextContent());
      }
    }
    return forms;
  }

  /** Elements the walk never reached: a subprocess may interrupt any task, anything else is off the path. */
  private static void notVisited(ProcessModel model) {
    for (FlowElement element : model.process.getFlowElements()) {
      if (element instanceof FlowNode node && !model.visited(node)) {
        boolean eventSubprocess = node instanceof SubProcess sub && sub.triggeredByEvent();
        model.unmapped(node, eventSubprocess
            ? "an event subprocess, which can interrupt any task: Overdue has no counterpart"
            : "not on the path from the start event through the user tasks, so not in the request", eventSubprocess);
      }
    }
  }

  private static Process choose(BpmnModelInstance instance, String processId, String fileName) throws BpmnImportException {
    List<Process> all = new ArrayList<>(instance.getModelElementsByType(Process.class));
    List<String> ids = all.stream().map(Process::getId).toList();
    if (processId != null) {
      return all.stream().filter(p -> p.getId().equals(processId)).findFirst()
          .orElseThrow(() -> new BpmnImportException(fileName + " has no process " + processId + " (its processes: " + String.join(", ", ids) + ")"));
    }
    List<Process> executable = all.stream().filter(Process::isExecutable).toList();
    List<Process> candidates = executable.isEmpty() ? all : executable;
    if (candidates.size() == 1) {
      return candidates.get(0);
    }
    if (candidates.isEmpty()) {
      throw new BpmnImportException(fileName + " has no process");
    }
    throw new BpmnImportException(fileName + " has " + candidates.size() + " processes ("
        + String.join(", ", candidates.stream().map(Process::getId).toList()) + "): choose one with --process");
  }

  private static String platform(BpmnModelInstance instance) {
    DomElement root = instance.getDocument().getRootElement();
    String platform = root.getAttribute(MODELER, "executionPlatform");
    if ("Camunda Cloud".equals(platform)) {
      return "Camunda 8";
    }
    if (platform == null && instance.getModelElementsByType(Process.class).stream()
        .flatMap(p -> p.getChildElementsByType(FlowNode.class).stream())
        .anyMatch(n -> ProcessModel.extensions(n).stream().anyMatch(e -> ProcessModel.ZEEBE.equals(e.getNamespaceURI())))) {
      return "Camunda 8";
    }
    return "Camunda 7";
  }

  private static String firstLine(Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    return message.lines().findFirst().orElse(message);
  }
}
