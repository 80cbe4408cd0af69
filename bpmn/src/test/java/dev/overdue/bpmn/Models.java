package dev.overdue.bpmn;

/**
 * BPMN files for the tests, written as Camunda Modeler writes them: its namespaces, exporter and
 * execution platform on {@code definitions}, Camunda 7's settings as {@code camunda:} attributes,
 * Camunda 8's as {@code zeebe:} extension elements. The diagram (BPMNDI), which the import does
 * not read, is left out; docs/examples/bpmn has two files with theirs.
 */
final class Models {
  private Models() {}

  /** A Camunda 7 file with one process whose elements are {@code body}. */
  static String c7(String body) {
    return file("camunda=\"http://camunda.org/schema/1.0/bpmn\"", "Camunda Platform", "7.24.0",
        " camunda:historyTimeToLive=\"180\"", body);
  }

  /** A Camunda 8 file with one process whose elements are {@code body}. */
  static String c8(String body) {
    return file("zeebe=\"http://camunda.org/schema/zeebe/1.0\"", "Camunda Cloud", "8.8.0", "", body);
  }

  private static String file(String namespace, String platform, String version, String processAttributes, String body) {
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:%s \
        xmlns:modeler="http://camunda.org/schema/modeler/1.0" id="Definitions_1" \
        targetNamespace="http://bpmn.io/schema/bpmn" exporter="Camunda Modeler" exporterVersion="5.40.0" \
        modeler:executionPlatform="%s" modeler:executionPlatformVersion="%s">
          <bpmn:process id="approval" name="An approval" isExecutable="true"%s>
        %s
          </bpmn:process>
        </bpmn:definitions>
        """.formatted(namespace, platform, version, processAttributes, body);
  }

  /** A start event, {@code middle}, and an end event, joined by flows: start → first id … last id → end. */
  static String path(String first, String last, String middle) {
    return """
        <bpmn:startEvent id="start"><bpmn:outgoing>f-start</bpmn:outgoing></bpmn:startEvent>
        <bpmn:sequenceFlow id="f-start" sourceRef="start" targetRef="%s" />
        %s
        <bpmn:sequenceFlow id="f-end" sourceRef="%s" targetRef="end" />
        <bpmn:endEvent id="end" name="Approved"><bpmn:incoming>f-end</bpmn:incoming></bpmn:endEvent>
        """.formatted(first, middle, last);
  }

  /** One flow. */
  static String flow(String id, String from, String to) {
    return "<bpmn:sequenceFlow id=\"" + id + "\" sourceRef=\"" + from + "\" targetRef=\"" + to + "\" />\n";
  }

  /** One flow with a condition. */
  static String flow(String id, String from, String to, String condition) {
    return "<bpmn:sequenceFlow id=\"" + id + "\" sourceRef=\"" + from + "\" targetRef=\"" + to + "\">"
        + "<bpmn:conditionExpression xsi:type=\"bpmn:tFormalExpression\">" + condition
        + "</bpmn:conditionExpression></bpmn:sequenceFlow>\n";
  }

  /** A timer boundary event on {@code task}, its timer {@code kind} ({@code timeDuration}, …) {@code text}, leaving by {@code out}. */
  static String timer(String id, String task, boolean interrupting, String kind, String text, String out) {
    return "<bpmn:boundaryEvent id=\"" + id + "\" attachedToRef=\"" + task + "\""
        + (interrupting ? "" : " cancelActivity=\"false\"") + "><bpmn:outgoing>" + out + "</bpmn:outgoing>"
        + "<bpmn:timerEventDefinition id=\"" + id + "-def\"><bpmn:" + kind + " xsi:type=\"bpmn:tFormalExpression\">"
        + text + "</bpmn:" + kind + "></bpmn:timerEventDefinition></bpmn:boundaryEvent>\n";
  }

  static String end(String id, String name) {
    return "<bpmn:endEvent id=\"" + id + "\" name=\"" + name + "\" />\n";
  }
}
