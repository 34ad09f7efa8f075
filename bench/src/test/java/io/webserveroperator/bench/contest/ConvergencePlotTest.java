package io.webserveroperator.bench.contest;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.bench.plot.LineChart;
import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConvergencePlotTest {

  private static ContestRun run(String contender, int warmUp, Duration... each) {
    ContestRun.Phase phase =
        new ContestRun.Phase(
            each[each.length - 1],
            List.of(each),
            Optional.empty(),
            Duration.ZERO,
            Duration.ZERO,
            Duration.ZERO,
            new AuditCounts(RequestCounts.none(), RequestCounts.none()));
    return new ContestRun(contender, warmUp, phase, -1, -1, phase, Optional.empty());
  }

  @Test
  void countsUpFromZeroOneWebServerAtEachTimeItConverged() {
    LineChart chart =
        ConvergencePlot.of(
            new ContestReport(
                2,
                8,
                8,
                50,
                List.of(
                    run("tutorial Go operator", 100, Duration.ofMillis(500), Duration.ofSeconds(1)),
                    run("webserver-operator", 100, Duration.ofSeconds(1), Duration.ofSeconds(2)))));

    assertThat(chart.title()).isEqualTo("2 WebServers created at once: converged over time");
    assertThat(chart.series())
        .extracting(LineChart.Series::name)
        .containsExactly("tutorial Go operator", "webserver-operator");
    assertThat(chart.series().get(1).points())
        .containsExactly(
            new LineChart.Point(0, 0), new LineChart.Point(1, 1), new LineChart.Point(2, 2));
  }

  @Test
  void namesTheRoundWhenThereAreSeveral() {
    LineChart chart =
        ConvergencePlot.of(
            new ContestReport(
                1,
                8,
                8,
                50,
                List.of(
                    run("webserver-operator", 1, Duration.ofSeconds(3)),
                    run("webserver-operator", 100, Duration.ofSeconds(2)))));

    assertThat(chart.series())
        .extracting(LineChart.Series::name)
        .containsExactly("webserver-operator, warm-up 1", "webserver-operator, warm-up 100");
  }
}
