package io.webserveroperator.template.python;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Floats print as Python's repr prints them (the right column was printed by CPython 3.11). */
class PythonFloatTest {

  @ParameterizedTest
  @CsvSource({
    "0.30000000000000004, 0.30000000000000004",
    "1e+20, 1e+20",
    "1e+16, 1e+16",
    "1000000000000000.0, 1000000000000000.0",
    "123456789.0, 123456789.0",
    "0.0001, 0.0001",
    "1e-05, 1e-05",
    "1.5e-07, 1.5e-07",
    "2.5, 2.5",
    "-0.0, -0.0",
    "3.0, 3.0",
    "0.3333333333333333, 0.3333333333333333",
    "6.02e+23, 6.02e+23",
    "-1.2345e+100, -1.2345e+100",
    "10000000.0, 10000000.0",
    "100.0, 100.0",
  })
  void printsAsPythonRepr(double value, String python) {
    assertThat(PythonText.pythonFloat(value)).isEqualTo(python);
  }
}
