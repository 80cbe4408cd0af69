package dev.overdue.http;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.json.ProblemDetailJacksonMixin;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.MutableCoercionConfig;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * The API's JSON (Jackson 3, Spring's): strict about input — an unknown field is a 400 naming it,
 * so is a value of another JSON type than the field's (no number or boolean taken as text, no text
 * as a number, no fraction cut to a whole number, no number as a date), nesting deeper than
 * {@value #MAX_DEPTH} is refused before it is read — and able to write the
 * client library's records, whose free-form parts (a command's input in the audit trail) are
 * Jackson 2 trees, as the JSON they hold.
 */
@Configuration
class JsonConfiguration {
  /** Deeper than any request or command needs; deep nesting is a way to exhaust a parser's stack. */
  static final int MAX_DEPTH = 32;

  @Bean
  JsonMapper jsonMapper() {
    JsonFactory factory = JsonFactory.builder()
        .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
        .build();
    SimpleModule jackson2Trees = new SimpleModule("jackson2-trees");
    jackson2Trees.addSerializer(com.fasterxml.jackson.databind.JsonNode.class, new Jackson2Tree());
    return JsonMapper.builder(factory)
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        // Coerced, {"text":12345} was stored as "12345" and {"reason":false} skipped a step.
        .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
        .withCoercionConfig(LogicalType.Textual, JsonConfiguration::onlyText)
        .withCoercionConfig(LogicalType.DateTime, JsonConfiguration::onlyText)
        .addModule(jackson2Trees)
        // Spring's: a problem's extra properties (field) at the top level, no nulls.
        .addMixIn(ProblemDetail.class, ProblemDetailJacksonMixin.class)
        .build();
  }

  /** A text field (or a date, written as text) takes a JSON string, nothing else. */
  private static void onlyText(MutableCoercionConfig config) {
    config.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
  }

  /** A Jackson 2 tree, written as the JSON it is. */
  private static final class Jackson2Tree extends ValueSerializer<com.fasterxml.jackson.databind.JsonNode> {
    @Override
    public void serialize(com.fasterxml.jackson.databind.JsonNode value, JsonGenerator gen, SerializationContext context) {
      gen.writeRawValue(value.toString());
    }
  }
}
