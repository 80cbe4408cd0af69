package dev.overdue.starter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Random;

/**
 * Ports for the processes and servers tests start, chosen below the kernel's ephemeral range
 * (32768–60999 here): a port the kernel hands out for port 0 may be taken by any process's
 * outgoing connection before the child binds it, which on a loaded machine happened (DrainIT's
 * worker found its metrics port in use). Ports here are only ever taken by a bind. Public for the
 * modules that use the starter's test helpers (http-api, inbox, dist).
 */
public final class FreePorts {
  private static final int FIRST = 20_000;
  private static final int COUNT = 12_000;
  private static final Random PORTS = new Random();

  private FreePorts() {}

  /** A port nothing listens on now. */
  public static int free() {
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = FIRST + PORTS.nextInt(COUNT);
      try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
        return port;
      } catch (IOException taken) {
        // Another test's, or another program's: the next one.
      }
    }
    throw new UncheckedIOException(new IOException("no free port between " + FIRST + " and " + (FIRST + COUNT)));
  }
}
