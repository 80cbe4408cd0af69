package dev.overdue.client;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a hand-written JSON or YAML text is broken and what was expected there, in plain words:
 * {@code line 3, column 5: expected a field name in double quotes ("…") or '}', found 'a'}. Never
 * a parser's class name or its {@code [Source: …]} echo of the text. Jackson puts the column after
 * the character it stopped at; the column said here is that character's own.
 */
public final class PlainSyntaxErrors {
  private PlainSyntaxErrors() {}

  private static final String VALUE =
      "a value (text in double quotes, a number, true, false, null, {…} or […])";

  private static final Pattern UNEXPECTED =
      Pattern.compile("^Unexpected character \\('(.+?)' \\(code (\\d+)\\)\\)(?: in numeric value)?: (.*)$", Pattern.DOTALL);
  private static final Pattern UNRECOGNIZED = Pattern.compile("^(?:Unrecognized|Non-standard) token '(.*?)'", Pattern.DOTALL);
  private static final Pattern CLOSE =
      Pattern.compile("^Unexpected close marker '(.)': expected '(.)' \\(for (Array|Object) starting at .*?line: (\\d+), column: (\\d+)\\]", Pattern.DOTALL);
  private static final Pattern UNCLOSED =
      Pattern.compile("^Unexpected end-of-input: expected close marker for (Array|Object) \\(start marker at .*?line: (\\d+), column: (\\d+)\\]", Pattern.DOTALL);
  private static final Pattern CONTROL = Pattern.compile("^Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
  private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '(.*)'$", Pattern.DOTALL);
  private static final Pattern YAML_MARK = Pattern.compile("^ in '[^']*', line (\\d+), column (\\d+):$");

  /**
   * {@code failure} said plainly, after where it is ("line 3, column 5: "); {@code text}, the text
   * read (null if unknown), tells a trailing comma from a missing name.
   */
  public static String describe(JsonProcessingException failure, String text) {
    String message = failure.getOriginalMessage() == null ? "" : failure.getOriginalMessage().strip();
    if (message.contains("\n in '")) {
      return yaml(message);
    }
    JsonLocation location = failure.getLocation();
    int line = location == null ? 0 : location.getLineNr();
    int column = location == null ? 0 : location.getColumnNr();
    Matcher m;
    if ((m = UNEXPECTED.matcher(message)).matches()) {
      String found = shown(m.group(1), Integer.parseInt(m.group(2)));
      int at = Math.max(1, column - 1);
      if (m.group(3).contains("comment")) {
        return at(line, at) + "JSON allows no comments";
      }
      return at(line, at) + unexpected(m.group(3), m.group(1), before(text, line, at)) + ", found " + found;
    }
    if ((m = UNRECOGNIZED.matcher(message)).find()) {
      String token = m.group(1);
      String words = "expected " + VALUE + ", found " + token;
      if (token.matches("(?i)nan|[+-]?infinity")) {
        words += ": JSON has no " + token;
      } else if (token.matches("[A-Za-z_][\\w-]*") && !token.matches("(?i)true|false|null")) {
        words += " (text goes in double quotes: \"" + token + "\")";
      }
      return at(line, Math.max(1, column - token.length())) + words;
    }
    if ((m = CLOSE.matcher(message)).find()) {
      return at(line, Math.max(1, column - 1)) + "expected '" + m.group(2) + "' to close the " + thing(m.group(3))
          + " opened at line " + m.group(4) + ", column " + m.group(5) + ", found '" + m.group(1) + "'";
    }
    if ((m = UNCLOSED.matcher(message)).find()) {
      return at(line, column) + "the text ends before the " + thing(m.group(1)) + " opened at line " + m.group(2)
          + ", column " + m.group(3) + " is closed with '" + ("Array".equals(m.group(1)) ? "]" : "}") + "'";
    }
    if (message.startsWith("Unexpected end-of-input")) {
      return at(line, column) + (message.contains("string value") || message.contains("field name")
          ? "the text ends inside double quotes: expected the closing '\"'"
          : "the text ends before the object is complete: expected a field, a value or '}'");
    }
    if ((m = CONTROL.matcher(message)).find()) {
      int code = Integer.parseInt(m.group(1));
      String written = code == 10 ? "\\n" : code == 9 ? "\\t" : code == 13 ? "\\r" : String.format("\\u%04x", code);
      return at(line, Math.max(1, column - 1)) + (code == 10 ? "a line break" : code == 9 ? "a tab" : "a control character (code " + code + ")")
          + " inside double quotes: write it as " + written;
    }
    if ((m = DUPLICATE.matcher(message)).matches()) {
      return at(line, column) + "the field \"" + m.group(1) + "\" is given twice";
    }
    if (message.contains("Leading zeroes not allowed")) {
      return at(line, column) + "a number may not start with 0 (7, not 07)";
    }
    return at(line, column) + withoutSource(message);
  }

  /** What Jackson says it expected, said plainly; {@code previous} is the text's last non-blank character before it. */
  private static String unexpected(String expecting, String found, char previous) {
    if (expecting.contains("comma to separate Object entries")) {
      return "expected ',' between two fields, or '}' to end the object";
    }
    if (expecting.contains("comma to separate Array entries")) {
      return "expected ',' between two items, or ']' to end the list";
    }
    if (expecting.contains("double-quote to start field name")) {
      return previous == ','
          ? "expected a field name in double quotes (\"…\") after ','" + ("}".equals(found) ? " (JSON allows no ',' before '}')" : "")
          : "expected a field name in double quotes (\"…\") or '}'";
    }
    if (expecting.contains("colon to separate field name and value")) {
      return "expected ':' after the field name";
    }
    if (expecting.contains("digit") || expecting.contains("Decimal point")) {
      return "expected a digit";
    }
    if (previous == ',' && "]".equals(found)) {
      return "expected " + VALUE + " after ',' (JSON allows no ',' before ']')";
    }
    return "expected " + VALUE;
  }

  /** A YAML parser's message: its last problem and mark, with the context it names. */
  private static String yaml(String message) {
    List<String> said = new ArrayList<>();
    List<String> where = new ArrayList<>();
    String pending = null;
    for (String line : message.lines().toList()) {
      Matcher mark = YAML_MARK.matcher(line);
      if (mark.matches() && pending != null) {
        said.add(pending);
        where.add("line " + mark.group(1) + ", column " + mark.group(2));
        pending = null;
      } else if (!line.isBlank() && !line.startsWith(" ")) {
        pending = pending == null ? line : pending + " " + line;
      }
    }
    if (said.isEmpty()) {
      return withoutSource(message.lines().findFirst().orElse(""));
    }
    String problem = yamlWords(said.get(said.size() - 1));
    String context = said.size() > 1 ? said.get(0) : null;
    String in = context == null ? "" : " (" + yamlWords(context) + " at " + where.get(0) + ")";
    return where.get(where.size() - 1) + ": " + problem + in;
  }

  private static String yamlWords(String said) {
    if (said.contains("(TAB)")) {
      return "a tab: YAML indents with spaces only";
    }
    if (said.startsWith("mapping values are not allowed here")) {
      return "a ':' is not allowed here: put text that holds ': ' in quotes, or indent the line as its neighbours";
    }
    return said
        .replace("while scanning a quoted scalar", "in the quoted text that starts")
        .replace("while parsing a flow sequence", "in the list […] that starts")
        .replace("while parsing a flow mapping", "in the object {…} that starts")
        .replace("while parsing a block mapping", "in the block that starts")
        .replace("while parsing a block collection", "in the list that starts")
        .replace("while scanning a simple key", "in the key that starts")
        .replace("found unexpected end of stream", "the text ends")
        .replace("but got <stream end>", "but the text ends")
        .replace("<stream end>", "the end")
        .replace("<block sequence start>", "a '- ' item")
        .replace("<block mapping start>", "a 'name: value'")
        .replace("<block end>", "the end of the block")
        .replace("<scalar>", "a value");
  }

  private static String at(int line, int column) {
    return line < 1 ? "" : "line " + line + ", column " + column + ": ";
  }

  private static String thing(String jackson) {
    return "Array".equals(jackson) ? "list" : "object";
  }

  private static String shown(String character, int code) {
    return code < 32 ? "a control character (code " + code + ")" : "'" + character + "'";
  }

  /** The last non-blank character of {@code text} before line {@code line}, column {@code column}; 0 if none. */
  private static char before(String text, int line, int column) {
    if (text == null || line < 1) {
      return 0;
    }
    int offset = 0;
    for (int l = 1; l < line && offset >= 0; l++) {
      offset = text.indexOf('\n', offset) + 1;
      if (offset == 0) {
        return 0;
      }
    }
    for (int i = Math.min(text.length(), offset + column - 1) - 1; i >= 0; i--) {
      if (!Character.isWhitespace(text.charAt(i))) {
        return text.charAt(i);
      }
    }
    return 0;
  }

  /** Jackson's words without the text it echoes ("at [Source: …]") or its feature names. */
  private static String withoutSource(String message) {
    String words = message.replaceAll("(?s)\\s*(at )?\\[Source:.*", "").replaceAll("\\s*\\(code \\d+\\)", "");
    words = words.replaceAll("(?s):? *(enable|Feature) .*", "");
    return words.lines().findFirst().orElse("no details").strip();
  }
}
