package dev.overdue.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Random;

/**
 * Ports for the servers these tests start, chosen below the kernel's ephemeral range (32768–60999
 * here): a port the kernel hands out for port 0 may be taken by any process's outgoing connection
 * before the server binds it, which on a loaded machine happened (starter's DrainIT).
 */
final class FreePorts {
  private static final Random PORTS = new Random();

  private FreePorts() {}

  /** A port nothing listens on now. */
  static int free() {
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = 20_000 + PORTS.nextInt(12_000);
      try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
        return port;
      } catch (IOException taken) {
        // Another test's, or another program's: the next one.
      }
    }
    throw new UncheckedIOException(new IOException("no free port between 20000 and 32000"));
  }
}
