package io.webserveroperator.bench.plot;

import java.util.List;
import java.util.Objects;

/**
 * A line chart's figures: series of points over time and vertical markers at moments worth naming.
 *
 * @param title above the chart
 * @param xLabel the horizontal axis, time
 * @param yLabel the vertical axis
 * @param series the lines, drawn in order, each in its own colour and named in the legend
 * @param markers vertical lines, each with its label
 */
public record LineChart(
    String title, String xLabel, String yLabel, List<Series> series, List<Marker> markers) {

  public LineChart {
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(xLabel, "xLabel");
    Objects.requireNonNull(yLabel, "yLabel");
    series = List.copyOf(series);
    markers = List.copyOf(markers);
    if (series.isEmpty()) {
      throw new IllegalArgumentException("a chart needs at least one series: " + title);
    }
  }

  /**
   * One line: a value that holds from each point's {@code x} until the next point's, as a count
   * does; the chart draws it in steps.
   *
   * @param name in the legend
   * @param points in increasing {@code x}
   */
  public record Series(String name, List<Point> points) {

    public Series {
      Objects.requireNonNull(name, "name");
      points = List.copyOf(points);
      for (int i = 1; i < points.size(); i++) {
        if (points.get(i).x() < points.get(i - 1).x()) {
          throw new IllegalArgumentException(
              "the points of series '" + name + "' go back in time at index " + i);
        }
      }
    }
  }

  /** A point: {@code y} from {@code x} on. */
  public record Point(double x, double y) {}

  /** A vertical line at {@code x}, labelled. */
  public record Marker(double x, String label) {

    public Marker {
      Objects.requireNonNull(label, "label");
    }
  }
}
