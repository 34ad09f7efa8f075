package io.webserveroperator.cli.options;

import io.webserveroperator.template.watches.GoDuration;
import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads durations as people write them ({@code 10h}, {@code 30m}, {@code 45s}, {@code 500ms},
 * {@code 1h30m}: as watches.yaml reads them, {@link GoDuration}) or ISO-8601.
 */
public final class DurationConverter implements ITypeConverter<Duration> {

  @Override
  public Duration convert(String value) {
    String text = value.trim().toLowerCase(Locale.ROOT);
    try {
      return text.startsWith("p")
          ? Duration.parse(text.toUpperCase(Locale.ROOT))
          : GoDuration.parse(text);
    } catch (RuntimeException e) {
      throw new TypeConversionException(
          "'" + value + "' is not a duration: write it as 10h, 30m, 45s, 500ms or PT10H");
    }
  }
}
