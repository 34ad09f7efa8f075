package io.webserveroperator.bench;

import io.webserveroperator.testing.RequestCounts;
import java.time.Duration;
import java.util.Locale;

/** How the benchmarks print a figure: seconds, milliseconds, MiB, requests per WebServer. */
public final class Figures {

  private static final double MIB = 1024.0 * 1024.0;

  private Figures() {}

  /** {@code 4.00 writes, create 1.00, patch 3.00}: requests per item, writes first. */
  public static String perItem(RequestCounts requests, int items) {
    StringBuilder text =
        new StringBuilder(
            String.format(
                Locale.ROOT, "%.2f writes", items == 0 ? 0.0 : (double) requests.writes() / items));
    requests
        .per(items)
        .forEach(
            (verb, ratio) -> text.append(String.format(Locale.ROOT, ", %s %.2f", verb, ratio)));
    return text.toString();
  }

  public static String seconds(Duration duration) {
    return String.format(Locale.ROOT, "%.1f s", toSeconds(duration));
  }

  public static String millis(Duration duration) {
    return String.format(Locale.ROOT, "%.0f ms", duration.toNanos() / 1e6);
  }

  /** Bytes in MiB; {@code n/a} for a negative count, which means not measured. */
  public static String mib(long bytes) {
    return bytes < 0 ? "n/a" : String.format(Locale.ROOT, "%.0f MiB", bytes / MIB);
  }

  /** Seconds to the millisecond, as the JSON gives them. */
  public static double toSeconds(Duration duration) {
    return Math.round(duration.toNanos() / 1e6) / 1000.0;
  }
}
