package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The API on a random port over the shared embedded Temporal, called byte for byte ({@link
 * RawHttp}) so Tomcat's parsing and Spring Security's firewall run as for a real client. The
 * classes that extend it share one Spring context.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class OverASocket {
  static final TemporalWithWorker TEMPORAL = TemporalWithWorker.shared();
  private static final AtomicInteger TESTS = new AtomicInteger();
  /** Callers of each test's own, so that no test meets another's rate limit (20 a second a caller). */
  final String[] me = {"X-Overdue-User", getClass().getSimpleName() + "-" + TESTS.incrementAndGet()};
  final String[] other = {"X-Overdue-User", me[1] + "-other"};
  static final String JSON = "application/json";

  @DynamicPropertySource
  static void temporal(DynamicPropertyRegistry properties) {
    TEMPORAL.register(properties);
  }

  @LocalServerPort int port;
  RawHttp raw;

  @BeforeEach
  void client() {
    raw = new RawHttp(port);
  }

  /** The caller's headers followed by more. */
  static String[] with(String[] caller, String... more) {
    String[] all = new String[caller.length + more.length];
    System.arraycopy(caller, 0, all, 0, caller.length);
    System.arraycopy(more, 0, all, caller.length, more.length);
    return all;
  }

  /** A problem+json answer (whatever its charset) of that status, in its status line and in its body. */
  static void problem(RawHttp.Answer answer, int status, String what) {
    assertEquals(status, answer.status(), what + ": " + answer.headers() + " " + answer.text());
    assertEquals("application/problem+json", answer.contentType().split(";")[0], what + ": " + answer.text());
    assertEquals(status, answer.json().path("status").asInt(), what + ": " + answer.text());
  }
}
