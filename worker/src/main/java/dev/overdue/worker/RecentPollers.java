package dev.overdue.worker;

import com.google.protobuf.Timestamp;
import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import io.temporal.api.enums.v1.TaskQueueType;
import io.temporal.api.taskqueue.v1.PollerInfo;
import io.temporal.api.workflowservice.v1.DescribeTaskQueueRequest;
import io.temporal.api.workflowservice.v1.DescribeTaskQueueResponse;
import io.temporal.api.workflowservice.v1.PollActivityTaskQueueRequest;
import io.temporal.api.workflowservice.v1.PollWorkflowTaskQueueRequest;
import io.temporal.api.workflowservice.v1.WorkflowServiceGrpc;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * DescribeTaskQueue's pollers for the in-memory service, which does not implement the call: the
 * identities that polled each task queue in the last five minutes, as a real server keeps them.
 * Without it, a second worker connected to the first one's in-memory service — what a newcomer
 * following the README does — would go unnoticed by {@link TaskQueuePeerCheck}.
 */
final class RecentPollers implements ServerInterceptor {
  /** A real server forgets a poller five minutes after its last poll. */
  static final Duration KEPT = Duration.ofMinutes(5);

  private record Queue(String namespace, String name, TaskQueueType type) {}

  private final Clock clock;
  private final Map<Queue, Map<String, Instant>> polls = new ConcurrentHashMap<>();

  RecentPollers(Clock clock) {
    this.clock = clock;
  }

  @Override
  public <Q, A> ServerCall.Listener<Q> interceptCall(
      ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
    String method = call.getMethodDescriptor().getFullMethodName();
    if (method.equals(WorkflowServiceGrpc.getDescribeTaskQueueMethod().getFullMethodName())) {
      @SuppressWarnings("unchecked")
      ServerCallHandler<Q, A> answer =
          (ServerCallHandler<Q, A>) (ServerCallHandler<?, ?>) ServerCalls.asyncUnaryCall(this::describe);
      return answer.startCall(call, headers);
    }
    ServerCall.Listener<Q> listener = next.startCall(call, headers);
    if (!method.equals(WorkflowServiceGrpc.getPollWorkflowTaskQueueMethod().getFullMethodName())
        && !method.equals(WorkflowServiceGrpc.getPollActivityTaskQueueMethod().getFullMethodName())) {
      return listener;
    }
    return new SimpleForwardingServerCallListener<>(listener) {
      @Override
      public void onMessage(Q request) {
        record(request);
        super.onMessage(request);
      }
    };
  }

  private void record(Object request) {
    if (request instanceof PollWorkflowTaskQueueRequest poll) {
      seen(new Queue(poll.getNamespace(), poll.getTaskQueue().getName(), TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW))
          .put(poll.getIdentity(), clock.instant());
    } else if (request instanceof PollActivityTaskQueueRequest poll) {
      seen(new Queue(poll.getNamespace(), poll.getTaskQueue().getName(), TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY))
          .put(poll.getIdentity(), clock.instant());
    }
  }

  private Map<String, Instant> seen(Queue queue) {
    return polls.computeIfAbsent(queue, q -> new ConcurrentHashMap<>());
  }

  private void describe(DescribeTaskQueueRequest request, StreamObserver<DescribeTaskQueueResponse> response) {
    TaskQueueType type =
        request.getTaskQueueType() == TaskQueueType.TASK_QUEUE_TYPE_UNSPECIFIED
            ? TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW
            : request.getTaskQueueType();
    Map<String, Instant> seen = seen(new Queue(request.getNamespace(), request.getTaskQueue().getName(), type));
    Instant oldest = clock.instant().minus(KEPT);
    seen.values().removeIf(last -> last.isBefore(oldest));
    DescribeTaskQueueResponse.Builder answer = DescribeTaskQueueResponse.newBuilder();
    seen.forEach(
        (identity, last) ->
            answer.addPollers(
                PollerInfo.newBuilder()
                    .setIdentity(identity)
                    .setLastAccessTime(
                        Timestamp.newBuilder().setSeconds(last.getEpochSecond()).setNanos(last.getNano()))));
    response.onNext(answer.build());
    response.onCompleted();
  }
}
