package dev.overdue.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Jackson's read and write buffers taken per call instead of kept per thread. By default Jackson
 * keeps them (about 26 KiB) in a thread-local of every thread that ever parsed or wrote JSON; a
 * worker runs each cached approval's workflow code on a thread of its own, so that was half of
 * what a cached approval kept on the heap (docs/BENCHMARKS.md, "Heap per cached approval"). Every
 * mapper workflow code uses goes through {@link #perCall}: the data converter's, the request's, the
 * commands'.
 */
public final class JsonBuffers {
  private JsonBuffers() {}

  /** {@code mapper}, its factory set to allocate buffers per parser and generator; for chaining. */
  public static ObjectMapper perCall(ObjectMapper mapper) {
    mapper.getFactory().disable(JsonFactory.Feature.USE_THREAD_LOCAL_FOR_BUFFER_RECYCLING);
    return mapper;
  }
}
