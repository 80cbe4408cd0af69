package dev.overdue.starter;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Forwards TCP connections from one address to a port on loopback, byte for byte: how the fleet
 * tests' hosts reach services that listen on loopback only (the cluster's frontend and
 * PostgreSQL), as a fleet reaches its cluster through a load balancer. When either side closes or
 * fails, both are closed, so a service that restarts breaks its relayed connections as it breaks
 * direct ones. A test can {@link #hold} what one host sends (a link that stalls) and {@link #cut}
 * that host's connections with what was held (the host died before its packets got through).
 */
final class TcpRelay implements AutoCloseable {
  private final ServerSocket listener;
  private final int target;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  /** Clients whose bytes are not passed on for now, by address. */
  private final Set<String> held = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  private TcpRelay(ServerSocket listener, int target) {
    this.listener = listener;
    this.target = target;
  }

  /** Relays {@code address:port} to {@code 127.0.0.1:port}. */
  static TcpRelay start(String address, int port) throws IOException {
    ServerSocket listener = new ServerSocket();
    listener.setReuseAddress(true);
    listener.bind(new InetSocketAddress(InetAddress.getByName(address), port), 200);
    TcpRelay relay = new TcpRelay(listener, port);
    daemon("relay " + address + ":" + port, relay::accept);
    return relay;
  }

  private static void daemon(String name, Runnable work) {
    Thread thread = new Thread(work, name);
    thread.setDaemon(true);
    thread.start();
  }

  private void accept() {
    while (!closed) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        return; // closed
      }
      open.add(client);
      daemon("relay connection", () -> connect(client));
    }
  }

  private void connect(Socket client) {
    Socket upstream = new Socket();
    open.add(upstream);
    try {
      upstream.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), target), 5_000);
      client.setTcpNoDelay(true);
      upstream.setTcpNoDelay(true);
    } catch (IOException refused) {
      closeBoth(client, upstream); // the service is down: the caller sees a closed connection
      return;
    }
    String host = client.getInetAddress().getHostAddress();
    daemon("relay pump", () -> pump(client, upstream, host));
    pump(upstream, client, null);
  }

  /** Copies {@code from} to {@code to}; while {@code host} is held, waits before each write. */
  private void pump(Socket from, Socket to, String host) {
    byte[] buffer = new byte[16 * 1024];
    try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
      for (int read; (read = in.read(buffer)) >= 0; ) {
        while (host != null && held.contains(host) && !from.isClosed()) {
          Thread.sleep(1);
        }
        if (from.isClosed()) {
          break; // cut while held: these bytes never arrive
        }
        out.write(buffer, 0, read);
        out.flush();
      }
    } catch (IOException ended) {
      // One side went away: the other is closed below.
    } catch (InterruptedException stopping) {
      Thread.currentThread().interrupt();
    } finally {
      closeBoth(from, to);
    }
  }

  private void closeBoth(Socket a, Socket b) {
    for (Socket socket : new Socket[] {a, b}) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // Already closed.
      }
      open.remove(socket);
    }
  }

  /** From now on, what {@code host} sends waits in the relay until {@link #cut}. */
  void hold(String host) {
    held.add(host);
  }

  /** Closes every connection from {@code host}: what it sent while held is lost. */
  void cut(String host) throws IOException {
    for (Socket socket : Set.copyOf(open)) {
      if (host.equals(socket.getInetAddress().getHostAddress())) {
        socket.close();
      }
    }
    held.remove(host);
  }

  @Override
  public void close() throws IOException {
    closed = true;
    listener.close();
    for (Socket socket : Set.copyOf(open)) {
      socket.close();
    }
  }
}
