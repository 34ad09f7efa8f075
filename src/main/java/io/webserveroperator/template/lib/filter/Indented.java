package io.webserveroperator.template.lib.filter;

import io.webserveroperator.template.output.Fragment;
import io.webserveroperator.template.output.PrintedValues;
import io.webserveroperator.template.python.OutputBudget;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;

/**
 * A fragment indented as Jinja2's {@code indent} filter does, optionally after a newline (Helm's
 * {@code nindent}).
 *
 * @param pad the text put before each indented line
 */
record Indented(Fragment inner, String pad, boolean first, boolean blank, boolean newline)
    implements Fragment {

  @Override
  public String emit(PrintedValues slots) {
    return apply(inner.emit(slots));
  }

  @Override
  public String toString() {
    return apply(inner.toString());
  }

  private String apply(String text) {
    String indented = indent(newline ? "nindent" : "indent", text, pad, first, blank);
    return newline ? "\n" + indented : indented;
  }

  /**
   * Jinja2's {@code width}: a string is the indentation itself, a number that many spaces. Refused
   * before it is built when it is longer than a template may build at once.
   */
  static String pad(String filter, Object width) {
    if (width instanceof CharSequence text) {
      return text.toString();
    }
    if (!(width instanceof Number || width instanceof Boolean)) {
      throw new TemplateFailure(
          filter + "'s width must be a number or a string, not " + TypeNames.python(width));
    }
    long spaces = width instanceof Number n ? n.longValue() : (Boolean) width ? 1 : 0;
    OutputBudget.refuseLarger(filter, spaces);
    return " ".repeat((int) Math.max(0, spaces));
  }

  /**
   * Jinja2 3.1's {@code indent}: lines after the first, blank lines only when asked. Refused before
   * it is built when the indentation asks for more text than a template may build at once.
   */
  static String indent(String filter, String text, String pad, boolean first, boolean blank) {
    String[] lines = (text + "\n").split("\r?\n", -1);
    // Python's splitlines drops the piece after the final newline; so does this.
    int count = lines.length - 1;
    OutputBudget.refuseLarger(filter, text.length() + (long) count * pad.length());
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
