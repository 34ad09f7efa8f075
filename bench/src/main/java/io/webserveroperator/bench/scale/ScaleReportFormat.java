package io.webserveroperator.bench.scale;

import static io.webserveroperator.bench.Figures.mib;
import static io.webserveroperator.bench.Figures.millis;
import static io.webserveroperator.bench.Figures.perItem;
import static io.webserveroperator.bench.Figures.seconds;
import static io.webserveroperator.bench.Figures.toSeconds;

import io.webserveroperator.bench.ChangeFigures;
import io.webserveroperator.bench.CpuTimes;
import io.webserveroperator.bench.MemoryFigures;
import io.webserveroperator.bench.ReplicaFigures;
import io.webserveroperator.bench.Table;
import io.webserveroperator.bench.edit.TemplateEditFormat;
import io.webserveroperator.bench.lookup.LookupFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link ScaleReport} as the printed table and as the JSON tree, with the same figures; memory is
 * per replica ({@code operatorMemory} is a list), requests are summed over the replicas.
 */
public final class ScaleReportFormat {

  private ScaleReportFormat() {}

  /** The table {@code bench scale} prints. */
  public static String table(ScaleReport report) {
    int n = report.count();
    Table table = new Table();
    table.section(
        String.format(
            Locale.ROOT,
            "Create %d WebServers at once (%d threads; operator: %s with %d workers each)%s",
            n,
            report.concurrency(),
            report.replicas() == 1 ? "1 replica" : report.replicas() + " replicas, --shards auto",
            report.workers(),
            report.warmUp() == 0 ? "" : ", after " + report.warmUp() + " each to warm up"));
    table
        .row("operator: all settled in", seconds(report.operator().elapsed()))
        .row("operator: requests per WebServer", perItem(report.operator().requests(), n))
        .row(
            "operator: reconciles per WebServer",
            String.format(
                    Locale.ROOT, "%.2f", n == 0 ? 0.0 : (double) report.operatorReconciles() / n)
                + resyncsIncluded(report))
        .row("minimal client: all settled in", seconds(report.minimal().elapsed()))
        .row("minimal client: last answer after", seconds(report.minimalLastAnswer()))
        .row("minimal client: requests per WebServer", perItem(report.minimal().requests(), n))
        .row("time ratio operator/minimal", String.format(Locale.ROOT, "%.2f", report.timeRatio()))
        .row(
            "time ratio to minimal's last answer",
            String.format(Locale.ROOT, "%.2f", report.timeRatioToLastAnswer()))
        .row("CPU per WebServer, operator phase", report.operator().cpu().perItem(n))
        .row("CPU per WebServer, minimal phase", report.minimal().cpu().perItem(n))
        .row("CPU ratio operator/minimal", String.format(Locale.ROOT, "%.2f", report.cpuRatio()))
        .row(
            "write ratio operator/minimal",
            String.format(
                Locale.ROOT,
                "%.2f with Events, %.2f without (%d Events)",
                report.writeRatio(),
                report.writeRatioWithoutEvents(),
                report.eventWrites()));
    table
        .section(
            String.format(
                Locale.ROOT,
                "Steady state: %s quiet, resync every %s",
                seconds(report.quiet()),
                seconds(report.resync())))
        .row("operator requests", report.steady().total() + " " + report.steady())
        .row("operator writes", Long.toString(report.steady().writes()))
        .row(
            "operator requests on Leases",
            report.steadyLeases().total() + " " + report.steadyLeases());
    ChangeFigures changes = report.changes();
    table
        .section(
            String.format(
                Locale.ROOT,
                "Spec change to Deployment updated, %d changes/s (before the minimal client's"
                    + " phase: the API server holds the operator's objects alone)",
                report.rate()))
        .row(
            "changes sent / seen / refused",
            changes.sent() + " / " + changes.seen() + " / " + changes.failed())
        .row("latency p50", millis(changes.latency().p50()))
        .row("latency p99", millis(changes.latency().p99()))
        .row("latency max", millis(changes.latency().max()))
        .row("operator requests per change", perItem(report.changeRequests(), changes.sent()))
        .row("CPU per change", report.changeCpu().perItem(changes.sent()));
    table.section(
        "Operator memory, " + n + " WebServers, " + String.join(" ", report.operatorJvm()));
    List<ReplicaFigures> replicas = report.replicaFigures();
    for (int i = 0; i < replicas.size(); i++) {
      MemoryFigures memory = replicas.get(i).memory();
      String replica =
          replicas.size() == 1
              ? ""
              : "replica " + (i + 1) + (replicas.get(i).assignsShards() ? " (leader)" : "") + ": ";
      table
          .row(replica + "heap after full GC", mib(memory.heapAfterGc()))
          .row(replica + "RSS (VmRSS)", mib(memory.rss()))
          .row(replica + "peak RSS (VmHWM)", mib(memory.peakRss()));
    }
    report.lookups().ifPresent(lookups -> LookupFormat.table(table, lookups));
    report.templateEdits().forEach(edit -> TemplateEditFormat.table(table, edit));
    return table.render();
  }

