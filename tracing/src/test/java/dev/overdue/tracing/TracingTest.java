package dev.overdue.tracing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ServerCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The OTEL_* variables, and nothing else, turn traces on; on, spans leave by OTLP. */
class TracingTest {

  @Test
  void withoutOtelVariablesTracingIsOffAndInstallsNothing() {
    Tracing tracing = Tracing.fromEnvironment(Map.of("TEMPORAL_ADDRESS", "localhost:7233"), "svc");
    assertFalse(tracing.enabled());
    assertEquals(0, tracing.clientInterceptors().length);
    assertEquals(0, tracing.workerInterceptors().length);
    assertTrue(tracing.openTelemetry() == OpenTelemetry.noop(), "the API's no-op, no SDK");
    assertTrue(tracing.describe().startsWith("traces: off"), tracing.describe());
    tracing.close();
  }

  @Test
  void anEndpointOrAnExporterTurnsItOnAndDisabledOrNoneKeepsItOff() {
    assertOn(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318"));
    assertOn(Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://127.0.0.1:4318/v1/traces"));
    assertOn(Map.of("OTEL_TRACES_EXPORTER", "console"));
    assertOff(Map.of("OTEL_TRACES_EXPORTER", "none", "OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318"));
    assertOff(Map.of("OTEL_SDK_DISABLED", "true", "OTEL_TRACES_EXPORTER", "otlp"));
    assertOff(Map.of("OTEL_SERVICE_NAME", "only-a-name"));
    assertOff(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", " "));
  }

  @Test
  void anUnusableSettingStopsWithTheVariablesName() {
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class,
            () -> Tracing.fromEnvironment(Map.of("OTEL_TRACES_EXPORTER", "carrier-pigeon"), "svc"));
    assertTrue(unknown.getMessage().contains("otel.traces.exporter"), unknown.getMessage());
    assertTrue(unknown.getMessage().contains("carrier-pigeon"), unknown.getMessage());
    IllegalArgumentException protocol =
        assertThrows(IllegalArgumentException.class,
            () -> Tracing.fromEnvironment(
                Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4317", "OTEL_EXPORTER_OTLP_PROTOCOL", "carrier/pigeon"),
                "svc"));
    assertTrue(protocol.getMessage().contains("carrier/pigeon"), protocol.getMessage());
  }

  /**
   * A collector's OTLP/gRPC endpoint on loopback (a bare gRPC service taking the Export call's
   * bytes): with OTEL_EXPORTER_OTLP_PROTOCOL=grpc the span arrives there at close.
   */
  @Test
  void withTheGrpcProtocolSpansAreSentByOtlpOverGrpc() throws Exception {
    List<String> received = new CopyOnWriteArrayList<>();
    MethodDescriptor.Marshaller<byte[]> bytes = new MethodDescriptor.Marshaller<>() {
      @Override
      public InputStream stream(byte[] value) {
        return new ByteArrayInputStream(value);
      }

      @Override
      public byte[] parse(InputStream stream) {
        try {
          return stream.readAllBytes();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
    String service = "opentelemetry.proto.collector.trace.v1.TraceService";
    MethodDescriptor<byte[], byte[]> export =
        MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY)
            .setFullMethodName(service + "/Export")
            .setRequestMarshaller(bytes)
            .setResponseMarshaller(bytes)
            .build();
    Server collector =
        ServerBuilder.forPort(0)
            .addService(ServerServiceDefinition.builder(service)
                .addMethod(export, ServerCalls.asyncUnaryCall((request, answer) -> {
                  received.add(new String(request, StandardCharsets.ISO_8859_1));
                  answer.onNext(new byte[0]); // an empty ExportTraceServiceResponse: all accepted
                  answer.onCompleted();
                }))
                .build())
            .build()
            .start();
    try {
      String endpoint = "http://127.0.0.1:" + collector.getPort();
      Tracing tracing =
          Tracing.fromEnvironment(
              Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint, "OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"), "overdue-grpc");
      assertEquals("traces: on, service overdue-grpc, exporter otlp (grpc) to " + endpoint, tracing.describe());
      tracing.openTelemetry().getTracer("test").spanBuilder("grpc-probe-span").startSpan().end();
      tracing.close();

      assertEquals(1, received.size(), "one export at close");
      assertTrue(received.get(0).contains("grpc-probe-span"), "the span");
      assertTrue(received.get(0).contains("overdue-grpc"), "the service name");
    } finally {
      collector.shutdownNow();
    }
  }

  /** A collector's OTLP/HTTP endpoint on loopback: the span, with the service name, arrives at close. */
  @Test
  void spansAreSentByOtlpOverHttpToTheConfiguredEndpointWhenClosed() throws IOException {
    List<String> received = new CopyOnWriteArrayList<>();
    HttpServer collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    collector.createContext("/", exchange -> {
      received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
          + exchange.getRequestHeaders().getFirst("Content-Type") + " "
          + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.ISO_8859_1));
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    collector.start();
    try {
      String endpoint = "http://127.0.0.1:" + collector.getAddress().getPort();
      Tracing tracing = Tracing.fromEnvironment(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint), "overdue-test");
      assertTrue(tracing.enabled());
      assertEquals(1, tracing.clientInterceptors().length);
      assertEquals(1, tracing.workerInterceptors().length);
      assertEquals("traces: on, service overdue-test, exporter otlp to " + endpoint, tracing.describe());
      Span span = tracing.openTelemetry().getTracer("test").spanBuilder("probe-span").startSpan();
      span.end();
      assertEquals(List.of(), received, "batched, not sent at once");
      tracing.close();

      assertEquals(1, received.size(), "one export at close");
      String request = received.get(0);
      assertTrue(request.startsWith("POST /v1/traces application/x-protobuf "), request.substring(0, 60));
      assertTrue(request.contains("probe-span"), "the span");
      assertTrue(request.contains("overdue-test"), "the service name");
    } finally {
      collector.stop(0);
    }
  }

  private static void assertOn(Map<String, String> environment) {
    Tracing tracing = Tracing.fromEnvironment(environment, "svc");
    try {
      assertTrue(tracing.enabled(), environment.toString());
      assertEquals(1, tracing.workerInterceptors().length);
    } finally {
      tracing.close();
    }
  }

  private static void assertOff(Map<String, String> environment) {
    Tracing tracing = Tracing.fromEnvironment(environment, "svc");
    assertFalse(tracing.enabled(), environment.toString());
    assertEquals(0, tracing.workerInterceptors().length);
  }
}
