package dev.overdue.http;

import dev.overdue.starter.FreePorts;

import dev.overdue.activities.DirectoryOwnerActivities;
import dev.overdue.activities.OverdueActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.activities.settings.Person;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.client.Connection;
import dev.overdue.index.TaskIndex;
import dev.overdue.index.TaskIndexes;
import dev.overdue.starter.DevServer;
import dev.overdue.worker.EmbeddedTemporal;
import dev.overdue.worker.SearchAttributeRegistration;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import dev.overdue.workflow.activities.DirectoryActivities;
import io.temporal.client.WorkflowClient;
import io.temporal.envconfig.ClientConfigProfile;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.worker.WorkerFactory;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The embedded Temporal service on a free port, with Overdue's search attributes and a worker whose
 * directory is the team of docs/examples/team.yaml (plus a large group), as the API's tests need:
 * the same in-memory service the quick start runs, in real time.
 */
public final class TemporalWithWorker implements AutoCloseable {
  static final Map<String, List<String>> GROUPS = new LinkedHashMap<>();

  static {
    GROUPS.put("finance", List.of("frank", "fiona"));
    GROUPS.put("legal", List.of("lena"));
    GROUPS.put("managers", List.of("carol", "alice"));
  }

  public final String address;
  public final WorkflowClient client;
  /** The task index this worker writes and the API under test reads: a file of its own. */
  public final String taskIndex;
  private final TaskIndex index;
  /** The directory's groups, which a test may change: lookups read them as they are at the time. */
  public final Map<String, List<String>> groups = new ConcurrentHashMap<>();
  private final EmbeddedTemporal temporal;
  /** The dev server this one started and so stops; null on the embedded service or another's server. */
  private DevServer devServer;
  private final WorkflowServiceStubs stubs;
  private final WorkerFactory factory;

  private static TemporalWithWorker shared;

  /**
   * One embedded service and worker for every test class that needs no list and no directory of
   * its own (each starts requests of its own ids): started on first use, stopped when the JVM ends.
   */
  public static synchronized TemporalWithWorker shared() {
    if (shared == null) {
      shared = new TemporalWithWorker(Map.of());
      Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "temporal-with-worker-stop"));
    }
    return shared;
  }

  /** On the embedded service: no lists (it cannot answer list queries). */
  TemporalWithWorker(Map<String, List<String>> extraGroups) {
    this(null, extraGroups, NotificationSettings.defaults());
  }

  /**
   * On the server at {@code address} (a dev server, for lists); null: the embedded service. With
   * {@code notifications} that name an e-mail server, everyone gets mail at {@code <user>@example.com}.
   */
  TemporalWithWorker(String address, Map<String, List<String>> extraGroups, NotificationSettings notifications) {
    this.address = address == null ? "127.0.0.1:" + freePort() : address;
    temporal = address == null ? EmbeddedTemporal.start(this.address) : null;
    Connection connection = new Connection(ClientConfigProfile.newBuilder().setAddress(this.address).build());
    stubs = connection.serviceStubs();
    client = connection.client(stubs);
    SearchAttributeRegistration.ensure(stubs, "default", ApprovalSearchAttributes.DEFINITIONS);
    Map<String, Person> users = new LinkedHashMap<>();
    for (String user : List.of("alice", "bob", "carol", "frank", "fiona", "lena")) {
      users.put(user, notifications.email() == null
          ? new Person(user, null, "log", null, "carol", null)
          : new Person(user, user + "@example.com", "email", null, "carol", null));
    }
    groups.putAll(GROUPS);
    groups.putAll(extraGroups);
    // The extra groups' members are users of the directory too: a group's members are people.
    extraGroups.values().stream().flatMap(List::stream)
        .forEach(member -> users.putIfAbsent(member, new Person(member, null, "log", null, "carol", null)));
    Deliveries deliveries =
        Deliveries.start(notifications, new Directory(users, groups), Clock.systemUTC());
    taskIndex = TaskIndexes.temporaryLocation();
    index = TaskIndexes.open(taskIndex);
    factory = WorkerFactory.newInstance(client);
    var worker = factory.newWorker("overdue");
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    List<Object> activities = new ArrayList<>();
    for (Object activity : OverdueActivities.of(deliveries, index)) {
      if (!(activity instanceof DirectoryActivities)) {
        activities.add(activity);
      }
    }
    DirectoryActivities directory =
        lookup -> new DirectoryOwnerActivities(new Directory(users, Map.copyOf(groups))).lookUpOwners(lookup);
    activities.add(directory);
    worker.registerActivitiesImplementations(activities.toArray());
    factory.start();
  }

  /**
   * On a dev server of its own (bin/dev-server, under target/{@code name}), for lists: the
   * embedded service cannot answer list queries. {@link #close} stops it.
   */
  public static TemporalWithWorker onDevServer(String name, Map<String, List<String>> extraGroups) {
    return onDevServer(name, extraGroups, NotificationSettings.defaults());
  }

  /** The same, its worker sending messages by {@code notifications}. */
  public static TemporalWithWorker onDevServer(
      String name, Map<String, List<String>> extraGroups, NotificationSettings notifications) {
    DevServer server = DevServers.start(name);
    TemporalWithWorker temporal = new TemporalWithWorker(server.address(), extraGroups, notifications);
    temporal.devServer = server;
    return temporal;
  }

  /** Where the API under test finds it: {@code @DynamicPropertySource} hands the registry here. */
  public void register(DynamicPropertyRegistry properties) {
    properties.add("TEMPORAL_ADDRESS", () -> address);
    properties.add("overdue.api.task-index", () -> taskIndex);
  }

  @Override
  public void close() {
    factory.shutdownNow();
    stubs.shutdownNow();
    index.close();
    if (temporal != null) {
      temporal.close();
    }
    if (devServer != null) {
      try {
        devServer.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** A port nothing listens on now ({@link FreePorts}, the starter's test helper). */
  public static int freePort() {
    return FreePorts.free();
  }
}
