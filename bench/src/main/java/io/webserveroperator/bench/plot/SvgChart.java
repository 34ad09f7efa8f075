package io.webserveroperator.bench.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * Draws a {@link LineChart} with JFreeChart, in steps, and writes it as an SVG document of a fixed
 * size (JFreeSVG), which browsers and GitHub show as an image. A series keeps at most one point per
 * horizontal pixel, the last of each, so that an SVG of thousands of measured points stays small.
 */
public final class SvgChart {

  /** The picture's size in pixels. */
  public static final int WIDTH = 900;

  public static final int HEIGHT = 500;

  private static final Color[] COLOURS = {
    new Color(0x1f77b4),
    new Color(0xd62728),
    new Color(0x2ca02c),
    new Color(0xff7f0e),
    new Color(0x9467bd),
    new Color(0x8c564b)
  };

  private SvgChart() {}

  /** The chart as an SVG document. */
  public static String svg(LineChart chart) {
    SVGGraphics2D graphics = new SVGGraphics2D(WIDTH, HEIGHT);
    // Ids from a fixed prefix rather than the clock: a chart drawn again is the same file.
    graphics.setDefsKeyPrefix("plot");
    // A tenth of a pixel is finer than any screen shows, and keeps the file small.
    graphics.setGeomDoubleConverter(SvgChart::tenths);
    draw(chart).draw(graphics, new Rectangle(0, 0, WIDTH, HEIGHT));
    return graphics.getSVGDocument();
  }

  /** Writes the chart as SVG to {@code file}, replacing it. */
  public static void write(LineChart chart, Path file) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      Files.createDirectories(parent);
      Files.writeString(file, svg(chart));
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write the plot " + file + ": " + e.getMessage(), e);
    }
  }

  private static JFreeChart draw(LineChart chart) {
    XYSeriesCollection data = new XYSeriesCollection();
    double end = chart.series().stream().mapToDouble(SvgChart::lastX).max().orElse(1);
    for (LineChart.Series series : chart.series()) {
      XYSeries line = new XYSeries(series.name(), false, true);
      stepped(thinned(series.points(), end)).forEach(p -> line.add(p.x(), p.y()));
      data.addSeries(line);
    }
    JFreeChart drawn =
        ChartFactory.createXYLineChart(
            chart.title(),
            chart.xLabel(),
            chart.yLabel(),
            data,
            PlotOrientation.VERTICAL,
            true,
            false,
            false);
    drawn.setBackgroundPaint(Color.WHITE);
    drawn.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    XYPlot plot = drawn.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    // Each series one SVG path, not one element per segment: the steps are points of the line.
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    renderer.setDrawSeriesLineAsPath(true);
    for (int i = 0; i < chart.series().size(); i++) {
      renderer.setSeriesPaint(i, COLOURS[i % COLOURS.length]);
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    plot.setRenderer(renderer);
    for (int i = 0; i < chart.markers().size(); i++) {
      plot.addDomainMarker(marker(chart.markers().get(i), i));
    }
    return drawn;
  }

  /** Labels of markers close together would overlap: each is lower than the one before. */
  private static ValueMarker marker(LineChart.Marker marker, int index) {
    ValueMarker line =
        new ValueMarker(
            marker.x(),
            Color.DARK_GRAY,
            new BasicStroke(
                1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f));
    line.setLabel(marker.label());
    line.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    line.setLabelPaint(Color.DARK_GRAY);
    line.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
    line.setLabelTextAnchor(TextAnchor.TOP_LEFT);
    line.setLabelOffset(new RectangleInsets(4 + 14 * (index % 4), 4, 4, 4));
    return line;
  }

  private static double lastX(LineChart.Series series) {
    return series.points().isEmpty() ? 0 : series.points().get(series.points().size() - 1).x();
  }

  /** The points with a corner before each: the value holds until the next point's time. */
  static List<LineChart.Point> stepped(List<LineChart.Point> points) {
    List<LineChart.Point> steps = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      LineChart.Point point = points.get(i);
      if (i > 0 && points.get(i - 1).y() != point.y()) {
        steps.add(new LineChart.Point(point.x(), points.get(i - 1).y()));
      }
      steps.add(point);
    }
    return steps;
  }

  private static String tenths(double value) {
    long tenths = Math.round(value * 10);
    return tenths % 10 == 0
        ? Long.toString(tenths / 10)
        : (tenths < 0 ? "-" : "") + Math.abs(tenths) / 10 + "." + Math.abs(tenths) % 10;
  }

  /** The last point of each of {@link #WIDTH} columns from 0 to {@code end}, and the first. */
  static List<LineChart.Point> thinned(List<LineChart.Point> points, double end) {
    List<LineChart.Point> kept = new ArrayList<>();
    double column = end > 0 ? end / WIDTH : 1;
    for (int i = 0; i < points.size(); i++) {
      LineChart.Point point = points.get(i);
      boolean last = i == points.size() - 1;
      if (i == 0
          || last
          || Math.floor(points.get(i + 1).x() / column) > Math.floor(point.x() / column)) {
        kept.add(point);
      }
    }
    return kept;
  }
}
