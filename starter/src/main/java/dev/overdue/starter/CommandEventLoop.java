package dev.overdue.starter;

import io.grpc.ManagedChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The network thread of one CLI command, stopped as soon as the command is done. With gRPC's
 * shared event loop its threads would sit in epoll_wait, native code, for a second after the
 * channel closed, and HotSpot's exit waits up to 300 ms for threads in native code: a third of a
 * second on every command, after its output.
 */
final class CommandEventLoop implements AutoCloseable {
  private NioEventLoopGroup group;

  /** For {@code WorkflowServiceStubsOptions.setChannelInitializer}: the channel runs on this loop. */
  synchronized void use(ManagedChannelBuilder<?> builder) {
    if (builder instanceof NettyChannelBuilder netty) {
      if (group == null) {
        group = new NioEventLoopGroup(1, new DefaultThreadFactory("overdue-grpc", true));
      }
      netty.eventLoopGroup(group).channelType(NioSocketChannel.class);
    }
  }

  /** Stops the loop without a quiet period; call after the channel is shut down. */
  @Override
  public synchronized void close() {
    if (group != null) {
      group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).awaitUninterruptibly(1, TimeUnit.SECONDS);
      group = null;
    }
  }
}
