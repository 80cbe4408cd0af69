package dev.overdue.starter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Separate "hosts" on this machine for the fleet tests: network namespaces, each with a veth pair
 * whose host end is on one bridge. The bridge has {@link #gateway()} ({@code 10.77.N.1}); host i is
 * {@code 10.77.N.(10+i)} and reaches the bridge address only — nothing leaves the machine. Services
 * the hosts use (the cluster's frontend, PostgreSQL, a webhook receiver) listen on the gateway. A
 * process started in a host is the program itself ({@code ip netns exec} execs it), so {@code kill
 * -9} of its pid kills it. Needs root and iproute2.
 */
final class Hosts implements AutoCloseable {
  private static final Path IP = Path.of("/usr/sbin/ip");
  private static final Duration COMMAND = Duration.ofSeconds(20);

  private final String prefix;
  private final int subnet;
  private final List<String> names = new ArrayList<>();

  private Hosts(String prefix, int subnet) {
    this.prefix = prefix;
    this.subnet = subnet;
  }

  /** Whether this machine can make hosts: root and {@code ip}. */
  static boolean available() {
    return Files.isExecutable(IP) && "root".equals(System.getProperty("user.name"));
  }

  /**
   * {@code count} hosts named {@code <prefix>-1…}, on bridge {@code <prefix>} with subnet {@code
   * 10.77.<subnet>.0/24}. Leftovers of an earlier run with the same prefix are removed first; on
   * failure, whatever was made is removed again.
   */
  static Hosts create(String prefix, int subnet, int count)
      throws IOException, InterruptedException {
    if (prefix.length() > 8 || !prefix.matches("[a-z][a-z0-9-]*")) {
      throw new IllegalArgumentException(
          "a prefix of at most 8 of [a-z0-9-]: interface names are short");
    }
    Hosts hosts = new Hosts(prefix, subnet);
    hosts.removeLeftovers(count + 4);
    try {
      ip("link", "add", prefix, "type", "bridge");
      ip("addr", "add", hosts.gateway() + "/24", "dev", prefix);
      ip("link", "set", prefix, "up");
      for (int i = 1; i <= count; i++) {
        hosts.add(i);
      }
      return hosts;
    } catch (IOException | RuntimeException | InterruptedException e) {
      hosts.close();
      throw e;
    }
  }

  private void add(int i) throws IOException, InterruptedException {
    String name = name(i);
    String outside = prefix + "-" + i + "o";
    String inside = prefix + "-" + i + "i";
    ip("netns", "add", name);
    names.add(name);
    ip("link", "add", outside, "type", "veth", "peer", "name", inside);
    ip("link", "set", inside, "netns", name);
    ip("link", "set", outside, "master", prefix);
    ip("link", "set", outside, "up");
    ip("-n", name, "addr", "add", address(i) + "/24", "dev", inside);
    ip("-n", name, "link", "set", inside, "up");
    ip("-n", name, "link", "set", "lo", "up");
  }

  /** The bridge's address: what every host reaches. */
  String gateway() {
    return "10.77." + subnet + ".1";
  }

  String address(int host) {
    return "10.77." + subnet + "." + (10 + host);
  }

  String name(int host) {
    return prefix + "-" + host;
  }

  List<String> names() {
    return List.copyOf(names);
  }

  /** {@code command} as it runs in host {@code host}: give it to a {@link ProcessBuilder}. */
  List<String> in(int host, List<String> command) {
    List<String> wrapped = new ArrayList<>(List.of(IP.toString(), "netns", "exec", name(host)));
    wrapped.addAll(command);
    return wrapped;
  }

  /** Runs {@code command} in host {@code host} and waits for it. */
  Processes.Result run(int host, List<String> command, Map<String, String> env)
      throws IOException, InterruptedException {
    return Processes.run(in(host, command), env, COMMAND);
  }

  @Override
  public void close() {
    for (String name : names) {
      quietly("netns", "del", name);
    }
    names.clear();
    // Deleting a namespace deletes its veth end, and with it the pair; then the bridge.
    quietly("link", "del", prefix);
  }

  private void removeLeftovers(int upTo) {
    for (int i = 1; i <= upTo; i++) {
      quietly("netns", "del", name(i));
      quietly("link", "del", prefix + "-" + i + "o");
    }
    quietly("link", "del", prefix);
  }

  private static void ip(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(IP.toString()));
    command.addAll(List.of(args));
    Processes.Result result = Processes.run(command, Map.of(), COMMAND);
    if (result.exit() != 0) {
      throw new IOException("ip " + String.join(" ", args) + " failed: " + result.err().strip());
    }
  }

  private static void quietly(String... args) {
    try {
      List<String> command = new ArrayList<>(List.of(IP.toString()));
      command.addAll(List.of(args));
      Processes.run(command, Map.of(), COMMAND);
    } catch (IOException | InterruptedException e) {
      // Cleaning up what may not exist: nothing to report.
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
