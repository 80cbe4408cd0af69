package dev.overdue.starter;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit 5 fixture: a real Temporal dev server (see {@link DevServer}) and, unless told otherwise,
 * the worker jar connected to it. In a {@code static} {@code @RegisterExtension} field they serve
 * the whole test class; in an instance field each test gets its own. Logs stay in {@code
 * starter/target/it-logs/<test>/} for a look after a failure.
 *
 * <pre>
 * &#64;RegisterExtension static final DevServerExtension temporal = DevServerExtension.withWorker(Options.headless());
 * </pre>
 */
final class DevServerExtension
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {
  private final DevServer.Options options;
  private final boolean startWorker;
  private DevServer server;
  private WorkerProcess worker;
  private Path logs;
  private boolean perTest;

  private DevServerExtension(DevServer.Options options, boolean startWorker) {
    this.options = options;
    this.startWorker = startWorker;
  }

  static DevServerExtension withWorker(DevServer.Options options) {
    return new DevServerExtension(options, true);
  }

  static DevServerExtension serverOnly(DevServer.Options options) {
    return new DevServerExtension(options, false);
  }

  DevServer server() {
    return server;
  }

  WorkerProcess worker() {
    return worker;
  }

  /** Where this test's logs go. */
  Path logs() {
    return logs;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    start(context.getRequiredTestClass().getSimpleName());
  }

  @Override
  public void beforeEach(ExtensionContext context) throws Exception {
    if (server == null) {
      perTest = true;
      start(context.getRequiredTestClass().getSimpleName() + "-" + context.getRequiredTestMethod().getName());
    }
  }

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    if (perTest) {
      stop();
    }
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    stop();
  }

  private void start(String name) throws Exception {
    logs = Processes.logsOf(name);
    server = DevServer.start(logs, options);
    if (startWorker) {
      try {
        worker = WorkerProcess.start(logs.resolve("worker.log"), server.env());
      } catch (Exception | AssertionError e) {
        stop();
        throw e;
      }
    }
  }

  private void stop() throws InterruptedException {
    try {
      if (worker != null) {
        worker.close();
      }
    } finally {
      worker = null;
      if (server != null) {
        server.close();
      }
      server = null;
    }
  }
}
