package io.webserveroperator.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScaleReportTest {

  @Test
  void ratiosCompareTheOperatorWithTheMinimalClient() {
    ScaleReport report =
        report(
            new ScaleReport.Phase(
                Duration.ofMillis(4_600),
                new RequestCounts(Map.of("patch", 1500L, "create", 500L))),
            new ScaleReport.Phase(
                Duration.ofMillis(4_000), new RequestCounts(Map.of("patch", 1500L))));

    assertThat(report.timeRatio()).isCloseTo(1.15, within(1e-9));
    assertThat(report.writeRatio()).isCloseTo(4.0 / 3.0, within(1e-9));
    assertThat(report.writeRatioWithoutEvents()).isCloseTo(1.0, within(1e-9));
    assertThat(ScaleReportFormat.table(report))
        .containsPattern("time ratio operator/minimal +1\\.15\\n");
    assertThat(ScaleReportFormat.table(report))
        .containsPattern("operator: reconciles per WebServer +2\\.00\\n");
    assertThat(ScaleReportFormat.json(report)).containsEntry("timeRatio", report.timeRatio());
  }

  private static ScaleReport report(ScaleReport.Phase operator, ScaleReport.Phase minimal) {
    return new ScaleReport(
        500,
        8,
        8,
        List.of(),
        operator,
        minimal,
        1_000,
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        RequestCounts.none(),
        50,
        new ChangeFigures(Percentiles.of(List.of()), 0, 0, 0),
        RequestCounts.none(),
        new MemoryFigures(1, 1, 1));
  }
}
