package io.webserveroperator.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table of figures: a title row per section, then label and value columns aligned, as
 * {@code bench scale} prints them.
 */
public final class Table {

  private record Row(String label, String value, boolean section) {}

  private final List<Row> rows = new ArrayList<>();

  /** Starts a section with a title line. */
  public Table section(String title) {
    rows.add(new Row(title, "", true));
    return this;
  }

  /** Adds one figure. */
  public Table row(String label, String value) {
    rows.add(new Row(label, value, false));
    return this;
  }

  /** The table, one line per row, labels padded to the widest one. */
  public String render() {
    int width =
        rows.stream().filter(r -> !r.section()).mapToInt(r -> r.label().length()).max().orElse(0);
    StringBuilder out = new StringBuilder();
    for (Row row : rows) {
      if (row.section()) {
        out.append(row.label()).append('\n');
      } else {
        out.append("  ")
            .append(row.label())
            .append(" ".repeat(width - row.label().length()))
            .append("  ")
            .append(row.value())
            .append('\n');
      }
    }
    return out.toString();
  }
}
