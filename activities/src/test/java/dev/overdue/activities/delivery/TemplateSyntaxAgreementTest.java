package dev.overdue.activities.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.activities.settings.TemplateSettings;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.RequestValidator;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The request validator refuses a notify template exactly when the renderer (jmustache, in this
 * module) cannot compile it: the validator reads Mustache syntax without the library, so that the
 * deterministic module stays free of it, and this holds the two to one verdict.
 */
class TemplateSyntaxAgreementTest {
  private static final Instant NOW = Instant.parse("2026-11-23T08:00:00Z");

  /** What Mustache's syntax turns on (tags, sigils, delimiter changes), some text, a line break. */
  private static final List<String> TOKENS =
      List.of("{{", "{{", "{{", "}}", "}}", "}}", "{{{", "}}}", "{", "}", "#", "#", "^", "/", "/",
          "!", "&", "=", "<", ">", "$", " ", "a", "a", "b", "<%", "%>", "|", "\n");

  @Test
  void theValidatorAndTheRendererAgreeOnGeneratedTemplates() {
    Random random = new Random(20261123);
    List<String> disagreements = new ArrayList<>();
    int refused = 0;
    int templates = 20_000;
    for (int i = 0; i < templates; i++) {
      String template = generated(random);
      boolean renderer = rendererCompiles(template);
      boolean validator = validatorAccepts(template);
      refused += renderer ? 0 : 1;
      if (renderer != validator && disagreements.size() < 10) {
        disagreements.add(template.replace("\n", "\\n") + " renderer=" + renderer + " validator=" + validator);
      }
    }
    assertEquals(List.of(), disagreements);
    // Both verdicts occur often, so agreement is not the trivial kind.
    assertTrue(refused > templates / 10 && refused < templates * 9 / 10, refused + " refused");
  }

  @Test
  void theyAgreeOnTemplatesAsPeopleWriteThem() {
    List<String> valid =
        List.of(
            "Approval {{request.id}}: {{timer.name}} expired",
            "{{#data.amount}}Amount: {{data.amount}}{{/data.amount}}",
            "{{^step}}no step{{/step}}",
            "{{! a comment with {{braces}} }}text",
            "{{{request.title}}} and {{&request.title}}",
            "{{=<% %>=}}<% request.id %><%={{ }}=%>{{request.id}}",
            "{{=| |=}}|request.id|",
            "{{$block}}default{{/block}}",
            "{{<parent}}{{$block}}x{{/block}}{{/parent}}",
            "{{> partial}}",
            "{{#a}}{{#b}}{{/b}}{{/a}}",
            "unfinished {{ at the end",
            "{{a {{b}}");
    List<String> invalid =
        List.of(
            "{{#late}}never closed",
            "{{/late}}",
            "{{#a}}{{/b}}",
            "{{#a}}{{#b}}{{/a}}{{/b}}",
            "{{}}",
            "{{ }}",
            "{{=}}",
            "{{=<%=}}",
            "{{=a b c=}}",
            "{{{title}}",
            "{{#a\nb}}{{/a\nb}}",
            "{{^open}}");
    for (String template : valid) {
      assertTrue(rendererCompiles(template), template);
      assertTrue(validatorAccepts(template), template);
    }
    for (String template : invalid) {
      assertEquals(false, rendererCompiles(template), template);
      assertEquals(false, validatorAccepts(template), template);
    }
  }

  private static String generated(Random random) {
    StringBuilder template = new StringBuilder();
    int length = 1 + random.nextInt(12);
    for (int i = 0; i < length; i++) {
      template.append(TOKENS.get(random.nextInt(TOKENS.size())));
    }
    return template.toString();
  }

  /** The renderer's verdict, through the same compile a delivery's template goes through. */
  private static boolean rendererCompiles(String template) {
    try {
      new Templates(Map.of("reminder", new TemplateSettings(template, null)));
      return true;
    } catch (IllegalArgumentException refused) {
      return false;
    }
  }

  /** The validator's verdict on a request whose one notify handler has {@code template}. */
  private static boolean validatorAccepts(String template) {
    ObjectNode request = JsonNodeFactory.instance.objectNode().put("requestId", "T-1");
    request.putArray("steps").addObject().put("name", "s").putArray("approvers").add("alice");
    ObjectNode notify =
        request.putArray("timers").addObject().put("name", "nag").put("limit", "PT1H")
            .putArray("handlers").addObject().put("action", "notify").put("message", template);
    notify.putArray("to").add("alice");
    return RequestValidator.problems(RequestJson.parse(request), NOW).stream()
        .noneMatch(problem -> problem.contains("Mustache"));
  }
}
