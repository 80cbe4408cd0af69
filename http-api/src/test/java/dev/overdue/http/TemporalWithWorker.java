package dev.overdue.http;

import dev.overdue.activities.OverdueActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.activities.settings.Person;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.client.Connection;
import dev.overdue.worker.EmbeddedTemporal;
import dev.overdue.worker.SearchAttributeRegistration;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import io.temporal.client.WorkflowClient;
import io.temporal.envconfig.ClientConfigProfile;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.worker.WorkerFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The embedded Temporal service on a free port, with Overdue's search attributes and a worker whose
 * directory is the team of docs/examples/team.yaml (plus a large group), as the API's tests need:
 * the same in-memory service the quick start runs, in real time.
 */
final class TemporalWithWorker implements AutoCloseable {
  static final Map<String, List<String>> GROUPS = new LinkedHashMap<>();

  static {
    GROUPS.put("finance", List.of("frank", "fiona"));
    GROUPS.put("legal", List.of("lena"));
    GROUPS.put("managers", List.of("carol", "alice"));
  }

  final String address;
  final WorkflowClient client;
  private final EmbeddedTemporal temporal;
  private final WorkflowServiceStubs stubs;
  private final WorkerFactory factory;

  TemporalWithWorker(Map<String, List<String>> extraGroups) {
    address = "127.0.0.1:" + freePort();
    temporal = EmbeddedTemporal.start(address);
    Connection connection = new Connection(ClientConfigProfile.newBuilder().setAddress(address).build());
    stubs = connection.serviceStubs();
    client = connection.client(stubs);
    SearchAttributeRegistration.ensure(stubs, "default", ApprovalSearchAttributes.DEFINITIONS);
    Map<String, Person> users = new LinkedHashMap<>();
    for (String user : List.of("alice", "bob", "carol", "frank", "fiona", "lena")) {
      users.put(user, new Person(user, null, "log", null, "carol", null));
    }
    Map<String, List<String>> groups = new LinkedHashMap<>(GROUPS);
    groups.putAll(extraGroups);
    Deliveries deliveries =
        Deliveries.start(NotificationSettings.defaults(), new Directory(users, groups), Clock.systemUTC());
    factory = WorkerFactory.newInstance(client);
    var worker = factory.newWorker("overdue");
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    worker.registerActivitiesImplementations(OverdueActivities.of(deliveries));
    factory.start();
  }

  @Override
  public void close() {
    factory.shutdownNow();
    stubs.shutdownNow();
    temporal.close();
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
