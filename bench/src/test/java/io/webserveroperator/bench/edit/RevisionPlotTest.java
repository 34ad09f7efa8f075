package io.webserveroperator.bench.edit;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.bench.CpuTimes;
import io.webserveroperator.bench.plot.LineChart;
import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.template.watches.RolloutStep;
import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RevisionPlotTest {

  /** A stepped edit of 10 WebServers: 1, then all. */
  static TemplateEditFigures steppedEdit() {
    return new TemplateEditFigures(
        Optional.of(
            new RolloutPolicy(List.of(new RolloutStep.Count(1)), Duration.ofMinutes(30), 0)),
        new TemplateEditFigures.Preparation(
            "the operator restarted with the policy",
            Duration.ofSeconds(9),
            RequestCounts.none(),
            0),
        10,
        Duration.ofMillis(300),
        Duration.ofSeconds(8),
        Duration.ofSeconds(12),
        Duration.ofSeconds(12),
        List.of(
            new RolloutTimeline.Step(0, Duration.ofMillis(300), Duration.ofSeconds(6), 1),
            new RolloutTimeline.Step(1, Duration.ofSeconds(6), Duration.ofSeconds(12), 9)),
        9,
        RequestCounts.none(),
        1,
        3,
        20,
        10,
        CpuTimes.none(),
        RequestCounts.none(),
        "abc1234567",
        List.of(
            new RevisionTally(Duration.ZERO, 0, 0),
            new RevisionTally(Duration.ofMillis(400), 1, 0),
            new RevisionTally(Duration.ofMillis(5500), 1, 1),
            new RevisionTally(Duration.ofSeconds(7), 10, 1),
            new RevisionTally(Duration.ofSeconds(12), 10, 10)));
  }

  @Test
  void drawsTheWebServersOnEachRevisionAndMarksEachStepWhereItBegan() {
    LineChart chart = RevisionPlot.of(steppedEdit());

    assertThat(chart.title())
        .isEqualTo("A template edit on 10 WebServers, in rollout steps [1, 100%]");
    assertThat(chart.series())
        .extracting(LineChart.Series::name)
        .containsExactly("on an earlier revision", "on the new revision abc1234567", "Ready on it");
    assertThat(chart.series().get(0).points())
        .extracting(LineChart.Point::y)
        .containsExactly(10.0, 9.0, 9.0, 0.0, 0.0);
    assertThat(chart.series().get(2).points())
        .extracting(LineChart.Point::y)
        .containsExactly(0.0, 0.0, 1.0, 1.0, 10.0);
    assertThat(chart.markers())
        .containsExactly(
            new LineChart.Marker(0.3, "step 1 (1)"), new LineChart.Marker(6, "step 2 (100%)"));
  }
}
