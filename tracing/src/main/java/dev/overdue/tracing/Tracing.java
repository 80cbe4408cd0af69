package dev.overdue.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.opentracingshim.OpenTracingShim;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.temporal.common.interceptors.WorkerInterceptor;
import io.temporal.common.interceptors.WorkflowClientInterceptor;
import io.temporal.opentracing.OpenTracingClientInterceptor;
import io.temporal.opentracing.OpenTracingOptions;
import io.temporal.opentracing.OpenTracingSpanContextCodec;
import io.temporal.opentracing.OpenTracingWorkerInterceptor;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Traces for one process, the worker's or the CLI's: Temporal's own OpenTracing interceptors on
 * OpenTelemetry through its OpenTracing shim. The client interceptor opens a span for each call
 * (StartWorkflow:ApprovalWorkflow, ...) and carries its context in the workflow's headers; the
 * worker interceptor continues it (RunWorkflow, StartActivity, RunActivity, ...) and makes each
 * activity's span OpenTelemetry's current context, which the webhook and SMTP spans continue.
 *
 * <p>Off unless the OTEL_* variables ask for it ({@link OtelEnvironment#tracesWanted}); off means
 * no interceptor, no SDK, no exporter thread.
 */
public final class Tracing implements AutoCloseable {
  private static final Tracing OFF =
      new Tracing(null, null, "traces: off (no OTEL_TRACES_EXPORTER or OTEL_EXPORTER_OTLP_ENDPOINT)");
  private static final long FLUSH_SECONDS = 5;

  /** Null when off. */
  private final OpenTelemetry openTelemetry;
  /** The SDK this instance built and so shuts down; null when it was given one or is off. */
  private final OpenTelemetrySdk owned;
  private final String description;

  private Tracing(OpenTelemetry openTelemetry, OpenTelemetrySdk owned, String description) {
    this.openTelemetry = openTelemetry;
    this.owned = owned;
    this.description = description;
  }

  public static Tracing off() {
    return OFF;
  }

  /** From the process's OTEL_* variables; {@code serviceName} unless OTEL_SERVICE_NAME says. */
  public static Tracing fromEnvironment(String serviceName) {
    return fromEnvironment(System.getenv(), serviceName);
  }

  /**
   * From {@code environment}'s OTEL_* variables (tests; the process's are read as well, and win).
   *
   * @throws IllegalArgumentException when a variable is unusable, naming it
   */
  public static Tracing fromEnvironment(Map<String, String> environment, String serviceName) {
    if (!OtelEnvironment.tracesWanted(environment)) {
      return OFF;
    }
    OpenTelemetrySdk sdk = OtelEnvironment.sdk(environment, serviceName);
    return new Tracing(sdk, sdk, OtelEnvironment.describe(environment, serviceName));
  }

  /** Around an OpenTelemetry configured elsewhere (tests: one exporting to memory); not closed here. */
  public static Tracing with(OpenTelemetry openTelemetry) {
    return new Tracing(openTelemetry, null, "traces: on");
  }

  public boolean enabled() {
    return openTelemetry != null;
  }

  /** What the activities' outgoing calls open their spans with: a no-op when off. */
  public OpenTelemetry openTelemetry() {
    return enabled() ? openTelemetry : OpenTelemetry.noop();
  }

  /** For WorkflowClientOptions: none when off. */
  public WorkflowClientInterceptor[] clientInterceptors() {
    return enabled()
        ? new WorkflowClientInterceptor[] {new OpenTracingClientInterceptor(options())}
        : new WorkflowClientInterceptor[0];
  }

  /** For WorkerFactoryOptions: none when off. */
  public WorkerInterceptor[] workerInterceptors() {
    return enabled()
        ? new WorkerInterceptor[] {new OpenTracingWorkerInterceptor(options())}
        : new WorkerInterceptor[0];
  }

  /** Whether traces are on, and where they go, for a start-up line; never a header's value. */
  public String describe() {
    return description;
  }

  private OpenTracingOptions options() {
    return OpenTracingOptions.newBuilder()
        .setTracer(OpenTracingShim.createTracerShim(openTelemetry))
        // The shim reads and writes plain text maps (traceparent, tracestate, baggage).
        .setSpanContextCodec(OpenTracingSpanContextCodec.TEXT_MAP_CODEC)
        .build();
  }

  /** Exports the spans still queued (a short CLI command ends before the batch is due). */
  @Override
  public void close() {
    if (owned != null) {
      owned.shutdown().join(FLUSH_SECONDS, TimeUnit.SECONDS);
    }
  }
}
