package dev.overdue.worker;

import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.temporal.envconfig.ClientConfig;
import io.temporal.internal.testservice.GRPCServerHelper;
import io.temporal.internal.testservice.TestServicesStarter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The in-memory Temporal service from temporal-testing, bound to a real port, in real time. Built
 * as temporal-testing's {@code TestServer.createPortBoundServer} builds it, plus {@link
 * RecentPollers}, which answers DescribeTaskQueue: hence the SDK's internal classes, fixed by the
 * pinned SDK version.
 */
public final class EmbeddedTemporal implements AutoCloseable {
  private final TestServicesStarter services;
  private final Server server;

  private EmbeddedTemporal(TestServicesStarter services, Server server) {
    this.services = services;
    this.server = server;
  }

  public static EmbeddedTemporal start(String address) {
    // lockTimeSkipping: timers fire in real time, as they would on a real server.
    TestServicesStarter services = new TestServicesStarter(true, 0);
    ServerBuilder<?> builder = Grpc.newServerBuilderForPort(port(address), InsecureServerCredentials.create());
    GRPCServerHelper.registerServicesAndHealthChecks(
        services.getServices(), builder, List.of(new RecentPollers(Clock.systemUTC())));
    try {
      return new EmbeddedTemporal(services, builder.build().start());
    } catch (IOException e) {
      services.close();
      throw new UncheckedIOException("cannot start the in-memory Temporal service on " + address, e);
    }
  }

  /** The variables that name a server, a profile or a config file. */
  static final List<String> CONNECTION_VARIABLES =
      List.of("TEMPORAL_ADDRESS", "TEMPORAL_PROFILE", "TEMPORAL_CONFIG_FILE");

  /**
   * The first connection setting present, or null: with one, the worker was told where Temporal
   * is, and starting an empty in-memory service instead (because that server is down) would take
   * approvals no real server will ever see.
   *
   * @param defaultConfigFile the TOML file temporal-envconfig reads when TEMPORAL_CONFIG_FILE is
   *     unset; it counts when it holds a profile
   */
  static String connectionSetting(Map<String, String> environment, Path defaultConfigFile) {
    for (String variable : CONNECTION_VARIABLES) {
      String value = environment.get(variable);
      if (value != null && !value.isBlank()) {
        return variable;
      }
    }
    if (defaultConfigFile != null && Files.isRegularFile(defaultConfigFile)) {
      try {
        if (!ClientConfig.fromToml(Files.readAllBytes(defaultConfigFile)).getProfiles().isEmpty()) {
          return "the profiles in " + defaultConfigFile;
        }
      } catch (IOException | RuntimeException unreadable) {
        // Empty or not TOML: no profile in it (Connection.load has already refused a broken one).
        return null;
      }
    }
    return null;
  }

  /** Where temporal-envconfig looks for its TOML file when TEMPORAL_CONFIG_FILE is unset. */
  static Path defaultConfigFile(Map<String, String> environment) {
    String home = System.getProperty("user.home");
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    if (os.contains("mac")) {
      return Path.of(home, "Library", "Application Support", "temporalio", "temporal.toml");
    }
    if (os.contains("win") && environment.get("APPDATA") != null) {
      return Path.of(environment.get("APPDATA"), "temporalio", "temporal.toml");
    }
    return Path.of(home, ".config", "temporalio", "temporal.toml");
  }

  /** Whether anything accepts TCP connections at {@code host:port}. */
  static boolean answers(String address) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host(address), port(address)), 1000);
      return true;
    } catch (IOException | IllegalArgumentException e) {
      return false;
    }
  }

  static String host(String address) {
    int colon = address.lastIndexOf(':');
    return colon < 0 ? address : address.substring(0, colon);
  }

  static int port(String address) {
    int colon = address.lastIndexOf(':');
    if (colon < 0) {
      return 7233;
    }
    try {
      return Integer.parseInt(address.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a host:port address: " + address);
    }
  }

  @Override
  public void close() {
    server.shutdown();
    try {
      server.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    services.close();
    server.shutdownNow();
  }
}
