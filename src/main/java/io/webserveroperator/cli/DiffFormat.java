package io.webserveroperator.cli;

import java.util.Arrays;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The {@code -o} of {@code diff}: how the plan is printed. */
enum DiffFormat {
  /** Per changed object a header line and a unified diff of the YAML, for people. */
  UNIFIED("unified"),
  /** One JSON list of {object, action, patch}: the RFC 6902 patch per changed object. */
  JSON_PATCH("json-patch"),
  /** The whole plan as {@code Plan.toJson()} writes it, unchanged objects included. */
  JSON("json");

  private final String flag;

  DiffFormat(String flag) {
    this.flag = flag;
  }

  @Override
  public String toString() {
    return flag;
  }

  /** Reads {@code unified}, {@code json-patch} or {@code json}. */
  static final class Converter implements ITypeConverter<DiffFormat> {
    @Override
    public DiffFormat convert(String value) {
      return Arrays.stream(values())
          .filter(format -> format.flag.equals(value))
          .findFirst()
          .orElseThrow(
              () ->
                  new TypeConversionException(
                      "'"
                          + value
                          + "' is not an output format: write "
                          + Arrays.stream(values())
                              .map(DiffFormat::toString)
                              .collect(Collectors.joining(", "))));
    }
  }
}
