package io.webserveroperator.template.output;

import io.webserveroperator.template.python.TemplateFailure;
import java.io.StringReader;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
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
 */
final class BlockScalars {

  private final SourceLines rendered;
  private final String text;
  private final PrintedValues slots;
  private final Map<Integer, String> byLine = new HashMap<>();
  private final Map<Integer, Integer> owners = new HashMap<>();

  private BlockScalars(SourceLines rendered, PrintedValues slots) {
    this.rendered = rendered;
    this.text = rendered.text();
    this.slots = slots;
  }

  /** The rendered {@code text}, multi-line values inside block scalars written line by line. */
  static String embed(SourceLines rendered, PrintedValues slots) {
    return slots.printedMultiline() ? new BlockScalars(rendered, slots).embed() : rendered.text();
  }

  private String embed() {
    Map<Integer, Placement> printed;
    try {
      printed = placements(text);
    } catch (YAMLException notYaml) {
      return embedAfterHeaders();
    }
    Set<Integer> inBlocks = new HashSet<>();
    printed.forEach(
        (value, placement) -> {
          if (placement == Placement.BLOCK) {
            inBlocks.add(value);
          }
        });
    if (inBlocks.isEmpty()) {
      return text;
    }
    String byLines =
        rewrite(value -> inBlocks.contains(value) ? lines(value) : PrintedValues.token(value));
    Map<Integer, Placement> placements;
    try {
      placements = placements(byLines);
    } catch (YAMLException brokenByLines) {
      placements = Map.of();
    }
    for (int value : inBlocks) {
      if (placements.get(value) != Placement.BLOCK) {
        throw leavesTheScalar(value);
      }
    }
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
      placements = placements(rewrite(this::lines));
    } catch (YAMLException notYaml) {
      return text; // the parse of the text as printed reports the error
    }
    placements.forEach(
        (value, placement) -> {
          if (placement == Placement.BOTH) {
            throw leavesTheScalar(value);
          }
        });
    return rewrite(
        value ->
            placements.get(value) == Placement.BLOCK ? lines(value) : PrintedValues.token(value));
  }

  private TemplateFailure leavesTheScalar(int value) {
    return new TemplateFailure(
        "a printed value has lines indented less than the block scalar (| or >) it is printed"
            + " into, so they would end the scalar and become YAML; indent the value as deep as"
            + " the scalar's first line, for example with indent(n): "
            + PrintedValues.excerpt(slots.multilineValue(value).orElseThrow()),
        rendered.lineAt(text.indexOf(PrintedValues.token(value))));
  }

  private String lines(int value) {
    return byLine.computeIfAbsent(value, this::byLines);
  }

  /** The text with each multi-line value's token replaced by {@code replacement}. */
  private String rewrite(IntFunction<String> replacement) {
    StringBuilder out = new StringBuilder(text.length() + 64);
    int from = 0;
    int open;
    while ((open = text.indexOf(PrintedValues.OPEN, from)) >= 0) {
      int close = text.indexOf(PrintedValues.CLOSE, open);
      int value = slots.index(text, open, close);
      out.append(text, from, open);
      if (slots.multilineValue(value).isPresent()) {
        out.append(replacement.apply(value));
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
        out.append(piece(value, part.substring(content)));
        placed = true;
      }
    }
    // A value of blank lines gets an empty token where it starts, so that where it went shows.
    return placed ? out.toString() : piece(value, "") + out;
  }

  private String piece(int value, String content) {
    String token = slots.putPiece(content);
    owners.put(slots.index(token, 0, token.length() - 1), value);
    return token;
  }

  /** Where each multi-line value, printed whole or by lines, landed in {@code yaml}. */
  private Map<Integer, Placement> placements(String yaml) {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(Integer.MAX_VALUE);
    Map<Integer, Placement> placements = new HashMap<>();
    for (Event event : new Yaml(options).parse(new StringReader(yaml))) {
      if (event instanceof ScalarEvent scalar
          && scalar.getValue().indexOf(PrintedValues.OPEN) >= 0) {
        Placement placement =
            scalar.getScalarStyle() == ScalarStyle.LITERAL
                    || scalar.getScalarStyle() == ScalarStyle.FOLDED
                ? Placement.BLOCK
                : Placement.OUTSIDE;
        String value = scalar.getValue();
        int open;
        int from = 0;
        while ((open = value.indexOf(PrintedValues.OPEN, from)) >= 0) {
          int close = value.indexOf(PrintedValues.CLOSE, open);
          int token = slots.index(value, open, close);
          Integer owner =
              slots.multilineValue(token).isPresent() ? Integer.valueOf(token) : owners.get(token);
          if (owner != null) {
            placements.merge(owner, placement, Placement::and);
          }
          from = close + 1;
        }
      }
    }
    return placements;
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
