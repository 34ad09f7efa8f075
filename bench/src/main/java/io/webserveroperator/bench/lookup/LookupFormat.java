package io.webserveroperator.bench.lookup;

import static io.webserveroperator.bench.Figures.perItem;
import static io.webserveroperator.bench.Figures.seconds;
import static io.webserveroperator.bench.Figures.toSeconds;

import io.webserveroperator.bench.Table;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The lookup phase's figures in the printed table and in the JSON tree. */
public final class LookupFormat {

  private LookupFormat() {}

  /** Adds a section for {@code figures} to {@code table}. */
  public static void table(Table table, LookupFigures figures) {
    int n = figures.readers();
    table
        .section(
            String.format(Locale.ROOT, "Lookups: %d WebServers look up one shared ConfigMap", n))
        .row(
            "unrelated ConfigMap edited",
            String.format(
                Locale.ROOT,
                "%d reconciles, %d writes in %s",
                figures.unrelatedReconciles(),
                figures.unrelatedRequests().writes(),
                seconds(figures.unrelatedWindow())))
        .row("shared ConfigMap edited: every Service shows it after", seconds(figures.reachedAll()))
        .row(
            "shared edit: reconciles per WebServer",
            String.format(Locale.ROOT, "%.2f", n == 0 ? 0.0 : (double) figures.reconciles() / n))
        .row("shared edit: requests per WebServer", perItem(figures.requests(), n));
  }

  /** The JSON tree: durations in seconds. */
  public static Map<String, Object> json(LookupFigures figures) {
    Map<String, Object> unrelated = new LinkedHashMap<>();
    unrelated.put("windowSeconds", toSeconds(figures.unrelatedWindow()));
    unrelated.put("reconciles", figures.unrelatedReconciles());
    unrelated.put("requests", figures.unrelatedRequests().byVerb());
    Map<String, Object> shared = new LinkedHashMap<>();
    shared.put("reachedAllSeconds", toSeconds(figures.reachedAll()));
    shared.put("reconciles", figures.reconciles());
    shared.put("requests", figures.requests().byVerb());
    shared.put("writes", figures.requests().writes());
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("readers", figures.readers());
    tree.put("unrelatedEdit", unrelated);
    tree.put("sharedEdit", shared);
    return tree;
  }
}
