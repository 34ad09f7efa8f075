package io.webserveroperator.template;

/** A fragment without leading and trailing whitespace, so {@code trim} keeps macro structure. */
record Trimmed(Fragment inner) implements Fragment {

  @Override
  public String emit(Slots slots) {
    return inner.emit(slots).strip();
  }

  @Override
  public String toString() {
    return inner.toString().strip();
  }
}
