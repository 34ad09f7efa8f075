package io.webserveroperator.template.output;

import io.webserveroperator.template.python.OutputBudget;
import io.webserveroperator.template.python.PythonSequences;
import io.webserveroperator.template.python.PythonText;
import java.util.Map;
import java.util.TreeMap;

/**
 * Serializers behind {@code to_yaml}, {@code to_json} and {@code tojson}. With {@link
 * PrintedValues} they write every string as a slot token, so the serializer alone decides the
 * structure; without, they write plain text.
 */
public enum SerialFormat {
  /** Block-style YAML, two-space indents, every string double-quoted. */
  YAML("to_yaml"),
  /** JSON in the map's own order, Python's separators ({@code ", "} and {@code ": "}). */
  JSON("to_json"),
  /** Jinja2's {@code tojson}: keys sorted, ASCII only, and {@code < > & '} escaped. */
  TOJSON("tojson");

  /** The filter that writes this format, as messages name it. */
  private final String filter;

  SerialFormat(String filter) {
    this.filter = filter;
  }

  String write(Object value, PrintedValues slots) {
    return write(value, null, slots);
  }

  /**
   * The value in this format; {@code indent}, as Python's {@code json.dumps(indent=...)}, puts each
   * JSON item on its own line after that text once per level (null: all on one line).
   */
  String write(Object value, String indent, PrintedValues slots) {
    StringBuilder out = new StringBuilder(128);
    if (this == YAML) {
      writeYaml(out, value, 0, slots);
    } else {
      writeJson(out, value, new JsonLayout(indent), 0, slots);
    }
    return out.toString();
  }

  /** Python's JSON layout: one line with {@code ", "}, or indented lines after {@code ","}. */
  private record JsonLayout(String indent) {

    String separator() {
      return indent == null ? ", " : ",";
    }
  }

  /** A new line at {@code depth} levels, when indented; refused before a deep one is too long. */
  private void newline(StringBuilder out, JsonLayout layout, int depth) {
    if (layout.indent() != null) {
      OutputBudget.refuseLarger(filter, out.length() + (long) layout.indent().length() * depth);
      out.append('\n').append(layout.indent().repeat(depth));
    }
  }

  /** Stops writing once the text is past what a template may build at once. */
  private void bound(StringBuilder out) {
    OutputBudget.refuseLarger(filter, out.length());
  }

  private void writeJson(
      StringBuilder out, Object value, JsonLayout layout, int depth, PrintedValues slots) {
    if (value instanceof Fragment fragment) {
      value = fragment.toString();
    }
    if (value instanceof Map<?, ?> map) {
      Map<?, ?> ordered = this == TOJSON ? sorted(map) : map;
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> entry : ordered.entrySet()) {
        out.append(first ? "" : layout.separator());
        newline(out, layout, depth + 1);
        first = false;
        writeJsonString(out, String.valueOf(entry.getKey()), slots);
        out.append(": ");
        writeJson(out, entry.getValue(), layout, depth + 1, slots);
      }
      if (!first) {
        newline(out, layout, depth);
      }
      out.append('}');
    } else if (PythonSequences.isList(value)) {
      out.append('[');
      boolean first = true;
      for (Object item : PythonSequences.asList(value)) {
        out.append(first ? "" : layout.separator());
        newline(out, layout, depth + 1);
        first = false;
        writeJson(out, item, layout, depth + 1, slots);
      }
      if (!first) {
        newline(out, layout, depth);
      }
      out.append(']');
    } else if (value == null) {
      out.append("null");
    } else if (value instanceof Boolean || value instanceof Number) {
      out.append(value instanceof Number n ? PythonText.number(n) : value.toString());
    } else {
      writeJsonString(out, PrintedValues.text(value), slots);
    }
    bound(out);
  }

  private void writeJsonString(StringBuilder out, String text, PrintedValues slots) {
    out.append('"');
    boolean tojson = this == TOJSON;
    out.append(
        slots == null
            ? jsonEscape(text, tojson)
            : slots.put(text, tojson ? PrintedValues.Kind.TOJSON : PrintedValues.Kind.JSON));
    out.append('"');
  }

  private void writeYaml(StringBuilder out, Object value, int indent, PrintedValues slots) {
    if (value instanceof Fragment fragment) {
      value = fragment.toString();
    }
    if (value instanceof Map<?, ?> map && !map.isEmpty()) {
      boolean first = true;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        if (!first) {
          out.append('\n').append(" ".repeat(indent));
        }
        first = false;
        out.append(yamlScalar(String.valueOf(entry.getKey()), slots)).append(':');
        writeYamlChild(out, entry.getValue(), indent, slots);
      }
    } else if (PythonSequences.isList(value) && !PythonSequences.asList(value).isEmpty()) {
      boolean first = true;
      for (Object item : PythonSequences.asList(value)) {
        if (!first) {
          out.append('\n').append(" ".repeat(indent));
        }
        first = false;
        out.append("- ");
        writeYaml(out, item, indent + 2, slots);
      }
    } else if (value instanceof Map) {
      out.append("{}");
    } else if (PythonSequences.isList(value)) {
      out.append("[]");
    } else if (value == null) {
      out.append("null");
    } else if (value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Number n) {
      out.append(PythonText.number(n));
    } else {
      out.append(yamlScalar(PrintedValues.text(value), slots));
    }
    bound(out);
  }

  private void writeYamlChild(StringBuilder out, Object value, int indent, PrintedValues slots) {
    boolean nested =
        (value instanceof Map<?, ?> map && !map.isEmpty())
            || (PythonSequences.isList(value) && !PythonSequences.asList(value).isEmpty());
    if (nested) {
      out.append('\n').append(" ".repeat(indent + 2));
      writeYaml(out, value, indent + 2, slots);
    } else {
      out.append(' ');
      writeYaml(out, value, indent, slots);
    }
  }

  private static String yamlScalar(String text, PrintedValues slots) {
    return slots == null
        ? '"' + jsonEscape(text, false) + '"'
        : slots.put(text, PrintedValues.Kind.YAML);
  }

  /**
   * JSON string content without the quotes. {@code htmlSafe} escapes as Jinja2's tojson does:
   * Python's {@code json.dumps} writes every character outside printable ASCII as {@code \\uXXXX}
   * (an astral one as its surrogate pair), and Jinja2 then escapes {@code < > & '} too.
   */
  static String jsonEscape(String text, boolean htmlSafe) {
    StringBuilder out = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          boolean escaped =
              htmlSafe
                  ? c > 0x7e || c == '<' || c == '>' || c == '&' || c == '\''
                  : c == '\u2028' || c == '\u2029' || c >= 0x7f && c < 0xa0;
          if (c < 0x20 || escaped) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  private static Map<?, ?> sorted(Map<?, ?> map) {
    Map<String, Object> sorted = new TreeMap<>();
    map.forEach((k, v) -> sorted.put(String.valueOf(k), v));
    return sorted;
  }
}
