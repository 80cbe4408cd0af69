package dev.overdue.model.request;

import dev.overdue.model.Texts;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Whether a notify handler's {@code message} or {@code subject} is a Mustache template the
 * notification activity can compile, checked when the request is validated so that a bad one
 * rejects the start instead of failing every delivery. The activity renders with jmustache; this
 * reads templates by the same rules (tags and their delimiters, sections, inverted sections,
 * blocks and parents closed in order, {@code {{=<% %>=}}} delimiter changes, triple mustaches)
 * without the library, which keeps the deterministic module free of it. A test in the activities
 * module holds the two to the same verdict over generated templates.
 */
final class TemplateSyntax {
  private TemplateSyntax() {}

  /** Stands for the second character of a one-character delimiter. */
  private static final char NONE = Character.MIN_VALUE;

  private enum State { TEXT, MATCHING_START, TAG, MATCHING_END }

  /** What is wrong with {@code template}, if anything. */
  static Optional<String> problem(String template) {
    try {
      new Reader(template).read();
      return Optional.empty();
    } catch (Invalid invalid) {
      return Optional.of(invalid.getMessage());
    }
  }

  private static final class Invalid extends RuntimeException {
    Invalid(String message, int line) {
      super(message + " (line " + line + ")");
    }
  }

  /** An open section, inverted section, block or parent: closed by {@code {{/name}}}. */
  private record Open(char kind, String name, int line) {}

  private static final class Reader {
    private final String source;
    private int at;
    private int line = 1;
    private State state = State.TEXT;
    private final StringBuilder tag = new StringBuilder();
    private final Deque<Open> open = new ArrayDeque<>();
    private char start1 = '{';
    private char start2 = '{';
    private char end1 = '}';
    private char end2 = '}';

    Reader(String source) {
      this.source = source;
    }

    void read() {
      while (at < source.length()) {
        char c = source.charAt(at++);
        next(c);
        if (c == '\n') {
          line++;
        }
      }
      // An unfinished tag at the end is text; an unclosed section is not.
      if (!open.isEmpty()) {
        Open last = open.peek();
        throw new Invalid(kind(last.kind()) + " '" + last.name() + "' is never closed", last.line());
      }
    }

    private void next(char c) {
      switch (state) {
        case TEXT -> {
          if (c == start1) {
            state = State.MATCHING_START;
            if (start2 == NONE) {
              next(NONE);
            }
          }
        }
        case MATCHING_START -> {
          if (c == start2) {
            tag.setLength(0);
            state = State.TAG;
          } else {
            state = State.TEXT;
            next(c);
          }
        }
        case TAG -> {
          if (c == end1) {
            state = State.MATCHING_END;
            if (end2 == NONE) {
              next(NONE);
            }
          } else if (c == start1 && tag.length() > 0 && tag.charAt(0) != '!') {
            // "{{a {{b}}": what came before the new start is text; a comment may hold braces.
            tag.setLength(0);
            state = start2 == NONE ? State.TAG : State.MATCHING_START;
          } else {
            tag.append(c);
          }
        }
        case MATCHING_END -> {
          if (c == end2) {
            endOfTag();
            state = State.TEXT;
          } else {
            tag.append(end1);
            state = State.TAG;
            next(c);
          }
        }
      }
    }

    private void endOfTag() {
      String text = tag.toString();
      tag.setLength(0);
      if (text.isEmpty()) {
        throw new Invalid("an empty tag", line);
      }
      if (text.charAt(0) == '=') {
        delimiters(text);
        return;
      }
      boolean stache = start1 == '{' && start2 == '{' && end1 == '}' && end2 == '}';
      if (stache && text.charAt(0) == '{') {
        // {{{name}}}: the third closing brace must follow at once.
        if (at >= source.length() || source.charAt(at) != '}') {
          throw new Invalid("'{{" + text + "}}' must end with '}}}'", line);
        }
        at++;
        text = "&" + text.substring(1);
      }
      tag(text.trim());
    }

    /** {@code {{=<% %>=}}}: two delimiters of one or two characters, one space apart. */
    private void delimiters(String text) {
      String inner = text.length() < 2 ? null : text.substring(1, text.length() - 1);
      String[] parts = inner == null ? new String[0] : inner.split(" ");
      if (parts.length != 2 || !delimiter(parts[0]) || !delimiter(parts[1])) {
        throw new Invalid(
            "'=" + (inner == null ? "" : inner) + "=' does not set delimiters: give two of one or two"
                + " characters, like {{=<% %>=}}",
            line);
      }
      start1 = parts[0].charAt(0);
      start2 = parts[0].length() == 2 ? parts[0].charAt(1) : NONE;
      end1 = parts[1].charAt(0);
      end2 = parts[1].length() == 2 ? parts[1].charAt(1) : NONE;
    }

    private static boolean delimiter(String part) {
      return part.length() == 1 || part.length() == 2;
    }

    private void tag(String text) {
      if (text.isEmpty()) {
        throw new Invalid("an empty tag", line);
      }
      char kind = text.charAt(0);
      String name = text.substring(1).trim();
      if (kind == '!' || kind == '>') {
        return;
      }
      if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
        throw new Invalid("a tag may not span lines: '" + Texts.abbreviate(text, 40) + "'", line);
      }
      switch (kind) {
        case '#', '^', '$', '<' -> open.push(new Open(kind, name, line));
        case '/' -> close(name);
        default -> { }
      }
    }

    private void close(String name) {
      if (open.isEmpty()) {
        throw new Invalid("'/" + name + "' closes nothing: no section '" + name + "' is open", line);
      }
      Open last = open.pop();
      if (!last.name().equals(name)) {
        throw new Invalid(
            "'/" + name + "' closes " + kind(last.kind()) + " '" + last.name() + "' (opened on line "
                + last.line() + ")",
            line);
      }
    }

    private static String kind(char kind) {
      return switch (kind) {
        case '^' -> "inverted section";
        case '$' -> "block";
        case '<' -> "parent";
        default -> "section";
      };
    }
  }
}
