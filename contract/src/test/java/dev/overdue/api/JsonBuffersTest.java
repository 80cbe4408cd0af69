package dev.overdue.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class JsonBuffersTest {
  @Test
  void aMapperPerCallKeepsNoBuffersInItsThreadAndStillReadsAndWrites() throws Exception {
    ObjectMapper mapper = JsonBuffers.perCall(new ObjectMapper());
    assertFalse(mapper.getFactory().isEnabled(JsonFactory.Feature.USE_THREAD_LOCAL_FOR_BUFFER_RECYCLING));
    assertTrue(new ObjectMapper().getFactory().isEnabled(JsonFactory.Feature.USE_THREAD_LOCAL_FOR_BUFFER_RECYCLING));
    JsonNode tree = mapper.readTree("{\"amount\":12000,\"supplier\":\"ACME\"}");
    assertEquals("{\"amount\":12000,\"supplier\":\"ACME\"}", mapper.writeValueAsString(tree));
  }

  @Test
  void aTreeIsWrittenAsItsToStringWritesIt() throws Exception {
    JsonNode tree =
        new ObjectMapper().readTree("{\"title\":\"Bestellung \\\"Büro\\\" – 4711\",\"lines\":[1,2.5,null,true],\"nested\":{}}");
    assertEquals(tree.toString(), JsonBuffers.text(tree));
    assertEquals("[]", JsonBuffers.text(new ObjectMapper().createArrayNode()));
  }
}
