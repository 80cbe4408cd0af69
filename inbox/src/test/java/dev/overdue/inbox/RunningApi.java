package dev.overdue.inbox;

import dev.overdue.http.OverdueApi;
import dev.overdue.http.TemporalWithWorker;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** The task API in the tests' JVM, on a free port, over a Temporal with a worker: what the inbox talks to. */
final class RunningApi implements AutoCloseable {
  final int port;
  private final ConfigurableApplicationContext context;

  private RunningApi(ConfigurableApplicationContext context) {
    this.context = context;
    this.port = context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
  }

  /** In development mode (no provider), or with {@code extra} properties such as an issuer. */
  static RunningApi on(TemporalWithWorker temporal, String... extra) {
    // As arguments: they outrank the API's application.yaml, as on a command line.
    List<String> arguments = new ArrayList<>(List.of(
        "--server.port=0", "--management.server.port=0", "--TEMPORAL_ADDRESS=" + temporal.address,
        "--overdue.api.task-index=" + temporal.taskIndex,
        "--overdue.api.requests-per-second=10000"));
    for (String property : extra) {
      arguments.add("--" + property);
    }
    return new RunningApi(new SpringApplicationBuilder(OverdueApi.class).run(arguments.toArray(String[]::new)));
  }

  String url() {
    return "http://127.0.0.1:" + port;
  }

  @Override
  public void close() {
    context.close();
  }
}
