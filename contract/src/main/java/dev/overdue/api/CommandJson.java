package dev.overdue.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;

/** How an {@link ApprovalCommand} is written: its fields, those left null left out. */
final class CommandJson {
  static final ObjectMapper MAPPER =
      JsonBuffers.perCall(new ObjectMapper()).setSerializationInclusion(JsonInclude.Include.NON_NULL);

  private CommandJson() {}
}
