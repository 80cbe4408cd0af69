package dev.overdue.http.input;

import dev.overdue.http.problems.ApiProblem;
import dev.overdue.http.problems.ProblemWriter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A query string is read only when every parameter has a name and every %-escape is two hex digits
 * that decode to UTF-8; otherwise 400 naming the parameter, before anything else runs. Tomcat would
 * throw from the first {@code getParameter} of whichever filter or controller asked, a 500.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public final class ReadableQueryString extends OncePerRequestFilter {
  @Override
  protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    ApiProblem problem = problem(request.getQueryString());
    if (problem != null) {
      ProblemWriter.write(response, problem.getBody());
      return;
    }
    chain.doFilter(request, response);
  }

  /** What is wrong with the query string, or null when it can be read. */
  static ApiProblem problem(String query) {
    if (query == null) {
      return null;
    }
    for (String pair : query.split("&", -1)) {
      if (pair.isEmpty()) {
        continue; // a&&b: nothing there, as Tomcat reads it
      }
      int equals = pair.indexOf('=');
      String name = equals < 0 ? pair : pair.substring(0, equals);
      if (name.isEmpty()) {
        return ApiProblem.badInput("query", "a parameter has no name: " + pair);
      }
      String wrong = undecodable(name);
      String field = wrong == null ? decode(name) : name;
      if (wrong == null && equals >= 0) {
        wrong = undecodable(pair.substring(equals + 1));
      }
      if (wrong != null) {
        return ApiProblem.badInput(field, wrong);
      }
    }
    return null;
  }

  /** Why the %-encoded text cannot be decoded, or null. */
  private static String undecodable(String encoded) {
    for (int i = encoded.indexOf('%'); i >= 0; i = encoded.indexOf('%', i + 1)) {
      String escape = encoded.substring(i, Math.min(i + 3, encoded.length()));
      if (escape.length() < 3 || hex(escape.charAt(1)) < 0 || hex(escape.charAt(2)) < 0) {
        return escape + " is not a %-escape: a % is followed by two hex digits (%25 for % itself)";
      }
    }
    try {
      StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes(encoded)));
      return null;
    } catch (CharacterCodingException notUtf8) {
      return "the %-escapes are not UTF-8";
    }
  }

  private static String decode(String encoded) {
    return new String(bytes(encoded), StandardCharsets.UTF_8);
  }

  /** The bytes %-escapes stand for ({@code +} a space); the escapes are known to be well-formed. */
  private static byte[] bytes(String encoded) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < encoded.length(); i++) {
      char c = encoded.charAt(i);
      if (c == '%') {
        out.write(hex(encoded.charAt(i + 1)) * 16 + hex(encoded.charAt(i + 2)));
        i += 2;
      } else if (c == '+') {
        out.write(' ');
      } else {
        byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        out.write(utf8, 0, utf8.length);
      }
    }
    return out.toByteArray();
  }

  private static int hex(char c) {
    return Character.digit(c, 16);
  }
}
