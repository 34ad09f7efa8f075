package io.webserveroperator.template.watches;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as Kubernetes and Go write them in YAML ({@code 30s}, {@code 5m}, {@code 1h30m}, {@code
 * 500ms}), or a whole number of seconds, as a Deployment's {@code progressDeadlineSeconds}.
 */
public final class GoDuration {

  private static final Pattern TEXT = Pattern.compile("-?(?:\\d+(?:ms|h|m|s))+");
  private static final Pattern PART = Pattern.compile("(\\d+)(ms|h|m|s)");

  private GoDuration() {}

  /**
   * Reads a YAML value: an integer is seconds, a string is a sequence of whole amounts with units
   * {@code h}, {@code m}, {@code s}, {@code ms}. Negative and zero durations are read, for the
   * caller to refuse with its own words.
   *
   * @throws IllegalArgumentException when {@code value} is neither
   */
  public static Duration parse(Object value) {
    if (value instanceof Integer seconds) {
      return Duration.ofSeconds(seconds);
    }
    String text = value instanceof String string ? string.strip() : "";
    if (TEXT.matcher(text).matches()) {
      try {
        Duration total = Duration.ZERO;
        Matcher part = PART.matcher(text);
        while (part.find()) {
          long amount = Long.parseLong(part.group(1));
          total =
              total.plus(
                  switch (part.group(2)) {
                    case "h" -> Duration.ofHours(amount);
                    case "m" -> Duration.ofMinutes(amount);
                    case "s" -> Duration.ofSeconds(amount);
                    default -> Duration.ofMillis(amount);
                  });
        }
        return text.startsWith("-") ? total.negated() : total;
      } catch (ArithmeticException | NumberFormatException e) {
        // too long for a Duration: refused below, as any other text
      }
    }
    throw new IllegalArgumentException(
        (value instanceof String ? "\"" + value + "\"" : String.valueOf(value))
            + " is not a duration; write it as 30s, 5m or 1h30m");
  }

  /**
   * A duration of 0 or more as {@link #parse} reads it, largest unit first ({@code 1h30m}, {@code
   * 1m30s}), rounded down to the millisecond.
   */
  public static String format(Duration duration) {
    Duration rest = duration.truncatedTo(ChronoUnit.MILLIS);
    if (rest.isZero()) {
      return "0s";
    }
    StringBuilder text = new StringBuilder();
    append(text, rest.toHours(), "h");
    append(text, rest.toMinutesPart(), "m");
    append(text, rest.toSecondsPart(), "s");
    append(text, rest.toMillisPart(), "ms");
    return text.toString();
  }

  private static void append(StringBuilder text, long amount, String unit) {
    if (amount > 0) {
      text.append(amount).append(unit);
    }
  }
}
