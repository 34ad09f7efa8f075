package io.webserveroperator.template.output;

import io.webserveroperator.template.python.TemplateFailure;
import java.io.StringReader;
import java.util.BitSet;
import java.util.Set;
import java.util.function.IntConsumer;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * Computed text at the edge of a plain scalar, read as Jinja2's output is read there. YAML drops
 * the spaces and tabs around a plain scalar, so {@code v: {{ ' x ' }}} and xmlattr's leading space
 * go; the same text quoted or inside a block scalar keeps them. A plain scalar that is exactly
 * {@code y}, {@code Y}, {@code n} or {@code N} is a boolean to kubectl's YAML 1.1 reader and a
 * string to YAML 1.2 readers, so Jinja2's output means two things: the render fails. A string of
 * the resource is never changed (values are data).
 */
final class PlainScalars {

  private static final Set<String> YAML11_BOOLEANS = Set.of("y", "Y", "n", "N");

  private PlainScalars() {}

  /** Whether computed {@code text} may read otherwise at the edge of a plain scalar. */
  static boolean concerns(String text) {
    if (text.isEmpty() || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
      return false; // multi-line values are BlockScalars' part
    }
    return isSpace(text.charAt(0))
        || isSpace(text.charAt(text.length() - 1))
        || YAML11_BOOLEANS.contains(text);
  }

  /**
   * Strips the computed values of {@code slots} that start or end a plain scalar of {@code text}.
   *
   * @throws TemplateFailure when such a value is a whole plain scalar that YAML 1.1 reads as a
   *     boolean, or when one value is printed both at a plain scalar's edge and elsewhere
   */
  static void read(String text, SourceLines rendered, PrintedValues slots) {
    Output output = new Output(text, rendered, slots);
    BitSet concerned = slots.plainEdges();
    BitSet leading = new BitSet();
    BitSet trailing = new BitSet();
    BitSet elsewhere = new BitSet();
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(Integer.MAX_VALUE);
    try {
      for (Event event : new Yaml(options).parse(new StringReader(text))) {
        if (event instanceof ScalarEvent scalar
            && scalar.getValue().indexOf(PrintedValues.OPEN) >= 0) {
          String value = scalar.getValue();
          boolean plain = scalar.getScalarStyle() == ScalarStyle.PLAIN;
          int first =
              value.charAt(0) == PrintedValues.OPEN
                  ? slots.index(value, 0, value.indexOf(PrintedValues.CLOSE))
                  : -1;
          int last =
              value.charAt(value.length() - 1) == PrintedValues.CLOSE
                  ? slots.index(value, value.lastIndexOf(PrintedValues.OPEN), value.length() - 1)
                  : -1;
          if (plain && first >= 0 && first == last && concerned.get(first)) {
            refuseYaml11Boolean(output, first);
          }
          forEachToken(
              value,
              slots,
              index -> {
                if (concerned.get(index)) {
                  boolean edge = plain && (index == first || index == last);
                  (edge ? (index == first ? leading : trailing) : elsewhere).set(index);
                  if (edge && index == first && index == last) {
                    trailing.set(index);
                  }
                }
              });
        }
      }
    } catch (YAMLException notYaml) {
      return; // the reader that follows reports it, naming the line
    }
    BitSet twice = (BitSet) elsewhere.clone();
    BitSet edges = (BitSet) leading.clone();
    edges.or(trailing);
    twice.and(edges);
    if (!twice.isEmpty()) {
      throw new TemplateFailure(
          "the printed value "
              + slots.quoted(twice.nextSetBit(0))
              + " lands both at the edge of a plain YAML scalar, where Jinja2's output loses its"
              + " spaces, and elsewhere, where it keeps them; print it once, or strip it with"
              + " | trim");
    }
    leading.stream().forEach(index -> refuseIndentation(output, index));
    edges.stream().forEach(index -> refuseTab(output, index));
    edges.stream()
        .forEach(
            index ->
                slots.restate(
                    index, strip(slots.value(index), leading.get(index), trailing.get(index))));
  }

  /**
   * Spaces a value starts a line with are that line's indentation in Jinja2's output, not the
   * scalar's: the structure could differ, so the render fails.
   */
  private static void refuseIndentation(Output output, int index) {
    String value = output.slots().value(index);
    String text = output.text();
    int at = text.indexOf(PrintedValues.token(index));
    int lineStart = text.lastIndexOf('\n', at - 1) + 1;
    if (isSpace(value.charAt(0)) && text.substring(lineStart, at).isBlank()) {
      throw refusal(
          output,
          index,
          value,
          " starts a line with spaces, which are that line's indentation in Jinja2's"
              + " output; strip it with | trim, or indent the line in the template");
    }
  }

  /** The failure for the printed value {@code index}, {@code shown}, at its template line. */
  private static TemplateFailure refusal(Output output, int index, String shown, String why) {
    return new TemplateFailure(
        "the printed value " + output.slots().quoted(index, shown) + why,
        templateLine(output, index));
  }

  /** The text being read, where it came from, and its printed values. */
  private record Output(String text, SourceLines rendered, PrintedValues slots) {}

  /** The template line that printed the value {@code index}. */
  private static int templateLine(Output output, int index) {
    String text = output.text();
    int at = text.indexOf(PrintedValues.token(index));
    int line = 1 + (int) text.chars().limit(at).filter(c -> c == '\n').count();
    return OutputParser.templateLine(
        text, output.rendered(), line, at - text.lastIndexOf('\n', at - 1));
  }

  private static void refuseYaml11Boolean(Output output, int index) {
    String value = strip(output.slots().value(index), true, true);
    if (YAML11_BOOLEANS.contains(value)) {
      throw refusal(
          output,
          index,
          value,
          " is a boolean to kubectl (YAML 1.1) but a string to YAML 1.2, so Jinja2's output"
              + " means two things; quote it (\"{{ ... }}\") for the string, or print true or"
              + " false");
    }
  }

  /** A tab around a plain scalar: YAML readers disagree on it (SnakeYAML fails after a key). */
  private static void refuseTab(Output output, int index) {
    String value = output.slots().value(index);
    if (value.charAt(0) == '\t' || value.charAt(value.length() - 1) == '\t') {
      throw refusal(
          output,
          index,
          value,
          " has a tab at the edge of a plain YAML scalar, which YAML readers do not read"
              + " alike; strip it with | trim, or quote the field");
    }
  }

  private static void forEachToken(String value, PrintedValues slots, IntConsumer each) {
    int open;
    int from = 0;
    while ((open = value.indexOf(PrintedValues.OPEN, from)) >= 0) {
      int close = value.indexOf(PrintedValues.CLOSE, open);
      each.accept(slots.index(value, open, close));
      from = close + 1;
    }
  }

  /** YAML's white space around a plain scalar: spaces and tabs. */
  private static String strip(String text, boolean leading, boolean trailing) {
    int start = 0;
    int end = text.length();
    while (leading && start < end && isSpace(text.charAt(start))) {
      start++;
    }
    while (trailing && end > start && isSpace(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(start, end);
  }

  private static boolean isSpace(char c) {
    return c == ' ' || c == '\t';
  }
}
