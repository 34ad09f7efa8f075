package io.webserveroperator.template.output;

import io.webserveroperator.template.python.LineBreaks;
import io.webserveroperator.template.python.TemplateFailure;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * A value printed within a line of text stays within that line. Under {@code redis.conf: |}, the
 * line {@code maxmemory {{ spec.memory }}} holds a value beside other text: a line break in it
 * would start a line the template did not write, a directive of the user's choosing in the file the
 * scalar holds. YAML keeps the value inside the scalar, but not inside its line, so such a value
 * fails the render, naming its field. The same holds inside a plain or quoted scalar whose text
 * spans lines. A value printed as whole lines ({@code {{ html | indent(4) }}} alone on its line, or
 * after a block scalar's header, as Helm's {@code nindent} does) keeps its lines, and so does one
 * the template prints with {@code | multiline}; a value that is a whole scalar is that scalar.
 *
 * <p>A block scalar is judged by the lines of the text as printed, which its author wrote as lines
 * (YAML folds a {@code >} scalar's only after); a plain or quoted scalar by the lines of its value,
 * as YAML reads them. Line breaks are {@link LineBreaks}'s.
 */
final class InlineValues {

  private InlineValues() {}

  /**
   * Whether the value printed between {@code start} and {@code end} of {@code text} shares its line
   * with other text, before or after it; values elsewhere on the line are read as printed.
   *
   * @param value the value printed there
   * @param afterHeader whether the text before it on its line is a block scalar's header, which a
   *     value that starts with a line break leaves, as {@code nindent} does
   */
  static boolean within(
      String text, int start, int end, int value, PrintedValues slots, boolean afterHeader) {
    if (slots.opensWithOtherText(value)) {
      return true;
    }
    int from = start;
    while (from > 0 && !LineBreaks.isBreak(text.charAt(from - 1))) {
      from--;
    }
    int to = end;
    while (to < text.length() && !LineBreaks.isBreak(text.charAt(to))) {
      to++;
    }
    boolean startsLine = afterHeader || isBlank(slots.resolveText(text.substring(from, start)));
    return !startsLine || !isBlank(slots.resolveText(text.substring(end, to)));
  }

  /** Whether a plain or quoted scalar is text of lines: written over lines, or holding breaks. */
  static boolean overLines(ScalarEvent scalar) {
    if (scalar.getStartMark().getLine() != scalar.getEndMark().getLine()) {
      return true;
    }
    String value = scalar.getValue();
    int from = 0;
    int open;
    while ((open = value.indexOf(PrintedValues.OPEN, from)) >= 0) {
      if (LineBreaks.indexIn(value.substring(from, open)) >= 0) {
        return true;
      }
      from = value.indexOf(PrintedValues.CLOSE, open) + 1;
    }
    return LineBreaks.indexIn(value.substring(from)) >= 0;
  }

  /**
   * The failure for the value {@code index}, printed within a line at template line {@code line}.
   *
   * @param block whether it is a line of a block scalar, else of a plain or quoted one
   */
  static TemplateFailure refusal(PrintedValues slots, int index, boolean block, int line) {
    String value = slots.value(index);
    int at = LineBreaks.indexIn(value);
    return new TemplateFailure(
        slots.describe(index)
            + " has a line break ("
            + LineBreaks.escape(value.charAt(at))
            + (at >= 60 ? " at character " + (at + 1) : "")
            + ") but is printed within a line of "
            + (block ? "a block scalar (| or >)" : "a plain or quoted scalar written over lines")
            + ", beside other text, where it would add a line the template did not write (a"
            + " directive, in a config file). "
            + (slots.comesFromTheResource(index)
                ? "Keep line breaks out of the field with pattern: '"
                    + LineBreaks.CRD_PATTERN
                    + "' in its CRD"
                : "Keep line breaks out of what it is computed from")
            + ", or, where it may span lines, print it with | "
            + MultilineText.FILTER,
        line);
  }

  /** Spaces and tabs only, or nothing. */
  private static boolean isBlank(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) != ' ' && text.charAt(i) != '\t') {
        return false;
      }
    }
    return true;
  }
}
