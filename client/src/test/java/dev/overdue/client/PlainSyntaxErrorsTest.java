package dev.overdue.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Broken JSON and YAML, each said as where and what was expected, never as Jackson says it. */
class PlainSyntaxErrorsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
      missing comma    | {\\n  "a": 1\\n  "b": 2\\n} | line 3, column 3: expected ',' between two fields, or '}' to end the object, found '"'
      trailing comma   | {\\n  "a": 1,\\n}          | line 3, column 1: expected a field name in double quotes ("…") after ',' (JSON allows no ',' before '}'), found '}'
      unquoted key     | {\\n  a: 1\\n}             | line 2, column 3: expected a field name in double quotes ("…") or '}', found 'a'
      truncated file   | {\\n  "a": [1, 2           | line 2, column 13: the text ends before the list opened at line 2, column 8 is closed with ']'
      truncated object | `{ "requestId": `           | line 1, column 16: the text ends before the object is complete: expected a field, a value or '}'
      stray character  | {\\n  "a": 1 x\\n}         | line 2, column 10: expected ',' between two fields, or '}' to end the object, found 'x'
      stray at start   | @                           | line 1, column 1: expected a value (text in double quotes, a number, true, false, null, {…} or […]), found '@'
      trailing comma in a list | [1,]                | line 1, column 4: expected a value (text in double quotes, a number, true, false, null, {…} or […]) after ',' (JSON allows no ',' before ']'), found ']'
      missing colon    | { "a" 1 }                   | line 1, column 7: expected ':' after the field name, found '1'
      unquoted text    | { "a": hello }              | line 1, column 8: expected a value (text in double quotes, a number, true, false, null, {…} or […]), found hello (text goes in double quotes: "hello")
      wrong close      | { "a": [1, 2}               | line 1, column 13: expected ']' to close the list opened at line 1, column 8, found '}'
      open quote       | { "a": "b }                 | line 1, column 12: the text ends inside double quotes: expected the closing '"'
      line break in text | {"a": "x\\ny"}            | line 1, column 9: a line break inside double quotes: write it as \\n
      a comment        | {/* c */}                   | line 1, column 2: JSON allows no comments
      """)
  void brokenJsonIsSaidPlainly(String name, String text, String said) {
    String json = text.replace("\\n", "\n");
    String plain = describe(json);
    assertEquals(said.replace("\\\\n", "\\n"), plain, name);
    assertFalse(plain.contains("Source") || plain.contains("jackson") || plain.contains("code "), plain);
  }

  @Test
  void aFieldGivenTwiceIsNamed() {
    ObjectMapper strict = new ObjectMapper()
        .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
    try {
      strict.readTree("{\"a\": 1, \"a\": 2}");
      fail("read");
    } catch (JsonProcessingException e) {
      assertEquals("line 1, column 13: the field \"a\" is given twice", PlainSyntaxErrors.describe(e, null));
    }
  }

  @Test
  void brokenYamlIsSaidAtItsProblemWithItsContext() {
    assertEquals(
        "line 2, column 1: expected ',' or ']', but the text ends (in the list […] that starts at line 1, column 8)",
        describeYaml("steps: [ { name: m }\n"));
    assertEquals("line 2, column 1: a tab: YAML indents with spaces only", describeYaml("a: 1\n\tb: 2\n"));
    assertEquals(
        "line 1, column 11: a ':' is not allowed here: put text that holds ': ' in quotes, or indent the line as its neighbours",
        describeYaml("key: value: x\n"));
  }

  private static String describe(String json) {
    try {
      JSON.readTree(json);
    } catch (JsonProcessingException e) {
      return PlainSyntaxErrors.describe(e, json);
    }
    throw new AssertionError("read: " + json);
  }

  private static String describeYaml(String yaml) {
    try {
      new ObjectMapper(new YAMLFactory()).readTree(yaml);
    } catch (JsonProcessingException e) {
      String said = PlainSyntaxErrors.describe(e, yaml);
      assertFalse(said.contains("reader") || said.contains("^"), said);
      return said;
    }
    throw new AssertionError("read: " + yaml);
  }
}
