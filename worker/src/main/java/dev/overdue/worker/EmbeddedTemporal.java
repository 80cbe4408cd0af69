package dev.overdue.worker;

import io.temporal.testserver.TestServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/** The in-memory Temporal service from temporal-testing, bound to a real port, in real time. */
final class EmbeddedTemporal implements AutoCloseable {
  private final TestServer.PortBoundTestServer server;

  private EmbeddedTemporal(TestServer.PortBoundTestServer server) {
    this.server = server;
  }

  static EmbeddedTemporal start(String address) {
    // lockTimeSkipping: timers fire in real time, as they would on a real server.
    return new EmbeddedTemporal(TestServer.createPortBoundServer(port(address), true));
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
    server.close();
  }
}
