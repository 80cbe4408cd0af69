package dev.overdue.bpmn;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What the import made of one process: the request (as YAML with comments, or as JSON), how many
 * steps it has, and the report of what did not map.
 */
public final class ImportedRequest {
  private final String processId;
  private final String platform;
  private final RequestTree.Mapping request;
  private final List<String> header;
  private final List<Unmapped> unmapped;

  ImportedRequest(String processId, String platform, RequestTree.Mapping request, List<String> header, List<Unmapped> unmapped) {
    this.processId = processId;
    this.platform = platform;
    this.request = request;
    this.header = header;
    this.unmapped = unmapped;
  }

  public String processId() {
    return processId;
  }

  /** {@code Camunda 7} or {@code Camunda 8}. */
  public String platform() {
    return platform;
  }

  /** The request with a comment on each part naming the BPMN element it came from. */
  public String yaml() {
    return RequestTree.yaml(request, header);
  }

  public JsonNode json() {
    return RequestTree.json(request);
  }

  public int steps() {
    Object steps = request.get("steps");
    return steps instanceof RequestTree.Sequence sequence ? sequence.size() : 0;
  }

  /** Everything that did not map, in the order the import met it. */
  public List<Unmapped> unmapped() {
    return unmapped;
  }

  /** Whether something that did not map sits on a user task's path: the request would run differently. */
  public boolean blocked() {
    return unmapped.stream().anyMatch(Unmapped::blocks);
  }
}
