package io.webserveroperator.bench.contest;

import io.webserveroperator.bench.ChangeFigures;
import io.webserveroperator.bench.Figures;
import io.webserveroperator.bench.WebServerResources;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The contest as tables, a row per contender and a column per figure, each cell giving the rounds
 * side by side ({@code cold / warm}): the storm's, then the change on all's below with its columns
 * aligned; and as a JSON tree.
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
    List<List<String>> storm = new ArrayList<>();
    storm.add(header(List.of("change p50/p99 ms", "RSS MiB (peak)")));
    List<List<String>> changeOnAll = new ArrayList<>();
    changeOnAll.add(header(List.of()));
    byContender.forEach(
        (name, runs) -> {
          List<String> row = phaseCells(name, runs, ContestRun::storm, n);
          row.add(cells(runs, r -> r.changes().map(ContestFormat::latency).orElse(NONE)));
          row.add(cells(runs, ContestFormat::memory));
          storm.add(row);
          changeOnAll.add(phaseCells(name, runs, ContestRun::changeOnAll, n));
        });
    // One width per column over both tables, whose first columns are the same figures.
    int[] widths = new int[storm.get(0).size()];
    Stream.concat(storm.stream(), changeOnAll.stream())
        .forEach(
            row -> {
              for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
              }
            });
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
    append(text, storm, widths);
    text.append(
        String.format(
            Locale.ROOT,
            "Then spec.replicas changed on all %d at once by %d threads, %d to %d:%n",
            n,
            report.concurrency(),
            WebServerResources.REPLICAS,
            WebServerResources.CHANGED_REPLICAS));
    append(text, changeOnAll, widths);
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
      entry.putAll(phase(run.storm()));
      entry.put("rssBytes", run.rssBytes());
      entry.put("peakRssBytes", run.peakRssBytes());
      entry.put("changeOnAll", phase(run.changeOnAll()));
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
      runs.add(entry);
    }
    tree.put("runs", runs);
    return tree;
  }

  /** A phase's figures; the storm's stay on the run's entry, where earlier reports have them. */
  private static Map<String, Object> phase(ContestRun.Phase phase) {
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("convergedSeconds", Figures.toSeconds(phase.converged()));
    figures.put("operatorCpuSeconds", phase.operatorCpu().map(Figures::toSeconds).orElse(null));
    figures.put("apiServerCpuSeconds", Figures.toSeconds(phase.apiServerCpu()));
    figures.put("etcdCpuSeconds", Figures.toSeconds(phase.etcdCpu()));
    figures.put("benchmarkCpuSeconds", Figures.toSeconds(phase.benchmarkCpu()));
    figures.put("requests", phase.requests().requests().byVerb());
    figures.put("eventRequests", phase.requests().events().byVerb());
    return figures;
  }

  /** The header of a phase's table: the phase's figures, then {@code more}. */
  private static List<String> header(List<String> more) {
    List<String> header =
        new ArrayList<>(
            List.of(
                "contender",
                "converged s",
                "operator CPU s",
                "apiserver CPU s",
                "etcd CPU s",
                "bench CPU s",
                "writes/WS (Events)"));
    header.addAll(more);
    return header;
  }

  /** A contender's row of a phase's figures, one cell per figure, the rounds side by side. */
  private static List<String> phaseCells(
      String name, List<ContestRun> runs, Function<ContestRun, ContestRun.Phase> phase, int n) {
    return new ArrayList<>(
        List.of(
            name,
            cells(runs, r -> seconds(phase.apply(r).converged())),
            cells(runs, r -> phase.apply(r).operatorCpu().map(ContestFormat::seconds).orElse(NONE)),
            cells(runs, r -> seconds(phase.apply(r).apiServerCpu())),
            cells(runs, r -> seconds(phase.apply(r).etcdCpu())),
            cells(runs, r -> seconds(phase.apply(r).benchmarkCpu())),
            cells(runs, r -> writes(phase.apply(r).requests(), n))));
  }

  private static void append(StringBuilder text, List<List<String>> rows, int[] widths) {
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        line.append("  ").append(pad(row.get(i), widths[i], i == 0));
      }
      text.append(line.toString().stripTrailing()).append(System.lineSeparator());
    }
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
