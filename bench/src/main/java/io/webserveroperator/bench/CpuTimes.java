package io.webserveroperator.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * CPU time spent by each part of a run (kube-apiserver, etcd, the operator's replicas together, the
 * benchmark's own JVM), read from the operating system. On a shared machine the time a phase takes
 * varies by tens of percent between runs; the CPU it costs per WebServer barely does, so it tells
 * whether the operator did more work or only waited more.
 *
 * @param byPart CPU time by part, in the order the parts were named
 */
public record CpuTimes(Map<String, Duration> byPart) {

  public CpuTimes {
    byPart = Collections.unmodifiableMap(new LinkedHashMap<>(byPart));
  }

  /** The CPU each part's processes have used so far; a process that has ended counts as zero. */
  public static CpuTimes of(Map<String, List<ProcessHandle>> parts) {
    Map<String, Duration> times = new LinkedHashMap<>();
    parts.forEach(
        (part, processes) ->
            times.put(
                part,
                processes.stream()
                    .map(p -> p.info().totalCpuDuration().orElse(Duration.ZERO))
                    .reduce(Duration.ZERO, Duration::plus)));
    return new CpuTimes(times);
  }

  /** Processes grouped by the file name of their command: {@code kube-apiserver}, {@code etcd}. */
  public static Map<String, List<ProcessHandle>> byCommand(List<ProcessHandle> processes) {
    Map<String, List<ProcessHandle>> parts = new LinkedHashMap<>();
    for (ProcessHandle process : processes) {
      String name =
          process.info().command().map(c -> Path.of(c).getFileName().toString()).orElse("?");
      parts.computeIfAbsent(name, n -> new ArrayList<>()).add(process);
    }
    return parts;
  }

  public static CpuTimes none() {
    return new CpuTimes(Map.of());
  }

  /** What was spent since {@code earlier}, part by part. */
  public CpuTimes minus(CpuTimes earlier) {
    Map<String, Duration> spent = new LinkedHashMap<>();
    byPart.forEach(
        (part, time) ->
            spent.put(part, time.minus(earlier.byPart.getOrDefault(part, Duration.ZERO))));
    return new CpuTimes(spent);
  }

  public Duration total() {
    return byPart.values().stream().reduce(Duration.ZERO, Duration::plus);
  }

  /** {@code kube-apiserver 15.0, etcd 2.6, ... = 32.9 ms}: milliseconds per item. */
  public String perItem(int items) {
    StringBuilder text = new StringBuilder();
    byPart.forEach(
        (part, time) ->
            text.append(text.isEmpty() ? "" : ", ")
                .append(part)
                .append(' ')
                .append(millisPer(time, items)));
    return text.append(" = ").append(millisPer(total(), items)).append(" ms").toString();
  }

  private static String millisPer(Duration time, int items) {
    return String.format(Locale.ROOT, "%.1f", items == 0 ? 0.0 : time.toNanos() / 1e6 / items);
  }
}
