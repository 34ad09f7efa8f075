package io.webserveroperator.testing;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.LoggerFactory;

/**
 * What operators in this JVM log under a logger name while this is open, one line per event as
 * {@code LEVEL message}: for tests of what the operator says, not only of what it does.
 */
public final class LogLines implements AutoCloseable {

  private final Logger logger;
  private final List<String> lines = new CopyOnWriteArrayList<>();
  private final AppenderBase<ILoggingEvent> appender =
      new AppenderBase<>() {
        @Override
        protected void append(ILoggingEvent event) {
          lines.add(event.getLevel() + " " + event.getFormattedMessage());
        }
      };

  private LogLines(Logger logger) {
    this.logger = logger;
    appender.setContext(logger.getLoggerContext());
    appender.start();
    logger.addAppender(appender);
  }

  /** Captures the events of {@code name} and the loggers below it, from now until closed. */
  public static LogLines of(String name) {
    return new LogLines((Logger) LoggerFactory.getLogger(name));
  }

  /** Every line so far. */
  public List<String> all() {
    return List.copyOf(lines);
  }

  /**
   * Waits for a line that holds {@code text}, and returns it; on timeout the failure lists every
   * line so far.
   */
  public String await(String text) {
    return Waits.until(
            "a log line with: " + text,
            this::all,
            seen -> seen.stream().anyMatch(line -> line.contains(text)))
        .stream()
        .filter(line -> line.contains(text))
        .findFirst()
        .orElseThrow();
  }

  @Override
  public void close() {
    logger.detachAppender(appender);
    appender.stop();
  }
}
