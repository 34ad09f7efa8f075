package io.webserveroperator.cli.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class DurationConverterTest {

  private final DurationConverter converter = new DurationConverter();

  @Test
  void readsDurationsAsPeopleWriteThemAndAsIso8601() {
    assertThat(converter.convert("10h")).isEqualTo(Duration.ofHours(10));
    assertThat(converter.convert("30m")).isEqualTo(Duration.ofMinutes(30));
    assertThat(converter.convert(" 45S ")).isEqualTo(Duration.ofSeconds(45));
    assertThat(converter.convert("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(converter.convert("1h30m")).isEqualTo(Duration.ofMinutes(90));
    assertThat(converter.convert("PT10H")).isEqualTo(Duration.ofHours(10));
    assertThat(converter.convert("pt1s")).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void refusesANumberWithoutAUnitOrAnUnknownUnit() {
    for (String text : new String[] {"5", "5x", "", "h"}) {
      assertThatThrownBy(() -> converter.convert(text))
          .isInstanceOf(TypeConversionException.class)
          .hasMessageContaining("is not a duration: write it as 10h, 30m, 45s, 500ms or PT10H");
    }
  }
}
