package io.webserveroperator.bench.contest;

import io.webserveroperator.bench.ChangeFigures;
import io.webserveroperator.bench.Figures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The contest as one table, a row per contender and a column per figure, each cell giving the
 * rounds side by side ({@code cold / warm}); and as a JSON tree.
 */
public final class ContestFormat {

  private static final String NONE = "-";

  private ContestFormat() {}

  public static String table(ContestReport report) {
    Map<String, List<ContestRun>> byContender = new LinkedHashMap<>();
    report
        .runs()
        .forEach(r -> byContender.computeIfAbsent(r.contender(), c -> new ArrayList<>()).add(r));
    String rounds =
        report.runs().stream()
            .map(r -> Integer.toString(r.warmUp()))
            .distinct()
            .collect(Collectors.joining(" / "));
    int n = report.count();
    List<String> header =
        List.of(
            "contender",
            "converged s",
            "operator CPU s",
            "apiserver CPU s",
            "etcd CPU s",
            "bench CPU s",
            "writes/WS (Events)",
            "change p50/p99 ms",
            "RSS MiB (peak)");
    List<List<String>> rows = new ArrayList<>();
    rows.add(header);
    byContender.forEach(
        (name, runs) ->
            rows.add(
                List.of(
                    name,
                    cells(runs, r -> seconds(r.converged())),
                    cells(runs, r -> r.operatorCpu().map(ContestFormat::seconds).orElse(NONE)),
                    cells(runs, r -> seconds(r.apiServerCpu())),
                    cells(runs, r -> seconds(r.etcdCpu())),
                    cells(runs, r -> seconds(r.benchmarkCpu())),
                    cells(runs, r -> writes(r.requests(), n)),
                    cells(runs, r -> r.changes().map(ContestFormat::latency).orElse(NONE)),
                    cells(runs, ContestFormat::memory))));
    StringBuilder text =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "Contest: %d WebServers created at once by %d threads, %d reconciles at once,"
                    + " %d replicas changes/s; warm-up %s; each contender on a fresh etcd and"
                    + " kube-apiserver; cells are warm-up %s%n",
                n,
                report.concurrency(),
                report.workers(),
                report.rate(),
                rounds,
                rounds));
    int[] widths = new int[header.size()];
    rows.forEach(
        row -> {
          for (int i = 0; i < row.size(); i++) {
            widths[i] = Math.max(widths[i], row.get(i).length());
          }
        });
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        line.append("  ").append(pad(row.get(i), widths[i], i == 0));
      }
      text.append(line.toString().stripTrailing()).append(System.lineSeparator());
    }
    return text.toString();
  }

  public static Map<String, Object> json(ContestReport report) {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("count", report.count());
    tree.put("concurrency", report.concurrency());
    tree.put("workers", report.workers());
    tree.put("rate", report.rate());
    List<Map<String, Object>> runs = new ArrayList<>();
    for (ContestRun run : report.runs()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("contender", run.contender());
      entry.put("warmUp", run.warmUp());
      entry.put("convergedSeconds", Figures.toSeconds(run.converged()));
      entry.put("operatorCpuSeconds", run.operatorCpu().map(Figures::toSeconds).orElse(null));
      entry.put("apiServerCpuSeconds", Figures.toSeconds(run.apiServerCpu()));
      entry.put("etcdCpuSeconds", Figures.toSeconds(run.etcdCpu()));
      entry.put("benchmarkCpuSeconds", Figures.toSeconds(run.benchmarkCpu()));
      entry.put("requests", run.requests().requests().byVerb());
      entry.put("eventRequests", run.requests().events().byVerb());
      entry.put(
          "change",
          run.changes()
              .map(
                  c ->
                      Map.of(
                          "sent", c.sent(),
                          "seen", c.seen(),
                          "p50Seconds", Figures.toSeconds(c.latency().p50()),
                          "p99Seconds", Figures.toSeconds(c.latency().p99()),
                          "maxSeconds", Figures.toSeconds(c.latency().max())))
              .orElse(null));
      entry.put("rssBytes", run.rssBytes());
      entry.put("peakRssBytes", run.peakRssBytes());
      runs.add(entry);
    }
    tree.put("runs", runs);
    return tree;
  }

  private static String cells(List<ContestRun> runs, Function<ContestRun, String> cell) {
    return runs.stream().map(cell).collect(Collectors.joining(" / "));
  }

  private static String seconds(Duration duration) {
    return String.format(Locale.ROOT, "%.1f", duration.toNanos() / 1e9);
  }

  private static String writes(AuditCounts counts, int count) {
    return String.format(
        Locale.ROOT,
        "%.2f (%.2f)",
        (double) counts.requests().writes() / count,
        (double) counts.events().writes() / count);
  }

  /** p50/p99 in ms; with changes lost or refused, how many of those sent were seen. */
  private static String latency(ChangeFigures changes) {
    String figures =
        String.format(
            Locale.ROOT,
            "%d/%d",
            changes.latency().p50().toMillis(),
            changes.latency().p99().toMillis());
    return changes.seen() == changes.sent()
        ? figures
        : figures + " (" + changes.seen() + " of " + changes.sent() + " seen)";
  }

  private static String memory(ContestRun run) {
    return run.rssBytes() < 0
        ? NONE
        : String.format(Locale.ROOT, "%d (%d)", run.rssBytes() >> 20, run.peakRssBytes() >> 20);
  }

  private static String pad(String text, int width, boolean left) {
    String padding = " ".repeat(width - text.length());
    return left ? text + padding : padding + text;
  }
}
