package dev.overdue.worker;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.jul.LevelChangePropagator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The worker's logging (logback), on standard error: a text line per event, or one JSON object per
 * line; java.util.logging's lines too. Logback finds this class through META-INF/services before anything logs, so the worker
 * starts with text at the default levels; {@link #configure} then applies {@code --log-format} and
 * the settings file's {@code logging} section.
 */
public final class WorkerLogs extends ContextAwareBase implements Configurator {
  /** {@code --log-format}; blank (an empty OVERDUE_LOG_FORMAT) is as if unset. */
  static final class FormatOption implements ITypeConverter<LoggingSettings.Format> {
    @Override
    public LoggingSettings.Format convert(String value) {
      if (value.isBlank()) {
        return null;
      }
      try {
        return LoggingSettings.Format.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException("'" + value + "' is not a log format: use text or json");
      }
    }
  }

  /** Before the settings file's levels: the SDK, gRPC and Netty speak only when something is wrong. */
  static final Map<String, String> DEFAULT_LEVELS =
      Map.of(
          Logger.ROOT_LOGGER_NAME, "INFO",
          "io.temporal", "WARN",
          "io.grpc", "WARN",
          "io.netty", "WARN",
          // It logs every heartbeat that fails while the worker drains or the server restarts.
          "io.temporal.internal.worker.HeartbeatManager", "ERROR");

  /**
   * The SDK's MDC keys (io.temporal.internal.logging.LoggerTag) a text line ends with when they are
   * set: who the line is about. JSON lines carry the whole MDC.
   */
  static final List<String> TEXT_MDC_KEYS = List.of("WorkflowId", "RunId", "ActivityType");

  /** What the worker logged with slf4j-simple, plus the MDC keys that are set. */
  static final String TEXT_PATTERN =
      "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %level %logger{0} - %msg" + mdcSuffix() + "%n";

  /** Logback's hook: text at the default levels, until {@link #configure} runs. */
  @Override
  public ExecutionStatus configure(LoggerContext context) {
    configure(context, LoggingSettings.Format.TEXT, Map.of());
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }

  /** The worker's logging from now on; {@code levels} (logger name to level) over the defaults. */
  public static void configure(LoggingSettings.Format format, Map<String, String> levels) {
    configure((LoggerContext) LoggerFactory.getILoggerFactory(), format, levels);
  }

  static void configure(LoggerContext context, LoggingSettings.Format format, Map<String, String> levels) {
    Map<String, String> all = new LinkedHashMap<>(DEFAULT_LEVELS);
    all.putAll(levels);
    context.reset();
    // java.util.logging (gRPC's) through slf4j, its levels kept in step with logback's so that a
    // disabled line costs nothing.
    LevelChangePropagator julLevels = new LevelChangePropagator();
    julLevels.setContext(context);
    julLevels.setResetJUL(true);
    julLevels.start();
    context.addListener(julLevels);
    if (!SLF4JBridgeHandler.isInstalled()) {
      SLF4JBridgeHandler.removeHandlersForRootLogger();
      SLF4JBridgeHandler.install();
    }
    Encoder<ILoggingEvent> encoder = format == LoggingSettings.Format.JSON ? jsonEncoder() : textEncoder();
    encoder.setContext(context);
    encoder.start();
    ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
    console.setContext(context);
    console.setName("console");
    console.setTarget("System.err");
    console.setEncoder(encoder);
    console.start();
    context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(console);
    all.forEach((logger, level) -> context.getLogger(logger).setLevel(level(logger, level)));
    addTurboFilter(context, new RefusedUpdateLoggedOnce());
  }

  /** From now on the SDK's, gRPC's and Netty's UNAVAILABLE failures are {@code outage}'s two lines. */
  static void watch(ServerOutage outage) {
    addTurboFilter((LoggerContext) LoggerFactory.getILoggerFactory(), new OutageLoggedOnce(outage));
  }

  private static void addTurboFilter(LoggerContext context, TurboFilter filter) {
    filter.setContext(context);
    filter.start();
    context.addTurboFilter(filter);
  }

  /** The exception a line carries: slf4j passes it as the last argument, java.util.logging apart. */
  static Throwable thrown(Object[] params, Throwable t) {
    if (t != null || params == null || params.length == 0) {
      return t;
    }
    return params[params.length - 1] instanceof Throwable last ? last : null;
  }

  /** Whether {@code logger} was set to DEBUG or finer: then a filter lets its lines through. */
  static boolean atDebug(ch.qos.logback.classic.Logger logger) {
    return !logger.getEffectiveLevel().isGreaterOrEqual(Level.INFO);
  }

  /** {@code value} as a level, or why not ({@code logger} names the setting). */
  static Level level(String logger, String value) {
    return Level.toLevel(LoggingSettings.levelName(logger, value));
  }

  private static PatternLayoutEncoder textEncoder() {
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setPattern(TEXT_PATTERN);
    return encoder;
  }

  /**
   * Logback's own JsonEncoder rather than logstash-logback-encoder: it already writes one object
   * per line with timestamp (epoch milliseconds), level, loggerName, threadName, mdc,
   * formattedMessage and throwable, without another dependency. Off: what only repeats those
   * (the message's pattern and arguments) or is always empty here (context, markers, key-values).
   */
  private static JsonEncoder jsonEncoder() {
    JsonEncoder encoder = new JsonEncoder();
    encoder.setWithSequenceNumber(false);
    encoder.setWithNanoseconds(false);
    encoder.setWithContext(false);
    encoder.setWithMarkers(false);
    encoder.setWithKVPList(false);
    encoder.setWithMessage(false);
    encoder.setWithArguments(false);
    encoder.setWithFormattedMessage(true);
    return encoder;
  }

  /** " WorkflowId=... RunId=..." for the keys that are set; %replace drops an empty one. */
  private static String mdcSuffix() {
    StringBuilder pattern = new StringBuilder();
    for (String key : TEXT_MDC_KEYS) {
      pattern.append("%replace( ").append(key).append("=%X{").append(key).append("}){' ")
          .append(key).append("=$', ''}");
    }
    return pattern.toString();
  }
}
