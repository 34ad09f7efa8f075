package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.output.Fragment;
import io.webserveroperator.template.output.PrintedValues;

/** A fragment without leading and trailing whitespace, so {@code trim} keeps macro structure. */
record Trimmed(Fragment inner) implements Fragment {

  @Override
  public String emit(PrintedValues slots) {
    return inner.emit(slots).strip();
  }

  @Override
  public String toString() {
    return inner.toString().strip();
  }
}
