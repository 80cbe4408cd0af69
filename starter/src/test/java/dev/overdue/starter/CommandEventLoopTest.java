package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A command's network thread ends with the command: the JVM then exits at once instead of waiting
 * (up to 300 ms) for a thread parked in epoll_wait.
 */
class CommandEventLoopTest {
  private static List<String> loopThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(name -> name.startsWith("overdue-grpc"))
        .toList();
  }

  @Test
  void theChannelRunsOnTheCommandsOwnThreadWhichStopsWhenItCloses() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CommandEventLoop loop = new CommandEventLoop();
      NettyChannelBuilder builder = NettyChannelBuilder.forAddress("127.0.0.1", server.getLocalPort()).usePlaintext();
      loop.use(builder);
      ManagedChannel channel = builder.build();
      channel.getState(true); // connect
      long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (channel.getState(false) == ConnectivityState.IDLE && System.nanoTime() < giveUp) {
        Thread.sleep(10);
      }
      assertEquals(1, loopThreads().size(), "the channel's thread: " + loopThreads());

      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
      loop.close();
      giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
      while (!loopThreads().isEmpty() && System.nanoTime() < giveUp) {
        Thread.sleep(10);
      }
      assertTrue(loopThreads().isEmpty(), "still running after close: " + loopThreads());
    }
  }
}
