package io.webserveroperator.bench.edit;

import io.webserveroperator.bench.plot.LineChart;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A template edit as a picture: over the time since the edit, how many WebServers were still on an
 * earlier revision, on the new one, and Ready on it, with each step of the rollout policy marked
 * where the operator recorded its start.
 */
public final class RevisionPlot {

  private RevisionPlot() {}

  public static LineChart of(TemplateEditFigures edit) {
    List<LineChart.Point> earlier = new ArrayList<>();
    List<LineChart.Point> on = new ArrayList<>();
    List<LineChart.Point> ready = new ArrayList<>();
    for (RevisionTally tally : edit.tallies()) {
      double at = tally.at().toNanos() / 1e9;
      earlier.add(new LineChart.Point(at, edit.webServers() - tally.onRevision()));
      on.add(new LineChart.Point(at, tally.onRevision()));
      ready.add(new LineChart.Point(at, tally.ready()));
    }
    List<LineChart.Marker> markers = new ArrayList<>();
    for (RolloutTimeline.Step step : edit.steps()) {
      String allows = edit.policy().map(p -> " (" + p.steps().get(step.index()) + ")").orElse("");
      markers.add(
          new LineChart.Marker(
              step.began().toNanos() / 1e9, "step " + (step.index() + 1) + allows));
    }
    String how =
        edit.policy().map(p -> "in rollout steps " + p.steps()).orElse("without a rollout policy");
    return new LineChart(
        String.format(Locale.ROOT, "A template edit on %,d WebServers, %s", edit.webServers(), how),
        "seconds since the edit",
        "WebServers",
        List.of(
            new LineChart.Series("on an earlier revision", earlier),
            new LineChart.Series("on the new revision " + edit.revision(), on),
            new LineChart.Series("Ready on it", ready)),
        markers);
  }
}
