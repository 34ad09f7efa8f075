package io.webserveroperator.template.output;

import io.webserveroperator.template.python.LineBreaks;
import io.webserveroperator.template.python.TemplateFailure;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * Multi-line values printed into YAML block scalars ({@code |} and {@code >}), read as Jinja2's
 * text would be: {@code {{ config | indent(4) }}} under {@code app.yaml: |} gives the config
 * without the four spaces, and Helm's {@code {{- config | nindent(4) }}} after the {@code |} works.
 *
 * <p>A value's lines keep their leading spaces as template text and each line's content becomes a
 * token of its own, so the YAML parser sees the indentation Jinja2's output has but never the
 * content. Where every line of a value lands inside block scalars, that form is used; where none
 * does, the value stays one token, one string, as anywhere else. A value with some lines inside a
 * block scalar and some outside would end the scalar and, in Jinja2, become YAML: that is an error.
 *
 * <p>The same reading finds where each value with a line break landed, for {@link InlineValues},
 * which refuses one printed within a line, before any value is written by lines.
 */
final class BlockScalars {

  private final SourceLines rendered;
  private final String text;
  private final PrintedValues slots;
  private final Map<Integer, String> byLine = new HashMap<>();

  private BlockScalars(SourceLines rendered, PrintedValues slots) {
    this.rendered = rendered;
    this.text = rendered.text();
    this.slots = slots;
  }

  /** The rendered {@code text}, multi-line values inside block scalars written line by line. */
  static String embed(SourceLines rendered, PrintedValues slots) {
    return slots.printedMultiline() || !slots.inline().isEmpty()
        ? new BlockScalars(rendered, slots).embed()
        : rendered.text();
  }

  private String embed() {
    Landings printed;
    try {
      printed = landings(text);
    } catch (YAMLException notYaml) {
      return embedAfterHeaders();
    }
    refuseInline(printed, text, Map.of());
    List<Integer> inBlocks = inTextOrder(printed.placed(Placement.BLOCK));
    if (inBlocks.isEmpty()) {
      return text;
    }
    String byLines =
        rewrite(
            value -> inBlocks.contains(value) ? lines(value) : PrintedValues.token(value), null);
    leaving(byLines, inBlocks)
        .ifPresent(
            value -> {
              throw leavesTheScalar(value);
            });
    return byLines;
  }

  /**
   * Text that is not YAML as printed, such as a value printed right after a {@code |}, as Helm's
   * {@code {{- x | nindent(4) }}} does: every multi-line value written by lines, then each kept so
   * only where all its lines landed in block scalars.
   */
  private String embedAfterHeaders() {
    Map<Integer, Placement> placements;
    try {
      placements = landings(rewrite(this::lines, null)).placements();
    } catch (YAMLException notYaml) {
      return text; // the parse of the text as printed reports the error
    }
    Map<Integer, List<Integer>> starts = new HashMap<>();
    String byLines =
        rewrite(
            value ->
                placements.get(value) == Placement.BLOCK
                    ? lines(value)
                    : PrintedValues.token(value),
            starts);
    if (!slots.inline().isEmpty()) {
      try {
        refuseInline(landings(byLines), byLines, starts);
      } catch (YAMLException notYaml) {
        // a value printed whole on a header: its lines leave the scalar, as found next
      }
    }
    placements.forEach(
        (value, placement) -> {
          if (placement == Placement.BOTH) {
            throw leavesTheScalar(value);
          }
        });
    return byLines;
  }

