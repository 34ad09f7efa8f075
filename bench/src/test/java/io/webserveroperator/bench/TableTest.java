package io.webserveroperator.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableTest {

  @Test
  void alignsValuesUnderSections() {
    String table =
        new Table()
            .section("Steady state")
            .row("writes", "0")
            .row("requests per WebServer", "1.00")
            .section("Memory")
            .row("RSS", "180 MiB")
            .render();

    assertThat(table)
        .isEqualTo(
            """
            Steady state
              writes                  0
              requests per WebServer  1.00
            Memory
              RSS                     180 MiB
            """);
  }

  @Test
  void formatsFiguresAndRequestsPerItem() {
    RequestCounts requests = new RequestCounts(Map.of("patch", 300L, "create", 200L, "get", 0L));

    assertThat(Figures.perItem(requests, 100)).isEqualTo("5.00 writes, create 2.00, patch 3.00");
    assertThat(Figures.millis(Duration.ofMillis(1234))).isEqualTo("1234 ms");
    assertThat(Figures.seconds(Duration.ofMillis(1250))).isEqualTo("1.3 s");
    assertThat(Figures.mib(200L * 1024 * 1024)).isEqualTo("200 MiB");
    assertThat(Figures.mib(-1)).isEqualTo("n/a");
  }

  @Test
  void requestCountsSubtractByVerb() {
    RequestCounts before = new RequestCounts(Map.of("get", 2L, "patch", 5L));
    RequestCounts after = new RequestCounts(Map.of("get", 2L, "patch", 8L, "create", 1L));

    RequestCounts delta = after.minus(before);

    assertThat(delta.byVerb()).containsExactly(Map.entry("create", 1L), Map.entry("patch", 3L));
    assertThat(delta.writes()).isEqualTo(4);
  }

  @Test
  void readsMemoryLinesOfProcStatusInBytes() {
    Map<String, Long> values = new LinkedHashMap<>();
    ProcStatus.parse("VmHWM:\t  204800 kB", values);
    ProcStatus.parse("VmRSS:\t  102400 kB", values);
    ProcStatus.parse("Threads:\t42", values);

    assertThat(values)
        .containsExactly(
            Map.entry("VmHWM", 200L * 1024 * 1024), Map.entry("VmRSS", 100L * 1024 * 1024));
  }
}
