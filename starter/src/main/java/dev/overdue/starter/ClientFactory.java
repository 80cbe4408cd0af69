package dev.overdue.starter;

import dev.overdue.client.Connection;
import dev.overdue.tracing.Tracing;
import io.temporal.client.WorkflowClient;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Where the CLI gets its Temporal client: the environment by default, a test service in tests. */
@FunctionalInterface
public interface ClientFactory {
  /** The service name of the CLI's spans unless OTEL_SERVICE_NAME says otherwise. */
  String SERVICE_NAME = "overdue-cli";

  WorkflowClient connect();

  /** With the connection flags of the command line, as TEMPORAL_* variables. */
  default WorkflowClient connect(Map<String, String> flags) {
    return connect();
  }

  /**
   * The standard Temporal settings, read by {@link Connection#load(Map)} from the environment
   * with the flags over it; the channel on {@code loop}; the client traced when the OTEL_*
   * variables ask for it, {@code tracing} told the Tracing to close when the command is done.
   */
  static ClientFactory fromEnvironment(CommandEventLoop loop, Consumer<Tracing> tracing) {
    return new ClientFactory() {
      @Override
      public WorkflowClient connect() {
        return connect(Map.of());
      }

      @Override
      public WorkflowClient connect(Map<String, String> flags) {
        Connection connection = Connection.load(ConnectionOptions.over(System.getenv(), flags));
        Tracing traces = Tracing.fromEnvironment(SERVICE_NAME);
        tracing.accept(traces);
        return connection.client(connection.serviceStubs(null, loop::use), traces.clientInterceptors());
      }
    };
  }

  /** Closes {@code client}, if any, at once: the process ends without waiting for its channel. */
  static void close(WorkflowClient client) {
    if (client != null) {
      client.getWorkflowServiceStubs().shutdownNow();
      client.getWorkflowServiceStubs().awaitTermination(1, TimeUnit.SECONDS);
    }
  }
}