  /**
   * Fails on the first value, in the order of the text, that has a line break and is printed within
   * a line ({@link InlineValues}).
   *
   * @param output the text {@code landings} read: the text as printed, or with values by lines
   * @param starts where each occurrence of a value written by lines starts in {@code output}
   */
  private void refuseInline(Landings landings, String output, Map<Integer, List<Integer>> starts) {
    int first = -1;
    int at = Integer.MAX_VALUE;
    boolean block = false;
    for (int value = landings.inline().nextSetBit(0);
        value >= 0;
        value = landings.inline().nextSetBit(value + 1)) {
      int where = text.indexOf(PrintedValues.token(value));
      if (where >= 0 && where < at) {
        first = value;
        at = where;
        block = false;
      }
    }
    for (int value = landings.inBlocks().nextSetBit(0);
        value >= 0;
        value = landings.inBlocks().nextSetBit(value + 1)) {
      String token = PrintedValues.token(value);
      boolean opensLines = LineBreaks.isBreak(slots.value(value).charAt(0));
      List<Integer> lineStarts = starts.getOrDefault(value, List.of());
      int occurrence = 0;
      for (int where = text.indexOf(token);
          where >= 0 && where < at;
          where = text.indexOf(token, where + 1), occurrence++) {
        boolean afterHeader =
            opensLines
                && occurrence < lineStarts.size()
                && landings.headers().contains(yamlLine(output, lineStarts.get(occurrence)));
        if (InlineValues.within(text, where, where + token.length(), value, slots, afterHeader)) {
          first = value;
          at = where;
          block = true;
        }
      }
    }
    if (first >= 0) {
      throw InlineValues.refusal(slots, first, block, rendered.lineAt(at));
    }
  }

  /** The 0-based line of {@code offset} in {@code yaml}, counted as the YAML parser counts. */
  private static int yamlLine(String yaml, int offset) {
    int line = 0;
    for (int i = 0; i < offset; i++) {
      char c = yaml.charAt(i);
      if (c == '\n'
          || (c == '\r' && (i + 1 == yaml.length() || yaml.charAt(i + 1) != '\n'))
          || c == '\u0085'
          || c == '\u2028'
          || c == '\u2029') {
        line++;
      }
    }
    return line;
  }

  /**
   * The value, of those written by lines, whose lines leave the block scalar; where the text no
   * longer reads as YAML at all, the one that does that written by lines alone, so that the error
   * names the value that broke the text and not another one printed beside it.
   */
  private Optional<Integer> leaving(String byLines, List<Integer> inBlocks) {
    try {
      Map<Integer, Placement> placements = landings(byLines).placements();
      return inBlocks.stream()
          .filter(value -> placements.get(value) != Placement.BLOCK)
          .findFirst();
    } catch (YAMLException broken) {
      for (int value : inBlocks) {
        String alone =
            rewrite(each -> each == value ? lines(each) : PrintedValues.token(each), null);
        try {
          if (landings(alone).placements().get(value) != Placement.BLOCK) {
            return Optional.of(value);
          }
        } catch (YAMLException brokenByThisOne) {
          return Optional.of(value);
        }
      }
      return Optional.of(inBlocks.get(0)); // only together do they break it
    }
  }

  private TemplateFailure leavesTheScalar(int value) {
    return new TemplateFailure(
        slots.describe(value)
            + " has lines indented less than the block scalar (| or >) it is printed into, so"
            + " they would end the scalar and become YAML; indent every line of it as deep as the"
            + " scalar's, for example with indent(n)",
        rendered.lineAt(text.indexOf(PrintedValues.token(value))));
  }

  /** The values, by their first place in the text. */
  private List<Integer> inTextOrder(Set<Integer> values) {
    List<Integer> ordered = new ArrayList<>(values);
    ordered.sort(Comparator.comparingInt(value -> text.indexOf(PrintedValues.token(value))));
    return ordered;
  }

  private String lines(int value) {
    return byLine.computeIfAbsent(value, this::byLines);
  }

  /**
   * The text with each multi-line value's token replaced by {@code replacement}; where each
   * occurrence of a value written by lines starts in it goes into {@code starts}, when given.
   */
  private String rewrite(IntFunction<String> replacement, Map<Integer, List<Integer>> starts) {
    StringBuilder out = new StringBuilder(text.length() + 64);
    int from = 0;
    int open;
    while ((open = text.indexOf(PrintedValues.OPEN, from)) >= 0) {
      int close = text.indexOf(PrintedValues.CLOSE, open);
      int value = slots.index(text, open, close);
      out.append(text, from, open);
      if (slots.multilineValue(value).isPresent()) {
        String written = replacement.apply(value);
        if (starts != null && !written.equals(PrintedValues.token(value))) {
          starts.computeIfAbsent(value, v -> new ArrayList<>()).add(out.length());
        }
        out.append(written);
      } else {
        out.append(text, open, close + 1);
      }
      from = close + 1;
    }
    return out.append(text, from, text.length()).toString();
  }

