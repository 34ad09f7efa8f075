package io.webserveroperator.bench.contest;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.bench.ChangeFigures;
import io.webserveroperator.bench.Percentiles;
import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ContestFormatTest {

  private static ContestRun operator(String name, int warmUp, long millis, long events) {
    return new ContestRun(
        name,
        warmUp,
        new ContestRun.Phase(
            Duration.ofMillis(millis),
            List.of(),
            Optional.of(Duration.ofMillis(1300)),
            Duration.ofMillis(4000),
            Duration.ofMillis(500),
            Duration.ofMillis(2000),
            new AuditCounts(
                new RequestCounts(Map.of("create", 1000L + events, "update", 500L)),
                new RequestCounts(Map.of("create", events)))),
        47L << 20,
        50L << 20,
        new ContestRun.Phase(
            Duration.ofMillis(millis / 2),
            List.of(),
            Optional.of(Duration.ofMillis(600)),
            Duration.ofMillis(2000),
            Duration.ofMillis(300),
            Duration.ofMillis(1000),
            new AuditCounts(
                new RequestCounts(Map.of("patch", 1000L + events)),
                new RequestCounts(Map.of("create", events)))),
        Optional.of(
            new ChangeFigures(
                Percentiles.of(List.of(Duration.ofMillis(12), Duration.ofMillis(340))),
                1000,
                1000,
                0)));
  }

  private static ContestRun minimal(int warmUp) {
    return new ContestRun(
        "minimal writer",
        warmUp,
        new ContestRun.Phase(
            Duration.ofMillis(5400),
            List.of(),
            Optional.empty(),
            Duration.ofMillis(4000),
            Duration.ofMillis(500),
            Duration.ofMillis(3000),
            new AuditCounts(new RequestCounts(Map.of("patch", 1500L)), RequestCounts.none())),
        -1,
        -1,
        new ContestRun.Phase(
            Duration.ofMillis(2700),
            List.of(),
            Optional.empty(),
            Duration.ofMillis(2000),
            Duration.ofMillis(300),
            Duration.ofMillis(1500),
            new AuditCounts(new RequestCounts(Map.of("patch", 1000L)), RequestCounts.none())),
        Optional.empty());
  }

  @Test
  void printsOneRowPerContenderWithTheRoundsSideBySide() {
    ContestReport report =
        new ContestReport(
            500,
            8,
            8,
            50,
            List.of(
                operator("Go", 1, 5000, 0),
                minimal(1),
                operator("ours", 1, 10900, 500),
                operator("Go", 100, 4100, 0),
                minimal(100),
                operator("ours", 100, 7500, 500)));

    String table = ContestFormat.table(report);

    assertThat(table)
        .startsWith("Contest: 500 WebServers created at once by 8 threads, 8 reconciles at once,")
        .contains("warm-up 1 / 100");
    List<String> lines = table.lines().toList();
    assertThat(lines).hasSize(10);
    assertThat(lines.get(2).split(" {2,}"))
        .containsExactly(
            "",
            "Go",
            "5.0 / 4.1",
            "1.3 / 1.3",
            "4.0 / 4.0",
            "0.5 / 0.5",
            "2.0 / 2.0",
            "3.00 (0.00) / 3.00 (0.00)",
            "12/340 / 12/340",
            "47 (50) / 47 (50)");
    assertThat(lines.get(3).split(" {2,}"))
        .containsExactly(
            "",
            "minimal writer",
            "5.4 / 5.4",
            "- / -",
            "4.0 / 4.0",
            "0.5 / 0.5",
            "3.0 / 3.0",
            "3.00 (0.00) / 3.00 (0.00)",
            "- / -",
            "- / -");
    assertThat(lines.get(4)).contains("10.9 / 7.5").contains("4.00 (1.00) / 4.00 (1.00)");
    assertThat(lines.get(5))
        .isEqualTo("Then spec.replicas changed on all 500 at once by 8 threads, 2 to 1:");
    // Aligned with the storm's columns: its header is the storm's without the last two.
    assertThat(lines.get(1)).startsWith(lines.get(6));
    assertThat(lines.get(7).split(" {2,}"))
        .containsExactly(
            "",
            "Go",
            "2.5 / 2.1",
            "0.6 / 0.6",
            "2.0 / 2.0",
            "0.3 / 0.3",
            "1.0 / 1.0",
            "2.00 (0.00) / 2.00 (0.00)");
    assertThat(lines.get(8).split(" {2,}"))
        .containsExactly(
            "",
            "minimal writer",
            "2.7 / 2.7",
            "- / -",
            "2.0 / 2.0",
            "0.3 / 0.3",
            "1.5 / 1.5",
            "2.00 (0.00) / 2.00 (0.00)");
    assertThat(lines.get(9)).contains("5.5 / 3.8").contains("3.00 (1.00) / 3.00 (1.00)");
  }

  @Test
  void theJsonGivesEveryRunWithNullForWhatTheMinimalClientHasNot() {
    ContestReport report = new ContestReport(500, 8, 8, 50, List.of(minimal(1)));

    Map<String, Object> run =
        ContestFormat.json(report).get("runs") instanceof List<?> runs
                && runs.get(0) instanceof Map<?, ?> first
                && first.get("changeOnAll") instanceof Map<?, ?> changeOnAll
            ? Map.of(
                "operatorCpuSeconds", String.valueOf(first.get("operatorCpuSeconds")),
                "change", String.valueOf(first.get("change")),
                "convergedSeconds", first.get("convergedSeconds"),
                "changeOnAll.convergedSeconds", changeOnAll.get("convergedSeconds"),
                "changeOnAll.operatorCpuSeconds",
                    String.valueOf(changeOnAll.get("operatorCpuSeconds")),
                "changeOnAll.requests", changeOnAll.get("requests"))
            : Map.of();

    assertThat(run)
        .containsEntry("operatorCpuSeconds", "null")
        .containsEntry("change", "null")
        .containsEntry("convergedSeconds", 5.4)
        .containsEntry("changeOnAll.convergedSeconds", 2.7)
        .containsEntry("changeOnAll.operatorCpuSeconds", "null")
        .containsEntry("changeOnAll.requests", Map.of("patch", 1000L));
  }
}
