package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.worker.WorkflowCache.Threads;
import io.temporal.worker.WorkerFactoryOptions;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class WorkflowCacheTest {
  static final long GIB = 1L << 30;

  @Test
  void onJava21AndLaterTheCacheRunsOnVirtualThreadsAndHoldsWhatHalfTheHeapHolds() {
    WorkflowCache cache = WorkflowCache.choose(null, Threads.AUTO, 21, 2 * GIB);
    assertTrue(cache.virtualThreads());
    assertEquals(GIB / WorkflowCache.BYTES_PER_APPROVAL, cache.size());
  }

  @Test
  void onJava17ItIsTheSdksSixHundredOnPlatformThreads() {
    assertEquals(new WorkflowCache(600, false), WorkflowCache.choose(null, Threads.AUTO, 17, 2 * GIB));
  }

  @Test
  void aSmallHeapStillGetsTheSdksSixHundred() {
    assertEquals(new WorkflowCache(600, true), WorkflowCache.choose(null, Threads.AUTO, 25, 8L << 20));
  }

  @Test
  void aSizeGivenIsKeptWhateverTheThreads() {
    assertEquals(new WorkflowCache(10_000, true), WorkflowCache.choose(10_000, Threads.VIRTUAL, 25, GIB));
    assertEquals(new WorkflowCache(10_000, false), WorkflowCache.choose(10_000, Threads.PLATFORM, 25, GIB));
    assertEquals(new WorkflowCache(50, false), WorkflowCache.choose(50, Threads.AUTO, 17, GIB));
  }

  @Test
  void platformThreadsOnJava21KeepTheSdksDefault() {
    assertEquals(new WorkflowCache(600, false), WorkflowCache.choose(null, Threads.PLATFORM, 25, 4 * GIB));
  }

  @Test
  void virtualThreadsBeforeJava21AreRefusedSayingWhatItNeeds() {
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> WorkflowCache.choose(null, Threads.VIRTUAL, 17, GIB));
    assertEquals("--workflow-threads virtual needs Java 21 or later; this worker runs on Java 17", refused.getMessage());
  }

  @Test
  void theOptionsReadANumberOrAutoAndNothingElse() {
    WorkflowCache.SizeOption size = new WorkflowCache.SizeOption();
    assertNull(size.convert("auto"));
    assertNull(size.convert(" AUTO "));
    assertEquals(1, size.convert("1"));
    assertThrows(TypeConversionException.class, () -> size.convert("0"));
    assertThrows(TypeConversionException.class, () -> size.convert("-5"));
    assertThrows(TypeConversionException.class, () -> size.convert("many"));
    WorkflowCache.ThreadsOption threads = new WorkflowCache.ThreadsOption();
    assertEquals(Threads.VIRTUAL, threads.convert("virtual"));
    assertEquals(Threads.PLATFORM, threads.convert("Platform"));
    assertThrows(TypeConversionException.class, () -> threads.convert("green"));
  }

  @Test
  void theFactoryGetsTheSizeAsCacheAndThreadLimitAndTheKindOfThread() {
    WorkerFactoryOptions options = new WorkflowCache(1234, true).applyTo(WorkerFactoryOptions.newBuilder()).build();
    assertEquals(1234, options.getWorkflowCacheSize());
    assertEquals(1234, options.getMaxWorkflowThreadCount());
    assertTrue(options.isUsingVirtualWorkflowThreads());
    assertFalse(new WorkflowCache(600, false).applyTo(WorkerFactoryOptions.newBuilder()).build().isUsingVirtualWorkflowThreads());
  }

  @Test
  void theStartUpLineNamesTheJavaAndTheThreadsAndOnJava17WhatJava21Gives() {
    WorkflowCache on17 = WorkflowCache.choose(null, Threads.AUTO, 17, 2 * GIB);
    assertEquals("Java 17.0.15 (VM): sticky cache of 600 approvals on platform workflow threads"
            + " (Java 21 or later runs them on virtual threads, with a cache sized from the heap)",
        on17.describe("Java 17.0.15 (VM)", 17));
    // Platform threads chosen on 21: nothing to suggest.
    assertEquals("Java 21 (VM): sticky cache of 600 approvals on platform workflow threads",
        WorkflowCache.choose(null, Threads.PLATFORM, 21, 2 * GIB).describe("Java 21 (VM)", 21));
    WorkflowCache on25 = WorkflowCache.choose(null, Threads.AUTO, 25, 2 * GIB);
    assertEquals("Java 25 (VM): sticky cache of " + on25.size() + " approvals on virtual workflow threads",
        on25.describe("Java 25 (VM)", 25));
    assertTrue(new WorkflowCache(5, false).describe().startsWith("Java " + Runtime.version() + " ("));
  }
}
