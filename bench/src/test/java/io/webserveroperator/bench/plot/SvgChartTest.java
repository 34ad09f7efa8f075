package io.webserveroperator.bench.plot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SvgChartTest {

  private static LineChart chart(List<LineChart.Point> points) {
    return new LineChart(
        "Converged over time",
        "seconds",
        "WebServers",
        List.of(new LineChart.Series("webserver-operator", points)),
        List.of(new LineChart.Marker(1.5, "step 2 (10%)")));
  }

  @Test
  void writesAnSvgDocumentWithTheTitleTheLegendAndTheMarkers() {
    String svg = SvgChart.svg(chart(List.of(new LineChart.Point(0, 0), new LineChart.Point(2, 5))));

    assertThat(svg.strip())
        .startsWith("<?xml")
        .contains("<svg ")
        .contains("width='" + SvgChart.WIDTH + "' height='" + SvgChart.HEIGHT + "'")
        .contains("Converged over time")
        .contains("webserver-operator")
        .contains("step 2 (10%)")
        .endsWith("</svg>");
  }

  @Test
  void theSameChartIsTheSameSvg() {
    LineChart chart = chart(List.of(new LineChart.Point(0, 0), new LineChart.Point(2, 5)));

    assertThat(SvgChart.svg(chart)).isEqualTo(SvgChart.svg(chart));
  }

  @Test
  void keepsOnePointPerPixelColumnTheFirstAndTheLast() {
    List<LineChart.Point> points = new ArrayList<>();
    for (int i = 0; i <= 100_000; i++) {
      points.add(new LineChart.Point(i / 1000.0, i));
    }

    List<LineChart.Point> kept = SvgChart.thinned(points, 100);

    assertThat(kept).hasSizeLessThanOrEqualTo(SvgChart.WIDTH + 2);
    assertThat(kept.get(0)).isEqualTo(points.get(0));
    assertThat(kept.get(kept.size() - 1)).isEqualTo(points.get(points.size() - 1));
  }

  @Test
  void drawsAValueUntilTheNextPointsTime() {
    assertThat(
            SvgChart.stepped(
                List.of(
                    new LineChart.Point(0, 0),
                    new LineChart.Point(1, 2),
                    new LineChart.Point(3, 2),
                    new LineChart.Point(4, 5))))
        .containsExactly(
            new LineChart.Point(0, 0),
            new LineChart.Point(1, 0),
            new LineChart.Point(1, 2),
            new LineChart.Point(3, 2),
            new LineChart.Point(4, 2),
            new LineChart.Point(4, 5));
  }

  @Test
  void aChartOfThousandsOfPointsStaysSmall() {
    List<LineChart.Series> series = new ArrayList<>();
    for (int s = 0; s < 3; s++) {
      List<LineChart.Point> points = new ArrayList<>();
      for (int i = 0; i <= 5_000; i++) {
        points.add(new LineChart.Point(i * (0.002 + s * 0.001), i));
      }
      series.add(new LineChart.Series("contender " + s, points));
    }

    String svg = SvgChart.svg(new LineChart("Many", "seconds", "WebServers", series, List.of()));

    assertThat(svg.length()).isLessThan(150_000);
  }

  @Test
  void refusesASeriesThatGoesBackInTime() {
    assertThatThrownBy(
            () ->
                new LineChart.Series(
                    "late", List.of(new LineChart.Point(2, 1), new LineChart.Point(1, 2))))
        .hasMessageContaining("series 'late' go back in time at index 1");
  }
}