  /** The JSON tree written to {@code --json}: durations in seconds, memory in bytes. */
  public static Map<String, Object> json(ScaleReport report) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("count", report.count());
    root.put("warmUp", report.warmUp());
    root.put("concurrency", report.concurrency());
    root.put("workers", report.workers());
    root.put("replicas", report.replicas());
    root.put("controlPlane", "etcd + kube-apiserver");
    root.put("operatorJvm", report.operatorJvm());
    Map<String, Object> operator = phase(report.operator(), report.count());
    operator.put("reconciles", report.operatorReconciles());
    root.put("operator", operator);
    Map<String, Object> minimal = phase(report.minimal(), report.count());
    minimal.put("lastAnswerSeconds", toSeconds(report.minimalLastAnswer()));
    root.put("minimal", minimal);
    Map<String, Object> ratio = new LinkedHashMap<>();
    ratio.put("withEvents", report.writeRatio());
    ratio.put("withoutEvents", report.writeRatioWithoutEvents());
    ratio.put("events", report.eventWrites());
    root.put("writeRatio", ratio);
    root.put("timeRatio", report.timeRatio());
    root.put("timeRatioToLastAnswer", report.timeRatioToLastAnswer());
    root.put("cpuRatio", report.cpuRatio());
    Map<String, Object> steady = new LinkedHashMap<>();
    steady.put("quietSeconds", toSeconds(report.quiet()));
    steady.put("resyncSeconds", toSeconds(report.resync()));
    steady.put("requests", report.steady().byVerb());
    steady.put("writes", report.steady().writes());
    steady.put("leaseRequests", report.steadyLeases().byVerb());
    root.put("steadyState", steady);
    ChangeFigures changes = report.changes();
    Map<String, Object> latency = new LinkedHashMap<>();
    latency.put("ratePerSecond", report.rate());
    latency.put("sent", changes.sent());
    latency.put("seen", changes.seen());
    latency.put("refused", changes.failed());
    latency.put("p50Seconds", toSeconds(changes.latency().p50()));
    latency.put("p99Seconds", toSeconds(changes.latency().p99()));
    latency.put("maxSeconds", toSeconds(changes.latency().max()));
    latency.put("operatorRequests", report.changeRequests().byVerb());
    latency.put("cpuSeconds", cpuSeconds(report.changeCpu()));
    root.put("changeLatency", latency);
    List<Map<String, Object>> memory = new ArrayList<>();
    for (ReplicaFigures replica : report.replicaFigures()) {
      Map<String, Object> figures = new LinkedHashMap<>();
      figures.put("assignsShards", replica.assignsShards());
      figures.put("heapAfterGcBytes", replica.memory().heapAfterGc());
      figures.put("rssBytes", replica.memory().rss());
      figures.put("peakRssBytes", replica.memory().peakRss());
      memory.add(figures);
    }
    root.put("operatorMemory", memory);
    report.lookups().ifPresent(lookups -> root.put("lookups", LookupFormat.json(lookups)));
    if (!report.templateEdits().isEmpty()) {
      root.put("templateEdits", TemplateEditFormat.json(report.templateEdits()));
    }
    return root;
  }

  private static Map<String, Object> phase(ScaleReport.Phase phase, int count) {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("seconds", toSeconds(phase.elapsed()));
    tree.put("requests", phase.requests().byVerb());
    tree.put("writes", phase.requests().writes());
    tree.put("requestsPerWebServer", phase.requests().per(count));
    tree.put("cpuSeconds", cpuSeconds(phase.cpu()));
    return tree;
  }

  private static Map<String, Object> cpuSeconds(CpuTimes times) {
    Map<String, Object> cpu = new LinkedHashMap<>();
    times.byPart().forEach((part, time) -> cpu.put(part, toSeconds(time)));
    return cpu;
  }

  /**
   * A resync reconciles every WebServer once more; whether one, two or none fall into the settling
   * depends on when the operator started, so the count is only comparable with them named.
   */
  private static String resyncsIncluded(ScaleReport report) {
    return report.resync().compareTo(report.operator().elapsed()) < 0
        ? " (resyncs every " + seconds(report.resync()) + " included; --resync 10h counts none)"
        : "";
  }
}