  /**
   * The value's lines: leading spaces as text, content as tokens; the first line too where the
   * value starts a line of the text (as {@code indent(first=true)} does).
   */
  private String byLines(int value) {
    String[] parts = slots.multilineValue(value).orElseThrow().split("\n", -1);
    int at = text.indexOf(PrintedValues.token(value));
    boolean startsLine = at == 0 || (at > 0 && text.charAt(at - 1) == '\n');
    StringBuilder out = new StringBuilder();
    boolean placed = false;
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i];
      int content = 0;
      if (i > 0) {
        out.append('\n');
      }
      if (i > 0 || startsLine) {
        while (content < part.length() && part.charAt(content) == ' ') {
          content++;
        }
        out.append(part, 0, content);
      }
      if (content < part.length()) {
        out.append(slots.putPiece(part.substring(content), value));
        placed = true;
      }
    }
    // A value of blank lines gets an empty token where it starts, so that where it went shows.
    return placed ? out.toString() : slots.putPiece("", value) + out;
  }

  /**
   * Where the printed values landed in {@code yaml}.
   *
   * @param placements where each multi-line value, printed whole or by lines, landed
   * @param inBlocks the values to keep within their lines ({@link PrintedValues#inline}) that
   *     landed in a block scalar
   * @param inline those that landed within a line of a plain or quoted scalar over several lines
   * @param headers the 0-based lines of the block scalars' headers ({@code key: |})
   */
  private record Landings(
      Map<Integer, Placement> placements, BitSet inBlocks, BitSet inline, Set<Integer> headers) {

    Set<Integer> placed(Placement placement) {
      Set<Integer> values = new HashSet<>();
      placements.forEach(
          (value, where) -> {
            if (where == placement) {
              values.add(value);
            }
          });
      return values;
    }
  }

  private Landings landings(String yaml) {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(Integer.MAX_VALUE);
    Landings landings = new Landings(new HashMap<>(), new BitSet(), new BitSet(), new HashSet<>());
    BitSet inline = slots.inline();
    for (Event event : new Yaml(options).parse(new StringReader(yaml))) {
      if (!(event instanceof ScalarEvent scalar)
          || scalar.getValue().indexOf(PrintedValues.OPEN) < 0) {
        continue;
      }
      boolean block =
          scalar.getScalarStyle() == ScalarStyle.LITERAL
              || scalar.getScalarStyle() == ScalarStyle.FOLDED;
      if (block) {
        landings.headers().add(scalar.getStartMark().getLine());
      }
      boolean overLines = !block && InlineValues.overLines(scalar);
      String value = scalar.getValue();
      int open;
      int from = 0;
      while ((open = value.indexOf(PrintedValues.OPEN, from)) >= 0) {
        int close = value.indexOf(PrintedValues.CLOSE, open);
        int owner = slots.owner(slots.index(value, open, close));
        if (slots.multilineValue(owner).isPresent()) {
          landings
              .placements()
              .merge(owner, block ? Placement.BLOCK : Placement.OUTSIDE, Placement::and);
        }
        if (inline.get(owner)) {
          if (block) {
            landings.inBlocks().set(owner);
          } else if (overLines
              && InlineValues.within(value, open, close + 1, owner, slots, false)) {
            landings.inline().set(owner);
          }
        }
        from = close + 1;
      }
    }
    return landings;
  }

  /** Where a value or its lines went. */
  private enum Placement {
    BLOCK,
    OUTSIDE,
    BOTH;

    Placement and(Placement other) {
      return this == other ? this : BOTH;
    }
  }
}
