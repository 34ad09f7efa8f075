package io.webserveroperator.template;

/**
 * A fragment indented as Jinja2's {@code indent} filter does, optionally after a newline (Helm's
 * {@code nindent}).
 */
record Indented(Fragment inner, int width, boolean first, boolean blank, boolean newline)
    implements Fragment {

  @Override
  public String emit(Slots slots) {
    return apply(inner.emit(slots));
  }

  @Override
  public String toString() {
    return apply(inner.toString());
  }

  private String apply(String text) {
    String indented = indent(newline ? "nindent" : "indent", text, width, first, blank);
    return newline ? "\n" + indented : indented;
  }

  /**
   * Jinja2 3.1's {@code indent}: lines after the first, blank lines only when asked. Refused before
   * it is built when the width asks for more text than a template may build at once.
   */
  static String indent(String filter, String text, int width, boolean first, boolean blank) {
    String[] lines = (text + "\n").split("\r?\n", -1);
    // Python's splitlines drops the piece after the final newline; so does this.
    int count = lines.length - 1;
    TextBudget.refuseLarger(filter, text.length() + (long) count * Math.max(0, width));
    String pad = " ".repeat(Math.max(0, width));
    StringBuilder out = new StringBuilder(text.length() + count * pad.length());
    for (int i = 0; i < count; i++) {
      String line = lines[i];
      if (i > 0) {
        out.append('\n');
        if (blank || !line.isEmpty()) {
          out.append(pad);
        }
      }
      out.append(line);
    }
    return first ? pad + out : out.toString();
  }
}
