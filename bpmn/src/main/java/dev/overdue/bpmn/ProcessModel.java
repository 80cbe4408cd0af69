package dev.overdue.bpmn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.camunda.bpm.model.bpmn.instance.BaseElement;
import org.camunda.bpm.model.bpmn.instance.BoundaryEvent;
import org.camunda.bpm.model.bpmn.instance.ExclusiveGateway;
import org.camunda.bpm.model.bpmn.instance.ExtensionElements;
import org.camunda.bpm.model.bpmn.instance.FlowNode;
import org.camunda.bpm.model.bpmn.instance.IntermediateThrowEvent;
import org.camunda.bpm.model.bpmn.instance.Process;
import org.camunda.bpm.model.bpmn.instance.SequenceFlow;
import org.camunda.bpm.model.bpmn.instance.UserTask;
import org.camunda.bpm.model.xml.instance.DomElement;
import org.camunda.bpm.model.xml.instance.ModelElementInstance;

/**
 * One process of the file, as the import reads it: its elements' kinds and extensions, the walk
 * along its sequence flows, what each step of the import has visited, and the report of what does
 * not map.
 */
final class ProcessModel {
  static final String CAMUNDA7 = "http://camunda.org/schema/1.0/bpmn";
  static final String ACTIVITI = "http://activiti.org/bpmn";
  static final String ZEEBE = "http://camunda.org/schema/zeebe/1.0";

  final Process process;
  final String platform;
  /** The variable the start event names its initiator in (Camunda 7's camunda:initiator), or null. */
  String initiator;
  private final Map<String, String> variables = new LinkedHashMap<>();
  private final List<Unmapped> unmapped = new ArrayList<>();
  private final Set<String> visited = new LinkedHashSet<>();
  /** The flows out of each node, by its id: read from the flows' sourceRef once ({@link #outgoing}). */
  private final Map<String, List<SequenceFlow>> outgoing;

  ProcessModel(Process process, String platform) {
    this.process = process;
    this.platform = platform;
    this.outgoing = process.getChildElementsByType(SequenceFlow.class).stream()
        .filter(flow -> flow.getSource() != null)
        .collect(Collectors.groupingBy(flow -> flow.getSource().getId(), LinkedHashMap::new, Collectors.toList()));
  }

  /** The element's kind as BPMN names it: {@code userTask}, {@code exclusiveGateway}, … */
  static String kind(ModelElementInstance element) {
    return element.getElementType().getTypeName();
  }

  /**
   * {@code text} as an Overdue value ({@link Expressions#value}); a variable it reads is noted
   * with {@code use}, what it is read for, for the request's data and data form.
   */
  Optional<String> value(String text, String use) {
    Optional<String> value = Expressions.value(text, initiator);
    value.filter(v -> v.startsWith("=data.")).ifPresent(v -> variables.putIfAbsent(v.substring("=data.".length()), use));
    return value;
  }

  /** The variables the request's expressions read, each with what it is first read for. */
  Map<String, String> variables() {
    return variables;
  }

  /** Marks {@code node} as read by the import. */
  void visit(FlowNode node) {
    visited.add(node.getId());
  }

  /** Marks {@code node} and what follows it, up to what is already visited: a branch read as a whole. */
  void visitFrom(FlowNode node) {
    if (node != null && !visited(node)) {
      visit(node);
      outgoing(node).forEach(flow -> visitFrom(flow.getTarget()));
    }
  }

  boolean visited(FlowNode node) {
    return visited.contains(node.getId());
  }

  void unmapped(BaseElement element, String reason, boolean blocks) {
    unmapped(element.getId(), kind(element), reason, blocks);
  }

  void unmapped(String id, String kind, String reason, boolean blocks) {
    unmapped.add(new Unmapped(id == null ? "(no id)" : id, kind, reason, blocks));
  }

  List<Unmapped> report() {
    return List.copyOf(unmapped);
  }

  /** The elements in {@code element}'s {@code extensionElements}, in order. */
  static List<DomElement> extensions(BaseElement element) {
    ExtensionElements extensions = element.getExtensionElements();
    return extensions == null ? List.of() : extensions.getDomElement().getChildElements();
  }

  /** The first extension of {@code element} with {@code label} ({@link #label}: {@code camunda:formData}). */
  static Optional<DomElement> extension(BaseElement element, String label) {
    return extensions(element).stream().filter(e -> label(e).equals(label)).findFirst();
  }

  /** The first Camunda 8 extension of {@code element} named {@code localName}. */
  static Optional<DomElement> zeebe(BaseElement element, String localName) {
    return extension(element, "zeebe:" + localName);
  }

  /** The boundary events attached to {@code task}. */
  List<BoundaryEvent> boundaries(UserTask task) {
    return process.getChildElementsByType(BoundaryEvent.class).stream()
        .filter(boundary -> boundary.getAttachedTo() != null && boundary.getAttachedTo().getId().equals(task.getId()))
        .toList();
  }

  /** An extension's name as the file writes it: {@code camunda:formData}, {@code zeebe:ioMapping}. */
  static String label(DomElement extension) {
    String ns = extension.getNamespaceURI();
    String prefix =
        ZEEBE.equals(ns) ? "zeebe" : CAMUNDA7.equals(ns) || ACTIVITI.equals(ns) ? "camunda" : ns;
    return prefix + ":" + extension.getLocalName();
  }

  /** An attribute of {@code element} in Camunda 7's namespace (or Activiti's, which it reads too). */
  static String camunda(ModelElementInstance element, String name) {
    String value = element.getAttributeValueNs(CAMUNDA7, name);
    return value != null ? value : element.getAttributeValueNs(ACTIVITI, name);
  }

  /**
   * Where a flow into {@code node} leads: past elements that only pass it on (a merging exclusive
   * gateway, an intermediate event that throws nothing), each marked visited.
   */
  FlowNode follow(FlowNode node) {
    Set<String> seen = new LinkedHashSet<>();
    while (passesOn(node) && seen.add(node.getId())) {
      visit(node);
      node = outgoing(node).get(0).getTarget();
    }
    return node;
  }

  private boolean passesOn(FlowNode node) {
    if (outgoing(node).size() != 1) {
      return false;
    }
    if (node instanceof ExclusiveGateway) {
      return true;
    }
    return node instanceof IntermediateThrowEvent event && event.getEventDefinitions().isEmpty();
  }

  /** The one flow out of {@code node}; empty when it has none or several. */
  Optional<SequenceFlow> onlyOutgoing(FlowNode node) {
    List<SequenceFlow> outgoing = outgoing(node);
    return outgoing.size() == 1 ? Optional.of(outgoing.get(0)) : Optional.empty();
  }

  /**
   * The flows out of {@code node}, by their {@code sourceRef}: a file need not list a node's
   * {@code outgoing} (Modeler does, other tools may not), and the model reads only that list.
   */
  List<SequenceFlow> outgoing(FlowNode node) {
    return outgoing.getOrDefault(node.getId(), List.of());
  }
}
