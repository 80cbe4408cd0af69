package dev.overdue.worker;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.api.operatorservice.v1.AddSearchAttributesRequest;
import io.temporal.api.operatorservice.v1.ListSearchAttributesRequest;
import io.temporal.api.operatorservice.v1.ListSearchAttributesResponse;
import io.temporal.api.operatorservice.v1.OperatorServiceGrpc.OperatorServiceBlockingStub;
import io.temporal.serviceclient.OperatorServiceStubs;
import io.temporal.serviceclient.OperatorServiceStubsOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Registers the search attributes Overdue's approvals keep current (ApprovalSearchAttributes) on
 * the worker's namespace when they are missing, through the operator API, so that a dev server
 * started without {@code bin/dev-server} and the in-memory service work too: an upsert of an
 * unknown attribute fails the workflow task, so without them every approval would stall.
 *
 * <p>Where that is not allowed (a Temporal Cloud namespace, a cluster without operator rights)
 * the worker is told which attributes are missing and which command registers them, and goes on.
 * temporal-testing's in-memory service implements AddSearchAttributes but not ListSearchAttributes
 * (UNIMPLEMENTED): there each attribute is added on its own and ALREADY_EXISTS means present.
 */
public final class SearchAttributeRegistration {
  static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

  enum Outcome {
    /** Every attribute was there already, with the right type. */
    PRESENT,
    /** The missing ones were added (see {@link Report#registered}). */
    REGISTERED,
    /** Some are missing or have another type; {@link Report#message} says what to do. */
    FAILED
  }

  /**
   * @param registered the attributes this call added
   * @param missing the attributes still missing (FAILED only)
   * @param wrongType attributes registered with another type: name → the type found
   * @param message for the log: what happened and, when FAILED, how to fix it
   */
  public record Report(
      Outcome outcome,
      List<String> registered,
      List<String> missing,
      Map<String, IndexedValueType> wrongType,
      String message) {}

  private SearchAttributeRegistration() {}

