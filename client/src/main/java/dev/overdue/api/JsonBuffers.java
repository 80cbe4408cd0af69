package dev.overdue.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.common.converter.JacksonJsonPayloadConverter;
import io.temporal.common.converter.PayloadConverter;
import java.lang.reflect.Field;

/**
 * Jackson's read and write buffers taken per call instead of kept per thread. By default Jackson
 * keeps them (about 20 KiB) in a thread-local of every thread that ever parsed or wrote JSON; a
 * worker runs each cached approval's workflow code on a thread of its own, so that was a third of
 * what a cached approval kept on the heap (docs/BENCHMARKS.md, "Heap per cached approval"). The
 * mappers workflow code uses go through {@link #perCall}, the SDK's own through {@link
 * #perCallInTheSdk}, and a tree is written as text by {@link #text}, not its {@code toString()}
 * (Jackson's internal mapper behind it keeps buffers per thread).
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

  /**
   * The same for the SDK's standard JSON converter, which every default data converter shares and
   * which the SDK uses itself for version markers and search attributes, where no data converter
   * of ours reaches: its mapper is private, so it is reached by reflection. False, changing
   * nothing, when this SDK has no such field any more (the buffers then stay per thread).
   */
  public static boolean perCallInTheSdk() {
    for (PayloadConverter converter : DefaultDataConverter.STANDARD_PAYLOAD_CONVERTERS) {
      if (converter instanceof JacksonJsonPayloadConverter json) {
        try {
          Field mapper = JacksonJsonPayloadConverter.class.getDeclaredField("mapper");
          mapper.setAccessible(true);
          perCall((ObjectMapper) mapper.get(json));
          return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
          return false;
        }
      }
    }
    return false;
  }
}
