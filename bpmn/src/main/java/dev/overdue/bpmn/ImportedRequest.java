package dev.overdue.bpmn;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalRequest;
import java.util.List;

/**
 * What the import made of one process: the request (as YAML with comments, or as JSON), how many
 * steps it has, and the report of what did not map.
 */
public final class ImportedRequest {
  /** Strict: a key the contract's records lack is refused (FAIL_ON_UNKNOWN_PROPERTIES is on by default). */
  private static final ObjectMapper CONTRACT = new ObjectMapper();

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

  /**
   * The request as a request type for the inbox's New request page: without the number, the
   * requester and the data, which the inbox and the requester give. No {@code idPrefix}: the inbox
   * numbers a type without one by the first letters of its file's name (INV-2026-K3QXA), which an
   * administrator may set where the process's id would make a long one.
   */
  public JsonNode requestType() {
    ObjectNode type = JsonNodeFactory.instance.objectNode();
    ((ObjectNode) json()).fields().forEachRemaining(field -> {
      if (!List.of("requestId", "requester", "data").contains(field.getKey())) {
        type.set(field.getKey(), field.getValue());
      }
    });
    return type;
  }

  /**
   * The request as the contract's record, read from what the import wrote: every key it writes
   * is a field of {@link ApprovalRequest} or of its parts, or this fails (an import that wrote a
   * field the workflow does not know would otherwise fail only at a user's start). The YAML, with a
   * comment on each part, is written from the import's tree, in the order a reader expects.
   */
  public ApprovalRequest request() {
    try {
      return CONTRACT.treeToValue(json(), ApprovalRequest.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the import wrote what is no approval request: " + e.getOriginalMessage(), e);
    }
  }

  public int steps() {
    return request().steps().size();
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
