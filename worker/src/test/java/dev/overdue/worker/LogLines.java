package dev.overdue.worker;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;

/**
 * A logging context of its own, apart from the worker's: what reaches its appender, as "LEVEL
 * message", at the worker's default levels.
 */
final class LogLines {
  final LoggerContext context = new LoggerContext();
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

  LogLines() {
    appender.setContext(context);
    appender.start();
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.addAppender(appender);
    root.setLevel(Level.INFO);
    WorkerLogs.DEFAULT_LEVELS.forEach((name, level) -> context.getLogger(name).setLevel(Level.toLevel(level)));
  }

  LogLines with(TurboFilter filter) {
    filter.setContext(context);
    filter.start();
    context.addTurboFilter(filter);
    return this;
  }

  Logger logger(String name) {
    return context.getLogger(name);
  }

  List<String> all() {
    return appender.list.stream().map(e -> e.getLevel() + " " + e.getFormattedMessage()).toList();
  }

  /** The lines that carry a stack trace. */
  long withStackTrace() {
    return appender.list.stream().filter(e -> e.getThrowableProxy() != null).count();
  }
}
