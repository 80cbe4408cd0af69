package dev.overdue.worker;

import io.temporal.worker.WorkerFactoryOptions;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * How many approvals a worker keeps in memory between their workflow tasks (Temporal's sticky
 * cache) and what threads their workflow code runs on. A task of an approval the cache does not
 * hold replays its whole history first, so the cache should hold every open approval; what it
 * costs decides its default:
 *
 * <ul>
 *   <li>on Java 21 and later each cached approval parks a virtual thread, whose stack is a few KiB
 *       on the heap: the cache is sized from the heap ({@link #approvalsFor}), at least the SDK's
 *       600;
 *   <li>on Java 17 each parks a platform thread (a stack of its own and the kernel's work to park
 *       and wake it, docs/BENCHMARKS.md "A sticky cache that holds every approval"): the SDK's 600.
 * </ul>
 *
 * @param size approvals kept, and at most as many platform workflow threads
 * @param virtualThreads whether workflow code runs on virtual threads (Java 21+)
 */
public record WorkflowCache(int size, boolean virtualThreads) {
  /** The SDK's default sticky cache, and the least an automatic size goes. */
  public static final int SDK_DEFAULT = 600;
  /**
   * Heap one cached approval keeps alive on virtual threads, with a margin: docs/BENCHMARKS.md
   * "Heap per cached approval" (43 KiB measured at 10,000 before the last of the Jackson fixes,
   * which saves about 11).
   */
  static final long BYTES_PER_APPROVAL = 40 * 1024;
  /** The share of the maximum heap an automatic cache may fill; the rest is for the tasks' garbage. */
  static final double HEAP_SHARE = 0.5;

  /** What {@code --workflow-threads} accepts. */
  public enum Threads {
    AUTO,
    VIRTUAL,
    PLATFORM
  }

  /** {@code --workflow-cache-size}: a number of approvals, or {@code auto} (null). */
  public static final class SizeOption implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String text) {
      if (text.strip().equalsIgnoreCase("auto")) {
        return null;
      }
      try {
        int size = Integer.parseInt(text.strip());
        if (size >= 1) {
          return size;
        }
      } catch (NumberFormatException notANumber) {
        // the message below
      }
      throw new TypeConversionException("'" + text + "' is not a cache size: use a number of approvals (at least 1) or auto");
    }
  }

  /** {@code --workflow-threads}: auto, virtual or platform, in any case. */
  public static final class ThreadsOption implements ITypeConverter<Threads> {
    @Override
    public Threads convert(String text) {
      try {
        return Threads.valueOf(text.strip().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException("'" + text + "': use auto, virtual or platform");
      }
    }
  }

  public WorkflowCache {
    if (size < 1) {
      throw new IllegalArgumentException("--workflow-cache-size must be at least 1: " + size);
    }
  }

  /**
   * The cache for this JVM: {@code size} null is automatic. Virtual threads need Java 21; asking
   * for them on an older JVM is an error that says so, not a silent fallback.
   */
  public static WorkflowCache choose(Integer size, Threads threads, int javaFeature, long maxHeapBytes) {
    boolean virtual =
        switch (threads) {
          case AUTO -> javaFeature >= 21;
          case PLATFORM -> false;
          case VIRTUAL -> {
            if (javaFeature < 21) {
              throw new IllegalArgumentException(
                  "--workflow-threads virtual needs Java 21 or later; this worker runs on Java "
                      + javaFeature);
            }
            yield true;
          }
        };
    if (size != null) {
      return new WorkflowCache(size, virtual);
    }
    return new WorkflowCache(virtual ? approvalsFor(maxHeapBytes) : SDK_DEFAULT, virtual);
  }

  /** This JVM's: its Java version and maximum heap. */
  public static WorkflowCache choose(Integer size, Threads threads) {
    return choose(size, threads, Runtime.version().feature(), Runtime.getRuntime().maxMemory());
  }

  /** Approvals that fill {@link #HEAP_SHARE} of the heap, at least the SDK's 600. */
  static int approvalsFor(long maxHeapBytes) {
    long fit = (long) (maxHeapBytes * HEAP_SHARE) / BYTES_PER_APPROVAL;
    return (int) Math.max(SDK_DEFAULT, Math.min(Integer.MAX_VALUE, fit));
  }

  /**
   * These settings on the factory's options. With virtual threads the SDK's workflow thread limit
   * stays at the cache's size all the same: a cached approval keeps its thread either way.
   */
  public WorkerFactoryOptions.Builder applyTo(WorkerFactoryOptions.Builder options) {
    return options
        .setWorkflowCacheSize(size)
        .setMaxWorkflowThreadCount(size)
        .setUsingVirtualWorkflowThreads(virtualThreads);
  }

  /** For the start-up log and {@code --version}: which Java runs, and how workflow code does. */
  public String describe() {
    return describe(runtime(), Runtime.version().feature());
  }

  String describe(String runtime, int javaFeature) {
    return runtime + ": sticky cache of " + size + " approvals on "
        + (virtualThreads ? "virtual" : "platform") + " workflow threads"
        + (virtualThreads || javaFeature >= 21
            ? "" : " (Java 21 or later runs them on virtual threads, with a cache sized from the heap)");
  }

  /** "Java 17.0.15+6 (OpenJDK 64-Bit Server VM)". */
  static String runtime() {
    return "Java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ")";
  }
}
