package dev.overdue.activities.delivery;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;

/**
 * A client span around one call a channel makes, the child of whatever span is current (the
 * notify activity's, when traces are on): no instrumentation library covers the JDK's HttpClient
 * or Jakarta Mail without an agent. A failure sets the error status and {@code error.type}
 * (permanent or transient) without the failure's text: an SMTP server's reply may quote the
 * recipient's address.
 */
final class OutgoingSpan {
  static final String INSTRUMENTATION = "dev.overdue.activities";

  @FunctionalInterface
  interface Call<T> {
    T run(Span span) throws DeliveryException;
  }

  private final Tracer tracer;

  OutgoingSpan(OpenTelemetry openTelemetry) {
    this.tracer = openTelemetry.getTracer(INSTRUMENTATION);
  }

  <T> T around(String name, Attributes attributes, Call<T> call) throws DeliveryException {
    Span span =
        tracer.spanBuilder(name).setSpanKind(SpanKind.CLIENT).setAllAttributes(attributes).startSpan();
    try (Scope ignored = span.makeCurrent()) {
      return call.run(span);
    } catch (DeliveryException e) {
      span.setStatus(StatusCode.ERROR);
      span.setAttribute("error.type", e.permanent() ? "permanent" : "transient");
      throw e;
    } catch (RuntimeException e) {
      span.setStatus(StatusCode.ERROR);
      span.setAttribute("error.type", e.getClass().getName());
      throw e;
    } finally {
      span.end();
    }
  }
}
