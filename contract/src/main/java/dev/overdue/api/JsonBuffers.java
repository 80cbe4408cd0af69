package dev.overdue.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Jackson's read and write buffers taken per call instead of kept per thread. By default Jackson
 * keeps them (about 20 KiB) in a thread-local of every thread that ever parsed or wrote JSON; a
 * worker runs each cached approval's workflow code on a thread of its own, so that was a third of
 * what a cached approval kept on the heap (docs/BENCHMARKS.md, "Heap per cached approval"). The
 * mappers workflow code uses go through {@link #perCall}, the SDK's own through the client's
 * {@code ApprovalDataConverter}, and a tree is written as text by {@link #text}, not its {@code
 * toString()} (Jackson's internal mapper behind it keeps buffers per thread).
 */
public final class JsonBuffers {
  private static final ObjectMapper TEXT = perCall(new ObjectMapper());

  private JsonBuffers() {}

  /** {@code node} as compact JSON, what its {@code toString()} gives. */
  public static String text(JsonNode node) {
    try {
      return TEXT.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree that cannot be written: " + e.getMessage(), e);
    }
  }

  /** {@code mapper}, its factory set to allocate buffers per parser and generator; for chaining. */
  public static ObjectMapper perCall(ObjectMapper mapper) {
    mapper.getFactory().disable(JsonFactory.Feature.USE_THREAD_LOCAL_FOR_BUFFER_RECYCLING);
    return mapper;
  }
}
