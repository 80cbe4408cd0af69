package dev.overdue.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Samples the worker's /metrics every second: heap in use, CPU time, expiries recorded. */
final class Sampler {
  record Sample(
      long nanos, double heapBytes, double cpuNanos, double expiries, double serverCpuNanos, double serverRssBytes) {}

  private final int port;
  private final String expiriesSeries;
  private final long pid;
  private final List<Long> serverPids;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final List<Sample> samples = new ArrayList<>();
  private ScheduledExecutorService timer;

  /**
   * @param serverPids the server's processes, whose CPU time with their children's is read from
   *     /proc; none: not read
   */
  Sampler(int port, String expiriesSeries, long pid, List<Long> serverPids) {
    this.port = port;
    this.expiriesSeries = expiriesSeries;
    this.pid = pid;
    this.serverPids = List.copyOf(serverPids);
  }

  void start() throws InterruptedException {
    long giveUp = System.nanoTime() + ScaleBench.WORKER_START.toNanos();
    while (sample() == null) {
      if (System.nanoTime() > giveUp) {
        throw new IllegalStateException("the worker's metrics did not answer on port " + port);
      }
      Thread.sleep(250);
    }
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "bench-sampler");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleAtFixedRate(this::sample, 0, ScaleBench.SAMPLE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
  }

  void stop() {
    if (timer != null) {
      timer.shutdownNow();
    }
  }

  /** One scrape, kept; null when the endpoint did not answer. */
  Sample sample() {
    try {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                  .timeout(Duration.ofSeconds(3))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return null;
      }
      long nanos = System.nanoTime();
      PrometheusText text = PrometheusText.parse(response.body());
      ProcStat.Usage server = serverPids.isEmpty() ? ProcStat.Usage.NONE : ProcStat.treeUsage(serverPids);
      Sample sample =
          new Sample(
              nanos,
              text.sum("jvm_memory_used_bytes", labels -> "heap".equals(labels.get("area"))),
              cpuNanos(text),
              orZero(text.sum(expiriesSeries)),
              server.cpuNanos(),
              server.rssBytes());
      synchronized (samples) {
        samples.add(sample);
      }
      return sample;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** process_cpu_time from the metrics; /proc/PID/stat when the registry has none. */
  private double cpuNanos(PrometheusText text) {
    double ns = text.sum("process_cpu_time_ns_total");
    if (!Double.isNaN(ns)) {
      return ns;
    }
    double seconds = text.sum("process_cpu_time_seconds_total");
    if (!Double.isNaN(seconds)) {
      return seconds * 1e9;
    }
    return ProcStat.cpuNanos(pid);
  }

  private Sample last() {
    synchronized (samples) {
      return samples.isEmpty() ? null : samples.get(samples.size() - 1);
    }
  }

  double expiries() {
    Sample last = last();
    return last == null ? 0 : last.expiries();
  }

  String status() {
    Sample last = last();
    if (last == null) {
      return "worker: no metrics yet";
    }
    String worker = String.format("worker heap %.0f MiB, CPU %.2f cores", last.heapBytes() / (1 << 20), recentCores());
    // A server that outgrows the machine's memory stalls everything: shown while it grows.
    return Double.isNaN(last.serverRssBytes())
        ? worker
        : worker + String.format("; server RSS %.0f MiB", last.serverRssBytes() / (1 << 20));
  }

  private double recentCores() {
    synchronized (samples) {
      if (samples.size() < 2) {
        return Double.NaN;
      }
      Sample a = samples.get(samples.size() - 2);
      Sample b = samples.get(samples.size() - 1);
      return (b.cpuNanos() - a.cpuNanos()) / (double) (b.nanos() - a.nanos());
    }
  }

  private List<Sample> between(long from, long to) {
    synchronized (samples) {
      return samples.stream().filter(s -> s.nanos() >= from && s.nanos() <= to).toList();
    }
  }

  double heapPeakMiB(long from, long to) {
    return between(from, to).stream().mapToDouble(Sample::heapBytes).max().orElse(Double.NaN) / (1 << 20);
  }

  double cpuSeconds(long from, long to) {
    List<Sample> range = between(from, to);
    if (range.size() < 2) {
      return Double.NaN;
    }
    return (range.get(range.size() - 1).cpuNanos() - range.get(0).cpuNanos()) / 1e9;
  }

  double serverCpuSeconds(long from, long to) {
    List<Sample> range = between(from, to);
    if (range.size() < 2) {
      return Double.NaN;
    }
    return (range.get(range.size() - 1).serverCpuNanos() - range.get(0).serverCpuNanos()) / 1e9;
  }

  /** Worker and server CPU per expiry recorded, in ms; NaN where not measured or none recorded. */
  record PerExpiry(double workerCpuMs, double serverCpuMs) {
    static final PerExpiry NONE = new PerExpiry(Double.NaN, Double.NaN);
  }

  /**
   * The CPU the worker and the server used between the first and the last sample of the span,
   * over the expiries recorded between them: a side that falls behind takes longer over the same
   * expiries, so its mean cores would flatter it, while its CPU per expiry does not.
   */
  PerExpiry perExpiry(long from, long to) {
    List<Sample> range = between(from, to);
    return range.size() < 2 ? PerExpiry.NONE : perExpiry(range.get(0), range.get(range.size() - 1));
  }

  static PerExpiry perExpiry(Sample first, Sample last) {
    double expiries = last.expiries() - first.expiries();
    if (!(expiries > 0)) {
      return PerExpiry.NONE;
    }
    return new PerExpiry(
        (last.cpuNanos() - first.cpuNanos()) / 1e6 / expiries,
        (last.serverCpuNanos() - first.serverCpuNanos()) / 1e6 / expiries);
  }

  /**
   * The highest mean CPU use over {@link #PEAK_SPAN} of samples: shorter spans would mostly
   * show when a scrape was answered late (the CPU time is read in the worker, the sample's time
   * here).
   */
  double cpuPeakCores(long from, long to) {
    List<Sample> range = between(from, to);
    double peak = Double.NaN;
    int j = 0;
    for (int i = 0; i < range.size(); i++) {
      while (j < range.size() && range.get(j).nanos() - range.get(i).nanos() < ScaleBench.PEAK_SPAN.toNanos()) {
        j++;
      }
      if (j == range.size()) {
        break;
      }
      double cores =
          (range.get(j).cpuNanos() - range.get(i).cpuNanos())
              / (double) (range.get(j).nanos() - range.get(i).nanos());
      peak = Double.isNaN(peak) ? cores : Math.max(peak, cores);
    }
    return peak;
  }

  /**
   * Forces a full GC in the worker ({@code jcmd PID GC.run}, which returns when it is done) and
   * reads the heap in use right after; NaN when jcmd is not available.
   */
  double heapAfterFullGc() {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    String command = Files.isExecutable(jcmd) ? jcmd.toString() : "jcmd";
    try {
      Process process =
          new ProcessBuilder(command, Long.toString(pid), "GC.run")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return Double.NaN;
      }
      if (process.exitValue() != 0) {
        return Double.NaN;
      }
      Sample after = sample();
      return after == null ? Double.NaN : after.heapBytes() / (1 << 20);
    } catch (IOException e) {
      return Double.NaN;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Double.NaN;
    }
  }

