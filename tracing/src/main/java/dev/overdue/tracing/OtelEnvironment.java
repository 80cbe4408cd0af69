package dev.overdue.tracing;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import java.net.URI;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Whether the standard OTEL_* variables ask for traces, and the SDK they describe, built by
 * OpenTelemetry's own autoconfiguration (every OTEL_* variable it knows works as documented there).
 */
final class OtelEnvironment {
  static final String SDK_DISABLED = "OTEL_SDK_DISABLED";
  static final String TRACES_EXPORTER = "OTEL_TRACES_EXPORTER";
  static final String ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT";
  static final String TRACES_ENDPOINT = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT";
  private static final String[] PROTOCOLS = {
    "OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"
  };

  private OtelEnvironment() {}

  /**
   * On when an exporter other than {@code none} is named, or an OTLP endpoint is given;
   * OTEL_SDK_DISABLED=true turns it off whatever else is set. Nothing set: off.
   */
  static boolean tracesWanted(Map<String, String> environment) {
    if ("true".equalsIgnoreCase(value(environment, SDK_DISABLED))) {
      return false;
    }
    String exporter = value(environment, TRACES_EXPORTER);
    if (exporter != null) {
      return !exporter.equalsIgnoreCase("none");
    }
    return value(environment, ENDPOINT) != null || value(environment, TRACES_ENDPOINT) != null;
  }

  /**
   * The SDK the variables describe. Overdue's defaults, each overridden by its variable: the
   * service name, OTLP over http/protobuf (OTEL_EXPORTER_OTLP_PROTOCOL=grpc for gRPC), and no
   * metrics or logs exported (the worker's metrics are Prometheus's).
   *
   * @throws IllegalArgumentException naming the variable that is wrong
   */
  static OpenTelemetrySdk sdk(Map<String, String> environment, String serviceName) {
    Map<String, String> defaults = new HashMap<>();
    defaults.put("otel.service.name", serviceName);
    defaults.put("otel.exporter.otlp.protocol", "http/protobuf");
    defaults.put("otel.metrics.exporter", "none");
    defaults.put("otel.logs.exporter", "none");
    Map<String, String> given = new HashMap<>();
    environment.forEach(
        (name, value) -> {
          if (name.startsWith("OTEL_")) {
            // The property form autoconfiguration reads: OTEL_SERVICE_NAME -> otel.service.name.
            given.put(name.toLowerCase(Locale.ROOT).replace('_', '.'), value);
          }
        });
    try {
      return AutoConfiguredOpenTelemetrySdk.builder()
          .addPropertiesSupplier(() -> defaults)
          .addPropertiesSupplier(() -> given)
          // Tracing.close flushes: after the worker's drain, or when a CLI command is done.
          .disableShutdownHook()
          .build()
          .getOpenTelemetrySdk();
    } catch (RuntimeException e) { // ConfigurationException: an unknown exporter, a bad sampler...
      // The message says it all; the cause would repeat it.
      throw new IllegalArgumentException("OpenTelemetry settings (OTEL_*): " + e.getMessage());
    }
  }

  /** "traces: on, service S, exporter E to ENDPOINT": the endpoint without its path or query. */
  static String describe(Map<String, String> environment, String serviceName) {
    String service = value(environment, "OTEL_SERVICE_NAME");
    String exporter = value(environment, TRACES_EXPORTER);
    String endpoint = value(environment, TRACES_ENDPOINT);
    endpoint = endpoint == null ? value(environment, ENDPOINT) : endpoint;
    StringBuilder text = new StringBuilder("traces: on, service ")
        .append(service == null ? serviceName : service)
        .append(", exporter ")
        .append(exporter == null ? "otlp" : exporter);
    if (exporter == null || exporter.contains("otlp")) {
      boolean grpc = "grpc".equals(protocol(environment));
      text.append(grpc ? " (grpc)" : "").append(" to ")
          .append(endpoint != null ? origin(endpoint)
              : grpc ? "http://localhost:4317 (the default)" : "http://localhost:4318 (the default)");
    }
    return text.toString();
  }

  /** The traces' OTLP protocol as the variables set it: the traces' own, else the general one. */
  private static String protocol(Map<String, String> environment) {
    String traces = value(environment, PROTOCOLS[1]);
    return traces != null ? traces : value(environment, PROTOCOLS[0]);
  }

  private static String origin(String endpoint) {
    try {
      URI uri = URI.create(endpoint);
      return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    } catch (IllegalArgumentException e) {
      return "an unreadable endpoint";
    }
  }

  private static String value(Map<String, String> environment, String name) {
    String value = environment.get(name);
    return value == null || value.isBlank() ? null : value.strip();
  }
}
