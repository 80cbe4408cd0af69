package dev.overdue.starter;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import io.temporal.api.workflowservice.v1.GetSystemInfoRequest;
import io.temporal.api.workflowservice.v1.GetSystemInfoResponse;
import io.temporal.api.workflowservice.v1.WorkflowServiceGrpc;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.RpcRetryOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;

/**
 * A Temporal frontend in this JVM giving the answers a test chooses, for what a real server says
 * and the test service cannot (a refused list filter, a server version). Every call a test does
 * not override is UNIMPLEMENTED.
 */
final class FakeTemporal implements AutoCloseable {
  /** Answers GetSystemInfo as a Temporal server does: with its version. */
  abstract static class Server extends WorkflowServiceGrpc.WorkflowServiceImplBase {
    @Override
    public void getSystemInfo(
        GetSystemInfoRequest request, StreamObserver<GetSystemInfoResponse> response) {
      response.onNext(GetSystemInfoResponse.newBuilder().setServerVersion("1.27.2").build());
      response.onCompleted();
    }
  }

  private final io.grpc.Server server;
  private final ManagedChannel channel;
  private final WorkflowServiceStubs stubs;

  FakeTemporal(Server service) {
    String name = InProcessServerBuilder.generateName();
    try {
      server = InProcessServerBuilder.forName(name).directExecutor().addService(service).build().start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    channel = InProcessChannelBuilder.forName(name).directExecutor().build();
    stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder()
                .setChannel(channel)
                // The client retries UNAVAILABLE: briefly here, the outcome is the same.
                .setRpcRetryOptions(
                    RpcRetryOptions.newBuilder().setExpiration(Duration.ofMillis(500)).build())
                .build());
  }

  WorkflowClient client() {
    return WorkflowClient.newInstance(stubs);
  }

  @Override
  public void close() {
    stubs.shutdownNow();
    channel.shutdownNow();
    server.shutdownNow();
  }
}