  private static double orZero(double value) {
    return Double.isNaN(value) ? 0 : value;
  }

  /** CPU time of processes from /proc (Linux), in clock ticks of 10 ms. */
  static final class ProcStat {
    /** utime + stime of one process. */
    static double cpuNanos(long pid) {
      long[] stat = stat(pid);
      return stat == null ? Double.NaN : (stat[UTIME] + stat[STIME]) * NANOS_PER_TICK;
    }

    /** What a tree of processes uses: CPU time, as {@link #cpuNanos}, and resident memory. */
    record Usage(double cpuNanos, double rssBytes) {
      static final Usage NONE = new Usage(Double.NaN, Double.NaN);
    }

    /**
     * What {@code roots} and every process below them use, read in one walk of /proc: each one's
     * utime + stime, plus cutime + cstime, what its children that ended have used (PostgreSQL's
     * backends, say), and their resident memory. {@link Usage#NONE} when no root is alive.
     */
    static Usage treeUsage(List<Long> roots) {
      java.util.Map<Long, long[]> all = new java.util.HashMap<>();
      try (var listing = Files.list(Path.of("/proc"))) {
        listing.map(path -> path.getFileName().toString()).filter(name -> name.chars().allMatch(Character::isDigit))
            .forEach(name -> {
              long[] stat = stat(Long.parseLong(name));
              if (stat != null) {
                all.put(Long.parseLong(name), stat);
              }
            });
      } catch (IOException e) {
        return Usage.NONE;
      }
      java.util.Set<Long> tree = new java.util.HashSet<>();
      roots.stream().filter(all::containsKey).forEach(tree::add);
      if (tree.isEmpty()) {
        return Usage.NONE;
      }
      for (boolean grew = true; grew; ) {
        grew = false;
        for (var process : all.entrySet()) {
          if (!tree.contains(process.getKey()) && tree.contains(process.getValue()[PPID])) {
            grew = tree.add(process.getKey()) || grew;
          }
        }
      }
      long ticks = 0;
      long pages = 0;
      for (long pid : tree) {
        long[] stat = all.get(pid);
        ticks += stat[UTIME] + stat[STIME] + stat[CUTIME] + stat[CSTIME];
        pages += stat[RSS];
      }
      return new Usage(ticks * NANOS_PER_TICK, pages * PAGE_BYTES);
    }

    private static final double NANOS_PER_TICK = 10_000_000.0;
    private static final int PPID = 1;
    private static final int UTIME = 11;
    private static final int STIME = 12;
    private static final int CUTIME = 13;
    private static final int CSTIME = 14;
    private static final int RSS = 21;
    /** The page size of x86-64 and most arm64 Linux; rss counts pages. */
    private static final double PAGE_BYTES = 4096;

    /** The fields after the command, from state (index 0) on; null when the process is gone. */
    private static long[] stat(long pid) {
      try {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long[] values = new long[RSS + 1];
        for (int i = 1; i <= RSS; i++) {
          values[i] = Long.parseLong(fields[i]);
        }
        return values;
      } catch (IOException | RuntimeException e) {
        return null;
      }
    }
  }
}
