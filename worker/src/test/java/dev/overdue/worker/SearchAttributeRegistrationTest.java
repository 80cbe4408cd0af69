package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalSearchAttributes;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.api.operatorservice.v1.AddSearchAttributesRequest;
import io.temporal.api.operatorservice.v1.AddSearchAttributesResponse;
import io.temporal.api.operatorservice.v1.ListSearchAttributesRequest;
import io.temporal.api.operatorservice.v1.ListSearchAttributesResponse;
import io.temporal.api.operatorservice.v1.OperatorServiceGrpc;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.common.SearchAttributes;
import io.temporal.serviceclient.OperatorServiceStubs;
import io.temporal.serviceclient.OperatorServiceStubsOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import java.io.IOException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SearchAttributeRegistrationTest {
  private static final Map<String, IndexedValueType> WANTED = ApprovalSearchAttributes.DEFINITIONS;

  private final List<AutoCloseable> toClose = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
  }

  /**
   * temporal-testing's port-bound service (the worker's in-memory fallback) has AddSearchAttributes
   * but answers UNIMPLEMENTED to ListSearchAttributes; the registration still works, twice.
   */
  @Test
  void registersEveryAttributeOnTheInMemoryServiceAndWorkflowsCanThenUseThem() throws Exception {
    int port = FreePorts.free();
    TestServer.PortBoundTestServer server = TestServer.createPortBoundServer(port, true);
    toClose.add(server::close);
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + port).build());
    toClose.add(stubs::shutdownNow);

    SearchAttributeRegistration.Report first =
        SearchAttributeRegistration.ensure(stubs, "default", WANTED);
    assertEquals(SearchAttributeRegistration.Outcome.REGISTERED, first.outcome(), first.message());
    assertEquals(List.copyOf(WANTED.keySet()), first.registered());

    SearchAttributeRegistration.Report second =
        SearchAttributeRegistration.ensure(stubs, "default", WANTED);
    assertEquals(SearchAttributeRegistration.Outcome.PRESENT, second.outcome(), second.message());
    assertEquals(List.of(), second.registered());

    // The service now accepts a start carrying every attribute (it refuses unregistered ones).
    WorkflowClient client =
        WorkflowClient.newInstance(
            stubs, WorkflowClientOptions.newBuilder().setNamespace("default").build());
    WorkflowStub stub =
        client.newUntypedWorkflowStub(
            "Probe",
            WorkflowOptions.newBuilder()
                .setWorkflowId("search-attribute-probe")
                .setTaskQueue("nobody-polls")
                .setTypedSearchAttributes(
                    SearchAttributes.newBuilder()
                        .set(ApprovalSearchAttributes.APPROVAL_STATE, "ACTIVE")
                        .set(ApprovalSearchAttributes.CURRENT_STEP, "manager")
                        .set(ApprovalSearchAttributes.CURRENT_OWNER, "alice")
                        .set(ApprovalSearchAttributes.NEXT_DEADLINE, OffsetDateTime.now().plusHours(1))
                        .set(ApprovalSearchAttributes.ANY_TIMER_EXPIRED, false)
                        .set(ApprovalSearchAttributes.HAS_WARNINGS, true)
                        .build())
                .build());
    stub.start();
    stub.terminate("probe done");
  }

  @Test
  void addsOnlyTheMissingAttributes() throws Exception {
    FakeOperator fake = new FakeOperator();
    fake.existing.put("ApprovalState", IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
    fake.existing.put("HasWarnings", IndexedValueType.INDEXED_VALUE_TYPE_BOOL);

    SearchAttributeRegistration.Report report =
        SearchAttributeRegistration.ensure(operator(fake), "payments", WANTED);

    assertEquals(SearchAttributeRegistration.Outcome.REGISTERED, report.outcome(), report.message());
    assertEquals(
        List.of(
            "CurrentStep", "CurrentOwner", "NextDeadline", "AnyTimerExpired", "Priority", "Unworkable",
            "TimersRunning", "TimersSuspended", "PotentialOwners", "Requester", "TaskState",
            "CandidateGroups", "DueDate", "PotentialOwnersCut", "FollowUpDate"),
        report.registered());
    assertEquals(1, fake.adds.size());
    assertEquals("payments", fake.adds.get(0).getNamespace());
    assertEquals(
        Map.ofEntries(
            Map.entry("CurrentStep", IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD),
            Map.entry("CurrentOwner", IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD),
            Map.entry("NextDeadline", IndexedValueType.INDEXED_VALUE_TYPE_DATETIME),
            Map.entry("AnyTimerExpired", IndexedValueType.INDEXED_VALUE_TYPE_BOOL),
            Map.entry("Priority", IndexedValueType.INDEXED_VALUE_TYPE_INT),
            Map.entry("Unworkable", IndexedValueType.INDEXED_VALUE_TYPE_BOOL),
            Map.entry("TimersRunning", IndexedValueType.INDEXED_VALUE_TYPE_INT),
            Map.entry("TimersSuspended", IndexedValueType.INDEXED_VALUE_TYPE_INT),
            Map.entry("PotentialOwners", IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD_LIST),
            Map.entry("Requester", IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD),
            Map.entry("TaskState", IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD),
            Map.entry("CandidateGroups", IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD_LIST),
            Map.entry("DueDate", IndexedValueType.INDEXED_VALUE_TYPE_DATETIME),
            Map.entry("PotentialOwnersCut", IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD),
            Map.entry("FollowUpDate", IndexedValueType.INDEXED_VALUE_TYPE_DATETIME)),
        fake.adds.get(0).getSearchAttributesMap());
  }

  @Test
  void addsNothingWhenAllArePresent() throws Exception {
    FakeOperator fake = new FakeOperator();
    fake.existing.putAll(WANTED);
    SearchAttributeRegistration.Report report =
        SearchAttributeRegistration.ensure(operator(fake), "default", WANTED);
    assertEquals(SearchAttributeRegistration.Outcome.PRESENT, report.outcome());
    assertEquals(List.of(), fake.adds);
  }

  /** E.g. a Temporal Cloud namespace: no operator rights. The worker logs this and goes on. */
  @Test
  void namesTheMissingAttributesAndTheCommandWhenTheServiceRefuses() throws Exception {
    FakeOperator fake = new FakeOperator();
    fake.existing.put("ApprovalState", IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
    fake.refuseAdd = Status.PERMISSION_DENIED.withDescription("Request unauthorized.");

    SearchAttributeRegistration.Report report =
        SearchAttributeRegistration.ensure(operator(fake), "acme.a1b2c", WANTED);

    assertEquals(SearchAttributeRegistration.Outcome.FAILED, report.outcome());
    assertEquals(
        List.of(
            "CurrentStep", "CurrentOwner", "NextDeadline", "AnyTimerExpired", "HasWarnings", "Priority",
            "Unworkable", "TimersRunning", "TimersSuspended", "PotentialOwners", "Requester",
            "TaskState", "CandidateGroups", "DueDate", "PotentialOwnersCut", "FollowUpDate"),
        report.missing());
    String message = report.message();
    assertTrue(
        message.contains(
            "CurrentStep, CurrentOwner, NextDeadline, AnyTimerExpired, HasWarnings, Priority, Unworkable,"
                + " TimersRunning, TimersSuspended, PotentialOwners, Requester, TaskState,"
                + " CandidateGroups, DueDate, PotentialOwnersCut, FollowUpDate"),
        message);
    assertTrue(message.contains("PERMISSION_DENIED: Request unauthorized."), message);
    assertTrue(
        message.contains(
            "temporal operator search-attribute create --namespace acme.a1b2c"
                + " --name CurrentStep --name CurrentOwner --name Requester --name TaskState"
                + " --name PotentialOwnersCut --type Keyword"),
        message);
    assertTrue(
        message.contains(
            "temporal operator search-attribute create --namespace acme.a1b2c"
                + " --name NextDeadline --name DueDate --name FollowUpDate --type Datetime"),
        message);
    assertTrue(
        message.contains(
            "temporal operator search-attribute create --namespace acme.a1b2c"
                + " --name AnyTimerExpired --name HasWarnings --name Unworkable --type Bool"),
        message);
    assertTrue(
        message.contains(
            "temporal operator search-attribute create --namespace acme.a1b2c"
                + " --name Priority --name TimersRunning --name TimersSuspended --type Int"),
        message);
    assertTrue(!message.contains("--name ApprovalState"), "present ones are not named: " + message);
  }

  @Test
  void aRefusedListNamesEveryAttribute() throws Exception {
    FakeOperator fake = new FakeOperator();
    fake.refuseList = Status.PERMISSION_DENIED.withDescription("no");
    SearchAttributeRegistration.Report report =
        SearchAttributeRegistration.ensure(operator(fake), "default", WANTED);
    assertEquals(SearchAttributeRegistration.Outcome.FAILED, report.outcome());
    assertEquals(List.copyOf(WANTED.keySet()), report.missing());
    assertTrue(report.message().contains("listing them failed: PERMISSION_DENIED: no"), report.message());
  }

  @Test
  void reportsAnAttributeOfAnotherType() throws Exception {
    FakeOperator fake = new FakeOperator();
    fake.existing.putAll(WANTED);
    fake.existing.put("CurrentOwner", IndexedValueType.INDEXED_VALUE_TYPE_TEXT);
    SearchAttributeRegistration.Report report =
        SearchAttributeRegistration.ensure(operator(fake), "default", WANTED);
    assertEquals(SearchAttributeRegistration.Outcome.FAILED, report.outcome());
    assertEquals(Map.of("CurrentOwner", IndexedValueType.INDEXED_VALUE_TYPE_TEXT), report.wrongType());
    assertTrue(report.message().contains("CurrentOwner is Text"), report.message());
    assertTrue(report.message().contains("Overdue needs CurrentOwner=Keyword"), report.message());
  }

  // ---- an operator service that answers as told ----------------------------------------------

  private static final class FakeOperator extends OperatorServiceGrpc.OperatorServiceImplBase {
    final Map<String, IndexedValueType> existing = new LinkedHashMap<>();
    final List<AddSearchAttributesRequest> adds = new ArrayList<>();
    Status refuseList;
    Status refuseAdd;

    @Override
    public void listSearchAttributes(
        ListSearchAttributesRequest request,
        StreamObserver<ListSearchAttributesResponse> response) {
      if (refuseList != null) {
        response.onError(refuseList.asRuntimeException());
        return;
      }
      response.onNext(ListSearchAttributesResponse.newBuilder().putAllCustomAttributes(existing).build());
      response.onCompleted();
    }

    @Override
    public void addSearchAttributes(
        AddSearchAttributesRequest request, StreamObserver<AddSearchAttributesResponse> response) {
      if (refuseAdd != null) {
        response.onError(refuseAdd.asRuntimeException());
        return;
      }
      adds.add(request);
      existing.putAll(request.getSearchAttributesMap());
      response.onNext(AddSearchAttributesResponse.getDefaultInstance());
      response.onCompleted();
    }
  }

  private OperatorServiceStubs operator(FakeOperator fake) throws IOException {
    String name = InProcessServerBuilder.generateName();
    Server server = InProcessServerBuilder.forName(name).directExecutor().addService(fake).build().start();
    toClose.add(() -> server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS));
    ManagedChannel channel = InProcessChannelBuilder.forName(name).directExecutor().build();
    toClose.add(() -> channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS));
    OperatorServiceStubs stubs =
        OperatorServiceStubs.newServiceStubs(
            OperatorServiceStubsOptions.newBuilder().setChannel(channel).validateAndBuildWithDefaults());
    toClose.add(stubs::shutdownNow);
    return stubs;
  }

}
