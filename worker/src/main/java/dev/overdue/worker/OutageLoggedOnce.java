package dev.overdue.worker;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import io.grpc.StatusRuntimeException;
import java.util.List;
import org.slf4j.Marker;

/**
 * While the Temporal server is out of reach, the SDK, gRPC and Netty warn at every poll of every
 * poller thread and every failed report, each with its stack trace: thousands of lines for a
 * restart of a few seconds. Their warnings and errors whose cause is UNAVAILABLE go to {@link
 * ServerOutage} instead, which says it once (unless their logger is at DEBUG: then they show too);
 * every other line, theirs included, passes.
 */
final class OutageLoggedOnce extends TurboFilter {
  static final List<String> LOGGERS = List.of("io.temporal.", "io.grpc.", "io.netty.");

  private final ServerOutage outage;

  OutageLoggedOnce(ServerOutage outage) {
    this.outage = outage;
  }

  @Override
  public FilterReply decide(
      Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
    if (!level.isGreaterOrEqual(Level.WARN) || LOGGERS.stream().noneMatch(logger.getName()::startsWith)) {
      return FilterReply.NEUTRAL;
    }
    StatusRuntimeException unavailable = ServerOutage.unavailable(WorkerLogs.thrown(params, t));
    if (unavailable == null) {
      return FilterReply.NEUTRAL;
    }
    outage.lost(unavailable);
    return WorkerLogs.atDebug(logger) ? FilterReply.NEUTRAL : FilterReply.DENY;
  }
}
