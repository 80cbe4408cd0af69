package dev.overdue.inbox.api;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.JsonBuffers;
import java.io.IOException;
import java.util.List;

/**
 * The task API's answers read into the contract's records ({@code dev.overdue.api}), the shapes
 * the API writes them from, instead of by string paths. With the contract's Jackson (2), which its
 * records are made for (the inbox's own is Spring's Jackson 3): a field a newer API adds is
 * skipped, one it leaves out is null.
 */
public final class Answers {
  private static final ObjectMapper JSON =
      JsonBuffers.perCall(new ObjectMapper()).disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private Answers() {}

  /** {@code json} as one {@code type}. */
  public static <T> T read(byte[] json, Class<T> type) {
    return read(json, JSON.getTypeFactory().constructType(type));
  }

  /** {@code json}, an array, as a list of {@code element}; an empty answer as an empty list. */
  public static <T> List<T> list(byte[] json, Class<T> element) {
    List<T> list = read(json, JSON.getTypeFactory().constructCollectionType(List.class, element));
    return list == null ? List.of() : list;
  }

  private static <T> T read(byte[] json, JavaType type) {
    if (json == null || json.length == 0) {
      return null;
    }
    try {
      return JSON.readValue(json, type);
    } catch (IOException e) {
      throw new ApiProblem(502, "the task API answered what the inbox cannot read: " + e.getMessage());
    }
  }
}
