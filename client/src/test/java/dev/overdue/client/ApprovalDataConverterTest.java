package dev.overdue.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.temporal.api.common.v1.Payload;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.common.converter.JacksonJsonPayloadConverter;
import io.temporal.common.converter.PayloadConverter;
import java.lang.reflect.Field;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ApprovalDataConverterTest {
  @Test
  void theApprovalsDataConverterTurnsTheSdksStandardMapperPerCallAndWritesJsonAsBefore() throws Exception {
    DataConverter converter = ApprovalDataConverter.create();
    for (PayloadConverter standard : DefaultDataConverter.STANDARD_PAYLOAD_CONVERTERS) {
      if (standard instanceof JacksonJsonPayloadConverter json) {
        Field field = JacksonJsonPayloadConverter.class.getDeclaredField("mapper");
        field.setAccessible(true);
        ObjectMapper sdks = (ObjectMapper) field.get(json);
        assertFalse(sdks.getFactory().isEnabled(JsonFactory.Feature.USE_THREAD_LOCAL_FOR_BUFFER_RECYCLING));
      }
    }
    assertTrue(ApprovalDataConverter.perCallInTheSdk(), "this SDK's standard JSON converter has its mapper where ApprovalDataConverter looks");
    Payload payload = converter.toPayload(Map.of("requestId", "PO-4711")).orElseThrow();
    assertEquals("json/plain", payload.getMetadataMap().get("encoding").toStringUtf8());
    assertEquals("{\"requestId\":\"PO-4711\"}", payload.getData().toStringUtf8());
    assertEquals("PO-4711", converter.fromPayload(payload, JsonNode.class, JsonNode.class).get("requestId").asText());
  }
}
