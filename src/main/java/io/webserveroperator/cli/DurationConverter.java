package io.webserveroperator.cli;

import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads durations as people write them ({@code 10h}, {@code 30m}, {@code 45s}, {@code 500ms}) or
 * ISO-8601.
 */
final class DurationConverter implements ITypeConverter<Duration> {

  @Override
  public Duration convert(String value) {
    String text = value.trim().toLowerCase(Locale.ROOT);
    try {
      if (text.startsWith("p")) {
        return Duration.parse(text.toUpperCase(Locale.ROOT));
      }
      if (text.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
      }
      long amount = Long.parseLong(text.substring(0, text.length() - 1));
      return switch (text.charAt(text.length() - 1)) {
        case 's' -> Duration.ofSeconds(amount);
        case 'm' -> Duration.ofMinutes(amount);
        case 'h' -> Duration.ofHours(amount);
        default -> throw new TypeConversionException("unknown unit in '" + value + "'");
      };
    } catch (RuntimeException e) {
      throw new TypeConversionException(
          "'" + value + "' is not a duration: write it as 10h, 30m, 45s, 500ms or PT10H");
    }
  }
}
