package io.webserveroperator.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.webserveroperator.bench.contest.AuditCounts;
import io.webserveroperator.bench.contest.ContestReport;
import io.webserveroperator.bench.contest.ContestRun;
import io.webserveroperator.bench.contest.ConvergencePlot;
import io.webserveroperator.bench.edit.RevisionPlot;
import io.webserveroperator.bench.edit.RevisionTally;
import io.webserveroperator.bench.edit.RolloutTimeline;
import io.webserveroperator.bench.edit.TemplateEditFigures;
import io.webserveroperator.bench.plot.SvgChart;
import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.template.watches.RolloutStep;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.RequestCounts;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every plot opens in a browser as the docs show it: each SVG under docs/img/, and one freshly
 * drawn by each of the benchmark's plots, embedded with {@code <img>} as GitHub embeds it, loads in
 * headless Chromium at its size, and its screenshot is a picture: lines in several colours on
 * white, not an empty page nor a broken-image icon. Skips without Chromium, unless {@code
 * PLOTS_REQUIRED=1} (as {@code .ci/run} sets, having installed it): then its absence fails.
 */
class PlotsInChromiumTest {

  /** The plots docs/benchmarks.md embeds, each written by {@code bench scale}. */
  private static final List<String> DOCS_PLOTS =
      List.of(
          "bench-scale-converged.svg",
          "bench-scale-template-edit-1.svg",
          "bench-scale-template-edit-2.svg");

  @TempDir static Path scratch;

  private static Chromium chromium;

  @BeforeAll
  static void findChromium() {
    Optional<Chromium> found = Chromium.find(scratch);
    if (found.isEmpty() && "1".equals(System.getenv("PLOTS_REQUIRED"))) {
      fail("PLOTS_REQUIRED=1 but there is no chromium on the PATH: apt-get install -y chromium");
    }
    assumeTrue(
        found.isPresent(),
        "no chromium on the PATH, so the plots were not opened: apt-get install -y chromium (as"
            + " .ci/run does), or PLOTS_REQUIRED=1 to fail instead");
    chromium = found.get();
  }

  static Stream<Path> plots() throws IOException {
    Path fresh = Files.createDirectories(scratch.resolve("fresh"));
    Path converged = fresh.resolve("converged.svg");
    SvgChart.write(ConvergencePlot.of(contest()), converged);
    Path edit = fresh.resolve("template-edit.svg");
    SvgChart.write(RevisionPlot.of(steppedEdit()), edit);
    List<Path> docs = DOCS_PLOTS.stream().map(name -> Project.file("docs/img/" + name)).toList();
    return Stream.concat(Stream.of(converged, edit), docs.stream());
  }

  @ParameterizedTest
  @MethodSource("plots")
  void opensInChromiumAsAPicture(Path svg) throws Exception {
    assertThat(svg).isRegularFile();
    assertOpensAsAPicture(svg);
  }

  @Test
  void aBrokenOrBlankSvgFails() throws Exception {
    String whole = SvgChart.svg(ConvergencePlot.of(contest()));
    Path truncated = scratch.resolve("truncated.svg");
    Files.writeString(truncated, whole.substring(0, whole.length() / 2));
    Path blank = scratch.resolve("blank.svg");
    Files.writeString(
        blank, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"500\"></svg>");

    assertThatThrownBy(() -> assertOpensAsAPicture(truncated))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("did not load");
    assertThatThrownBy(() -> assertOpensAsAPicture(blank))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("colours");
  }

  private static void assertOpensAsAPicture(Path svg) throws Exception {
    String name = svg.getFileName().toString();
    Path page = scratch.resolve(name + ".html");
    Files.writeString(
        page,
        "<!DOCTYPE html><html><head><title>pending</title></head>"
            + "<body style=\"margin:0;background:#fff\"><img src=\""
            + svg.toUri()
            + "\" onload=\"document.title='loaded '+this.naturalWidth+'x'+this.naturalHeight\""
            + " onerror=\"document.title='broken'\"></body></html>");
    String dom = chromium.dumpDom(page);
    assertThat(dom)
        .as(
            "%s did not load in Chromium as an <img> of %dx%d",
            svg, SvgChart.WIDTH, SvgChart.HEIGHT)
        .contains("<title>loaded " + SvgChart.WIDTH + "x" + SvgChart.HEIGHT + "</title>");

    Path png = scratch.resolve(name + ".png");
    chromium.screenshot(page, SvgChart.WIDTH, SvgChart.HEIGHT, png);
    BufferedImage shot = ImageIO.read(png.toFile());
    assertThat(shot).as("the screenshot of %s", svg).isNotNull();
    assertThat(shot.getWidth()).isEqualTo(SvgChart.WIDTH);
    assertThat(shot.getHeight()).isEqualTo(SvgChart.HEIGHT);
    Map<Integer, Integer> hues = colouredPixelsByHue(shot);
    List<Integer> lines =
        hues.entrySet().stream()
            .filter(e -> e.getValue() >= 100)
            .map(Map.Entry::getKey)
            .collect(Collectors.toList());
    assertThat(lines)
        .as(
            "hues (in 12 sectors of the colour wheel) drawn in 100 pixels or more in the screenshot"
                + " of %s, expected the lines of at least two series in their colours; all: %s",
            svg, hues)
        .hasSizeGreaterThanOrEqualTo(2);
    assertThat(nonWhiteShare(shot))
        .as("share of the screenshot of %s that is not white: axes, labels, lines", svg)
        .isGreaterThan(0.02);
  }

