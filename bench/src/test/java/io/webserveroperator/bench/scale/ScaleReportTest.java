package io.webserveroperator.bench.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.webserveroperator.bench.ChangeFigures;
import io.webserveroperator.bench.CpuTimes;
import io.webserveroperator.bench.MemoryFigures;
import io.webserveroperator.bench.Percentiles;
import io.webserveroperator.bench.ReplicaFigures;
import io.webserveroperator.bench.edit.RolloutTimeline;
import io.webserveroperator.bench.edit.TemplateEditFigures;
import io.webserveroperator.template.watches.RolloutPolicy;
import io.webserveroperator.template.watches.RolloutStep;
import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScaleReportTest {

  @Test
  void ratiosCompareTheOperatorWithTheMinimalClient() {
    ScaleReport report =
        report(
            new ScaleReport.Phase(
                Duration.ofMillis(4_600),
                new RequestCounts(Map.of("patch", 1500L, "create", 500L)),
                cpu(Duration.ofSeconds(8), Duration.ofSeconds(5), Duration.ofSeconds(3))),
            new ScaleReport.Phase(
                Duration.ofMillis(4_000),
                new RequestCounts(Map.of("patch", 1500L)),
                cpu(Duration.ofSeconds(7), Duration.ZERO, Duration.ofSeconds(5))));

    assertThat(report.timeRatio()).isCloseTo(1.15, within(1e-9));
    assertThat(report.timeRatioToLastAnswer()).isCloseTo(4.6 / 3.5, within(1e-9));
    assertThat(report.writeRatio()).isCloseTo(4.0 / 3.0, within(1e-9));
    assertThat(report.writeRatioWithoutEvents()).isCloseTo(1.0, within(1e-9));
    assertThat(ScaleReportFormat.table(report))
        .containsPattern("time ratio operator/minimal +1\\.15\\n");
    assertThat(ScaleReportFormat.table(report))
        .containsPattern("time ratio to minimal's last answer +1\\.31\\n");
    assertThat(ScaleReportFormat.table(report))
        .containsPattern("operator: reconciles per WebServer +2\\.00\\n");
    assertThat(report.cpuRatio()).isCloseTo(16.0 / 12.0, within(1e-9));
    assertThat(ScaleReportFormat.table(report))
        .containsPattern(
            "CPU per WebServer, operator phase +kube-apiserver 16\\.0, operator 10\\.0,"
                + " benchmark 6\\.0 = 32\\.0 ms\\n");
    assertThat(ScaleReportFormat.table(report))
        .containsPattern("CPU ratio operator/minimal +1\\.33\\n");
    assertThat(ScaleReportFormat.json(report)).containsEntry("timeRatio", report.timeRatio());
  }

  @Test
  void shardedReplicasReportEachOnesMemoryAndTheirWritesTogether() {
    ScaleReport report =
        report(
            new ScaleReport.Phase(
                Duration.ofSeconds(10),
                new RequestCounts(Map.of("patch", 2000L, "create", 500L)),
                CpuTimes.none()),
            new ScaleReport.Phase(
                Duration.ofSeconds(8), new RequestCounts(Map.of("patch", 1500L)), CpuTimes.none()),
            new RequestCounts(Map.of("patch", 30L, "update", 10L)),
            List.of(
                new ReplicaFigures(false, new MemoryFigures(40 * MIB, 150 * MIB, 160 * MIB)),
                new ReplicaFigures(true, new MemoryFigures(60 * MIB, 190 * MIB, 200 * MIB)),
                new ReplicaFigures(false, new MemoryFigures(41 * MIB, 151 * MIB, 161 * MIB))));

    String table = ScaleReportFormat.table(report);
    assertThat(report.writesPerWebServer()).isCloseTo(5.0, within(1e-9));
    assertThat(table).contains("operator: 3 replicas, --shards auto with 8 workers each");
    assertThat(table).containsPattern("replica 2 \\(leader\\): RSS \\(VmRSS\\) +190 MiB\\n");
    assertThat(table).containsPattern("replica 3: heap after full GC +41 MiB\\n");
    assertThat(table).containsPattern("operator writes +0\\n");
    assertThat(table)
        .containsPattern("operator requests on Leases +40 \\{patch=30, update=10\\}\\n");
    Map<String, Object> json = ScaleReportFormat.json(report);
    assertThat(json).containsEntry("replicas", 3);
    assertThat((List<?>) json.get("operatorMemory"))
        .hasSize(3)
        .element(1)
        .isEqualTo(
            Map.of(
                "assignsShards",
                true,
                "heapAfterGcBytes",
                60 * MIB,
                "rssBytes",
                190 * MIB,
                "peakRssBytes",
                200 * MIB));
  }

  @Test
  void aSingleReplicaKeepsTheUnnumberedRows() {
    String table =
        ScaleReportFormat.table(
            report(
                new ScaleReport.Phase(Duration.ofSeconds(1), RequestCounts.none(), CpuTimes.none()),
                new ScaleReport.Phase(
                    Duration.ofSeconds(1), RequestCounts.none(), CpuTimes.none())));

    assertThat(table)
        .contains("operator: 1 replica with 8 workers each), after 100 each to warm up");
    assertThat(table).containsPattern("\\n  RSS \\(VmRSS\\) +0 MiB\\n");
    assertThat(table).doesNotContain("replica 1");
  }

  @Test
  void aTemplateEditReportsItsStepsAndItsWritesOnStoredRevisions() {
    RolloutPolicy policy =
        new RolloutPolicy(
            List.of(new RolloutStep.Count(1), new RolloutStep.Percent(10)),
            Duration.ofMinutes(30),
            0);
    TemplateEditFigures edit =
        new TemplateEditFigures(
            Optional.of(policy),
            new TemplateEditFigures.Preparation(
                "the operator restarted with the policy",
                Duration.ofSeconds(9),
                new RequestCounts(Map.of("list", 4L, "watch", 4L)),
                0),
            100,
            Duration.ofMillis(300),
            Duration.ofSeconds(20),
            Duration.ofSeconds(31),
            Duration.ofSeconds(32),
            List.of(
                new RolloutTimeline.Step(0, Duration.ofMillis(300), Duration.ofSeconds(12), 1),
                new RolloutTimeline.Step(1, Duration.ofSeconds(12), Duration.ofSeconds(22), 9),
                new RolloutTimeline.Step(2, Duration.ofSeconds(22), Duration.ofSeconds(32), 60)),
            60,
            new RequestCounts(Map.of("patch", 305L, "create", 101L)),
            1,
            5,
            250,
            100,
            CpuTimes.none(),
            RequestCounts.none(),
            "abc1234567",
            List.of());
    ScaleReport report =
        report(
            new ScaleReport.Phase(Duration.ofSeconds(1), RequestCounts.none(), CpuTimes.none()),
            new ScaleReport.Phase(Duration.ofSeconds(1), RequestCounts.none(), CpuTimes.none()),
            RequestCounts.none(),
            List.of(new ReplicaFigures(false, new MemoryFigures(1, 1, 1))),
            List.of(edit));

    String table = ScaleReportFormat.table(report);
    assertThat(table)
        .contains(
            "Template edit changing every Deployment, 100 WebServers, rollout steps [1, 10%,"
                + " 100%]");
    assertThat(table)
        .containsPattern("step 2 of 3 \\(10%\\) +12\\.0 s to 22\\.0 s \\(10\\.0 s\\), at most 9");
    assertThat(table).containsPattern("most Deployments rolling at once +60\\n");
    assertThat(table).containsPattern("of which on stored revisions +1 created, 5 changed\\n");
    assertThat(table).containsPattern("operator requests in the quiet period +0 \\{\\}\\n");
    List<?> json = (List<?>) ScaleReportFormat.json(report).get("templateEdits");
    @SuppressWarnings("unchecked")
    Map<String, Object> first = (Map<String, Object>) json.get(0);
    assertThat(first)
        .containsEntry("allOnRevisionSeconds", 20.0)
        .containsEntry("revisionChanges", 5L)
        .containsEntry("policy", policy.describe());
  }

  private static final long MIB = 1024 * 1024;

  private static CpuTimes cpu(Duration apiServer, Duration operator, Duration benchmark) {
    Map<String, Duration> parts = new LinkedHashMap<>();
    parts.put("kube-apiserver", apiServer);
    parts.put("operator", operator);
    parts.put("benchmark", benchmark);
    return new CpuTimes(parts);
  }

  @Test
  void reconcilesOfASettlingLongerThanTheResyncSayTheyIncludeResyncs() {
    ScaleReport.Phase settling =
        new ScaleReport.Phase(Duration.ofMillis(11_600), RequestCounts.none(), CpuTimes.none());

    assertThat(ScaleReportFormat.table(report(settling, settling)))
        .containsPattern(
            "operator: reconciles per WebServer +2\\.00 \\(resyncs every 5\\.0 s included;"
                + " --resync 10h counts none\\)\\n");
  }

  private static ScaleReport report(ScaleReport.Phase operator, ScaleReport.Phase minimal) {
    return report(
        operator,
        minimal,
        RequestCounts.none(),
        List.of(new ReplicaFigures(false, new MemoryFigures(1, 1, 1))));
  }

  private static ScaleReport report(
      ScaleReport.Phase operator,
      ScaleReport.Phase minimal,
      RequestCounts steadyLeases,
      List<ReplicaFigures> replicas) {
    return report(operator, minimal, steadyLeases, replicas, List.of());
  }

  private static ScaleReport report(
      ScaleReport.Phase operator,
      ScaleReport.Phase minimal,
      RequestCounts steadyLeases,
      List<ReplicaFigures> replicas,
      List<TemplateEditFigures> edits) {
    return new ScaleReport(
        500,
        100,
        8,
        8,
        replicas.size(),
        List.of(),
        operator,
        minimal,
        minimal.elapsed().minusMillis(500),
        1_000,
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        RequestCounts.none(),
        steadyLeases,
        50,
        new ChangeFigures(Percentiles.of(List.of()), 0, 0, 0),
        RequestCounts.none(),
        CpuTimes.none(),
        replicas,
        edits,
        Optional.empty());
  }
}
