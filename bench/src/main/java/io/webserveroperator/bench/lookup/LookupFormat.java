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
    LookupFigures.Edit unrelated = figures.unrelated();
    LookupFigures.Edit shared = figures.shared();
    table
        .section(
            String.format(Locale.ROOT, "Lookups: %d WebServers look up one shared ConfigMap", n))
        .row(
            "unrelated ConfigMap edited",
            String.format(
                Locale.ROOT,
                "%d requeued, %d writes in %s (%d reconciles: resyncs)",
                unrelated.requeues(),
                unrelated.requests().writes(),
                seconds(unrelated.window()),
                unrelated.reconciles()))
        .row(
            "shared ConfigMap edited: requeued",
            String.format(Locale.ROOT, "%d of %d", shared.requeues(), n))
        .row("shared edit: every Service shows it after", seconds(figures.reachedAll()))
        .row("shared edit: requests per WebServer", perItem(shared.requests(), n))
        .row(
            "shared edit: reconciles per WebServer",
            String.format(
                Locale.ROOT,
                "%.2f in %s, resyncs included",
                n == 0 ? 0.0 : (double) shared.reconciles() / n,
                seconds(shared.window())));
  }

  /** The JSON tree: durations in seconds. */
  public static Map<String, Object> json(LookupFigures figures) {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("readers", figures.readers());
    tree.put("unrelatedEdit", edit(figures.unrelated()));
    Map<String, Object> shared = edit(figures.shared());
    shared.put("reachedAllSeconds", toSeconds(figures.reachedAll()));
    tree.put("sharedEdit", shared);
    return tree;
  }

  private static Map<String, Object> edit(LookupFigures.Edit edit) {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("windowSeconds", toSeconds(edit.window()));
    tree.put("requeues", edit.requeues());
    tree.put("reconciles", edit.reconciles());
    tree.put("requests", edit.requests().byVerb());
    tree.put("writes", edit.requests().writes());
    return tree;
  }
}