  /** Saturated pixels, counted by hue in twelve sectors. */
  private static Map<Integer, Integer> colouredPixelsByHue(BufferedImage image) {
    Map<Integer, Integer> byHue = new TreeMap<>();
    float[] hsb = new float[3];
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        Color colour = new Color(image.getRGB(x, y));
        Color.RGBtoHSB(colour.getRed(), colour.getGreen(), colour.getBlue(), hsb);
        if (hsb[1] > 0.4f && hsb[2] > 0.3f) {
          byHue.merge((int) (hsb[0] * 12) % 12, 1, Integer::sum);
        }
      }
    }
    return byHue;
  }

  private static double nonWhiteShare(BufferedImage image) {
    long nonWhite = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        if ((image.getRGB(x, y) & 0xffffff) != 0xffffff) {
          nonWhite++;
        }
      }
    }
    return (double) nonWhite / (image.getWidth() * image.getHeight());
  }

  /** Three contenders converging 500 WebServers, each at its own pace. */
  private static ContestReport contest() {
    List<ContestRun> runs = new ArrayList<>();
    String[] contenders = {"tutorial Go operator", "minimal writer", "webserver-operator"};
    for (int c = 0; c < contenders.length; c++) {
      int pace = 10 + 4 * c;
      List<Duration> each =
          IntStream.range(0, 500).mapToObj(i -> Duration.ofMillis(200 + pace * i)).toList();
      ContestRun.Phase phase =
          new ContestRun.Phase(
              each.get(each.size() - 1),
              each,
              Optional.empty(),
              Duration.ZERO,
              Duration.ZERO,
              Duration.ZERO,
              new AuditCounts(RequestCounts.none(), RequestCounts.none()));
      runs.add(new ContestRun(contenders[c], 100, phase, -1, -1, phase, Optional.empty()));
    }
    return new ContestReport(500, 8, 8, 50, runs);
  }

  /** 100 WebServers moving in the steps 1, 10%, 50%, 100%, each step 10 s. */
  private static TemplateEditFigures steppedEdit() {
    RolloutPolicy policy =
        new RolloutPolicy(
            List.of(
                new RolloutStep.Count(1), new RolloutStep.Percent(10), new RolloutStep.Percent(50)),
            Duration.ofMinutes(30),
            0);
    int[] reached = {1, 10, 50, 100};
    List<RevisionTally> tallies = new ArrayList<>(List.of(new RevisionTally(Duration.ZERO, 0, 0)));
    List<RolloutTimeline.Step> steps = new ArrayList<>();
    for (int s = 0; s < reached.length; s++) {
      Duration began = Duration.ofSeconds(10L * s);
      tallies.add(
          new RevisionTally(began.plusMillis(500), reached[s], s == 0 ? 0 : reached[s - 1]));
      tallies.add(new RevisionTally(began.plusSeconds(6), reached[s], reached[s]));
      steps.add(new RolloutTimeline.Step(s, began, began.plusSeconds(10), reached[s]));
    }
    return new TemplateEditFigures(
        Optional.of(policy),
        new TemplateEditFigures.Preparation(
            "the operator restarted with the policy",
            Duration.ofSeconds(9),
            RequestCounts.none(),
            0),
        100,
        Duration.ofMillis(300),
        Duration.ofSeconds(31),
        Duration.ofSeconds(36),
        Duration.ofSeconds(36),
        steps,
        50,
        RequestCounts.none(),
        1,
        5,
        400,
        100,
        CpuTimes.none(),
        RequestCounts.none(),
        "abc1234567",
        tallies);
  }
}
