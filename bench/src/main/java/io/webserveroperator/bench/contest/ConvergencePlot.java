package io.webserveroperator.bench.contest;

import io.webserveroperator.bench.plot.LineChart;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The contest's storm as a picture: for each contender (and round), how many of the WebServers
 * created at once had converged, over the time since the first create.
 */
public final class ConvergencePlot {

  private ConvergencePlot() {}

  public static LineChart of(ContestReport report) {
    boolean rounds = report.runs().stream().map(ContestRun::warmUp).distinct().count() > 1;
    List<LineChart.Series> series = new ArrayList<>();
    for (ContestRun run : report.runs()) {
      String name = rounds ? run.contender() + ", warm-up " + run.warmUp() : run.contender();
      series.add(new LineChart.Series(name, curve(run.storm().convergedEach())));
    }
    return new LineChart(
        String.format(
            Locale.ROOT, "%,d WebServers created at once: converged over time", report.count()),
        "seconds since the first create",
        "WebServers converged",
        series,
        List.of());
  }

  /** 0 at 0, then one more at each time. */
  static List<LineChart.Point> curve(List<Duration> each) {
    List<LineChart.Point> points = new ArrayList<>();
    points.add(new LineChart.Point(0, 0));
    for (int i = 0; i < each.size(); i++) {
      points.add(new LineChart.Point(each.get(i).toNanos() / 1e9, i + 1));
    }
    return points;
  }
}
