package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fleet tests' hosts are separate: each network namespace reaches the services on the bridge
 * address, from an address of its own, and not the test machine's loopback. Skipped without root
 * and iproute2, unless CI is set.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class HostsIT {
  @Test
  void eachHostReachesTheGatewayFromItsOwnAddressAndNotTheMachinesLoopback() throws Exception {
    String ci = System.getenv("CI");
    assumeTrue(Hosts.available() || (ci != null && !ci.isBlank()), "needs root and iproute2");
    try (Hosts hosts = Hosts.create("ovdhit", 90, 3)) {
      Set<String> callers = new ConcurrentSkipListSet<>();
      HttpServer gateway = HttpServer.create(new InetSocketAddress(hosts.gateway(), 0), 0);
      gateway.createContext(
          "/",
          exchange -> {
            callers.add(exchange.getRemoteAddress().getAddress().getHostAddress());
            byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
          });
      HttpServer loopback = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      loopback.createContext(
          "/",
          exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
          });
      gateway.start();
      loopback.start();
      try {
        for (int host = 1; host <= 3; host++) {
          Processes.Result reached =
              hosts.run(host, get(hosts.gateway(), gateway.getAddress().getPort()), Map.of());
          assertEquals(0, reached.exit(), reached.toString());
          assertTrue(reached.out().startsWith("HTTP/1.1 200"), reached.toString());
          Processes.Result local =
              hosts.run(host, get("127.0.0.1", loopback.getAddress().getPort()), Map.of());
          assertNotEquals(
              0, local.exit(), "a host must not reach the machine's loopback: " + local);
        }
        assertEquals(
            new TreeSet<>(List.of(hosts.address(1), hosts.address(2), hosts.address(3))), callers);
      } finally {
        gateway.stop(0);
        loopback.stop(0);
      }
    }
  }

  /** One GET by bash alone (no curl in a minimal host): the status line, or a non-zero exit. */
  private static List<String> get(String address, int port) {
    return List.of(
        "timeout",
        "5",
        "bash",
        "-c",
        "exec 3<>/dev/tcp/"
            + address
            + "/"
            + port
            + " && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && head -1 <&3");
  }
}