  /** Opens operator stubs with the worker's connection settings (TLS, API key), then closes them. */
  public static Report ensure(WorkflowServiceStubs stubs, String namespace, Map<String, IndexedValueType> wanted) {
    OperatorServiceStubs operator =
        OperatorServiceStubs.newServiceStubs(
            OperatorServiceStubsOptions.newBuilder(stubs.getOptions()).validateAndBuildWithDefaults());
    try {
      return ensure(operator, namespace, wanted);
    } finally {
      operator.shutdown();
      operator.awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  static Report ensure(
      OperatorServiceStubs operator, String namespace, Map<String, IndexedValueType> wanted) {
    Map<String, IndexedValueType> existing;
    try {
      ListSearchAttributesResponse listed =
          call(operator)
              .listSearchAttributes(
                  ListSearchAttributesRequest.newBuilder().setNamespace(namespace).build());
      existing = new HashMap<>(listed.getSystemAttributesMap());
      existing.putAll(listed.getCustomAttributesMap());
    } catch (StatusRuntimeException e) {
      if (e.getStatus().getCode() == Status.Code.UNIMPLEMENTED) {
        return addOneByOne(operator, namespace, wanted);
      }
      return failed(namespace, wanted, wanted, List.of(), Map.of(), "listing them failed: " + describe(e));
    }

    Map<String, IndexedValueType> missing = new LinkedHashMap<>();
    Map<String, IndexedValueType> wrongType = new LinkedHashMap<>();
    wanted.forEach(
        (name, type) -> {
          IndexedValueType found = existing.get(name);
          if (found == null) {
            missing.put(name, type);
          } else if (found != type) {
            wrongType.put(name, found);
          }
        });
    if (missing.isEmpty() && wrongType.isEmpty()) {
      return new Report(
          Outcome.PRESENT, List.of(), List.of(), Map.of(),
          "search attributes " + String.join(", ", wanted.keySet()) + " present on namespace '"
              + namespace + "'");
    }
    List<String> registered = new ArrayList<>();
    if (!missing.isEmpty()) {
      try {
        call(operator)
            .addSearchAttributes(
                AddSearchAttributesRequest.newBuilder()
                    .setNamespace(namespace)
                    .putAllSearchAttributes(missing)
                    .build());
        registered.addAll(missing.keySet());
      } catch (StatusRuntimeException e) {
        if (e.getStatus().getCode() != Status.Code.ALREADY_EXISTS) {
          return failed(namespace, wanted, missing, List.of(), wrongType, "adding them failed: " + describe(e));
        }
        // Another worker added them in the meantime.
      }
    }
    if (!wrongType.isEmpty()) {
      return failed(namespace, wanted, Map.of(), registered, wrongType, null);
    }
    return new Report(
        Outcome.REGISTERED, List.copyOf(registered), List.of(), Map.of(),
        "registered search attributes " + describeTypes(missing) + " on namespace '" + namespace + "'");
  }

  /** For services without ListSearchAttributes: add each, ALREADY_EXISTS means it is there. */
  private static Report addOneByOne(
      OperatorServiceStubs operator, String namespace, Map<String, IndexedValueType> wanted) {
    List<String> registered = new ArrayList<>();
    Map<String, IndexedValueType> left = new LinkedHashMap<>(wanted);
    for (Map.Entry<String, IndexedValueType> attribute : wanted.entrySet()) {
      try {
        call(operator)
            .addSearchAttributes(
                AddSearchAttributesRequest.newBuilder()
                    .setNamespace(namespace)
                    .putSearchAttributes(attribute.getKey(), attribute.getValue())
                    .build());
        registered.add(attribute.getKey());
      } catch (StatusRuntimeException e) {
        if (e.getStatus().getCode() != Status.Code.ALREADY_EXISTS) {
          left.keySet().removeAll(registered);
          return failed(namespace, wanted, left, registered, Map.of(), "adding them failed: " + describe(e));
        }
      }
      left.remove(attribute.getKey());
    }
    if (registered.isEmpty()) {
      return new Report(
          Outcome.PRESENT, List.of(), List.of(), Map.of(),
          "search attributes " + String.join(", ", wanted.keySet()) + " present on namespace '"
              + namespace + "'");
    }
    Map<String, IndexedValueType> added = new LinkedHashMap<>(wanted);
    added.keySet().retainAll(registered);
    return new Report(
        Outcome.REGISTERED, List.copyOf(registered), List.of(), Map.of(),
        "registered search attributes " + describeTypes(added) + " on namespace '" + namespace + "'");
  }

  private static Report failed(
      String namespace,
      Map<String, IndexedValueType> wanted,
      Map<String, IndexedValueType> missing,
      List<String> registered,
      Map<String, IndexedValueType> wrongType,
      String why) {
    StringBuilder message = new StringBuilder();
    if (!missing.isEmpty()) {
      message
          .append("Cannot register the search attributes ")
          .append(String.join(", ", missing.keySet()))
          .append(" on namespace '")
          .append(namespace)
          .append("'");
      if (why != null) {
        message.append(" (").append(why).append(")");
      }
      message
          .append(". Until they exist, approvals stall (the server refuses their search attribute")
          .append(" updates, so their workflow tasks fail) and list queries such as")
          .append(" \"HasWarnings = true\" find nothing. An operator of the namespace can register")
          .append(" them with:");
      for (String command : createCommands(namespace, missing)) {
        message.append("\n    ").append(command);
      }
      message.append("\n(on Temporal Cloud: tcld namespace search-attributes add, or the Cloud UI).");
    }
    if (!wrongType.isEmpty()) {
      if (message.length() > 0) {
        message.append("\n");
      }
      message
          .append("Search attributes with the wrong type on namespace '")
          .append(namespace)
          .append("': ")
          .append(
              wrongType.entrySet().stream()
                  .map(e -> e.getKey() + " is " + cliType(e.getValue()))
                  .collect(Collectors.joining(", ")))
          .append(". Overdue needs ")
          .append(
              wrongType.keySet().stream()
                  .map(name -> name + "=" + cliType(wanted.get(name)))
                  .collect(Collectors.joining(", ")))
          .append("; remove them (temporal operator search-attribute remove --namespace ")
          .append(namespace)
          .append(" --name NAME) and start the worker again.");
    }
    return new Report(
        Outcome.FAILED,
        List.copyOf(registered),
        List.copyOf(missing.keySet()),
        Map.copyOf(wrongType),
        message.toString());
  }

  /** One {@code temporal operator search-attribute create} per type (it takes one --type). */
  static List<String> createCommands(String namespace, Map<String, IndexedValueType> attributes) {
    Map<IndexedValueType, List<String>> byType = new LinkedHashMap<>();
    attributes.forEach((name, type) -> byType.computeIfAbsent(type, t -> new ArrayList<>()).add(name));
    List<String> commands = new ArrayList<>();
    byType.forEach(
        (type, names) ->
            commands.add(
                "temporal operator search-attribute create --namespace " + namespace
                    + names.stream().map(n -> " --name " + n).collect(Collectors.joining())
                    + " --type " + cliType(type)));
    return commands;
  }

  /** The type's name as {@code temporal} takes it: Keyword, Datetime, Bool, … */
  static String cliType(IndexedValueType type) {
    switch (type) {
      case INDEXED_VALUE_TYPE_TEXT:
        return "Text";
      case INDEXED_VALUE_TYPE_KEYWORD:
        return "Keyword";
      case INDEXED_VALUE_TYPE_INT:
        return "Int";
      case INDEXED_VALUE_TYPE_DOUBLE:
        return "Double";
      case INDEXED_VALUE_TYPE_BOOL:
        return "Bool";
      case INDEXED_VALUE_TYPE_DATETIME:
        return "Datetime";
      case INDEXED_VALUE_TYPE_KEYWORD_LIST:
        return "KeywordList";
      default:
        return type.name();
    }
  }

  private static String describeTypes(Map<String, IndexedValueType> attributes) {
    return attributes.entrySet().stream()
        .map(e -> e.getKey() + "=" + cliType(e.getValue()))
        .collect(Collectors.joining(", "));
  }

  private static String describe(StatusRuntimeException e) {
    Status status = e.getStatus();
    return status.getCode()
        + (status.getDescription() == null ? "" : ": " + status.getDescription());
  }

  private static OperatorServiceBlockingStub call(OperatorServiceStubs operator) {
    return operator.blockingStub().withDeadlineAfter(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
  }
}
