package dev.overdue.worker;

import dev.overdue.workflow.ApprovalSearchAttributes;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.api.operatorservice.v1.AddSearchAttributesRequest;
import io.temporal.api.operatorservice.v1.ListSearchAttributesRequest;
import io.temporal.serviceclient.OperatorServiceStubs;
import io.temporal.serviceclient.OperatorServiceStubsOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes sure the namespace knows Overdue's search attributes: an upsert of an unknown one fails
 * the workflow task, so a worker pointed at a fresh server (or its own in-memory service) would
 * stall every approval. Registers what is missing; where that is not allowed (a managed
 * namespace), says exactly what to run.
 */
final class SearchAttributeRegistration {
  private static final Logger log = LoggerFactory.getLogger(SearchAttributeRegistration.class);

  private SearchAttributeRegistration() {}

  /** @return the attributes still missing afterwards (empty when all are registered) */
  static Set<String> ensure(WorkflowServiceStubs stubs, String namespace) {
    OperatorServiceStubs operator =
        OperatorServiceStubs.newServiceStubs(
            OperatorServiceStubsOptions.newBuilder(stubs.getOptions())
                .validateAndBuildWithDefaults());
    try {
      Map<String, IndexedValueType> missing = missing(operator, namespace);
      if (missing.isEmpty()) {
        return Set.of();
      }
      try {
        operator
            .blockingStub()
            .addSearchAttributes(
                AddSearchAttributesRequest.newBuilder()
                    .setNamespace(namespace)
                    .putAllSearchAttributes(missing)
                    .build());
        log.info("registered search attributes {} on namespace {}", missing.keySet(), namespace);
        return Set.of();
      } catch (StatusRuntimeException e) {
        if (e.getStatus().getCode() == Status.Code.ALREADY_EXISTS) {
          return Set.of();
        }
        log.error(
            "cannot register search attributes {} on namespace {} ({}); approvals will stall until"
                + " they exist. Register them with: {}",
            missing.keySet(),
            namespace,
            e.getStatus(),
            command(missing, namespace));
        return missing.keySet();
      }
    } finally {
      operator.shutdown();
    }
  }

  private static Map<String, IndexedValueType> missing(
      OperatorServiceStubs operator, String namespace) {
    Map<String, IndexedValueType> missing = new LinkedHashMap<>(ApprovalSearchAttributes.DEFINITIONS);
    try {
      operator
          .blockingStub()
          .listSearchAttributes(ListSearchAttributesRequest.newBuilder().setNamespace(namespace).build())
          .getCustomAttributesMap()
          .keySet()
          .forEach(missing::remove);
    } catch (StatusRuntimeException e) {
      // Not every service lists them (temporal-testing's does not); adding tells us instead.
      log.debug("cannot list search attributes: {}", e.getStatus());
    }
    return missing;
  }

  static String command(Map<String, IndexedValueType> attributes, String namespace) {
    return attributes.entrySet().stream()
        .map(
            e ->
                "temporal operator search-attribute create --namespace "
                    + namespace
                    + " --name "
                    + e.getKey()
                    + " --type "
                    + cliType(e.getValue()))
        .collect(Collectors.joining(" && "));
  }

  private static String cliType(IndexedValueType type) {
    return switch (type) {
      case INDEXED_VALUE_TYPE_KEYWORD -> "Keyword";
      case INDEXED_VALUE_TYPE_DATETIME -> "Datetime";
      case INDEXED_VALUE_TYPE_BOOL -> "Bool";
      default -> type.name();
    };
  }
}
