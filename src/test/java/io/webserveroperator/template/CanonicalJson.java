package io.webserveroperator.template;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * Python's {@code json.dumps(value, sort_keys=True, ensure_ascii=True, separators=(",", ":"))},
 * character for character, so that a hash computed by the conformance generator can be computed
 * again here.
 */
final class CanonicalJson {

  private CanonicalJson() {}

  static String write(Object value) {
    StringBuilder out = new StringBuilder(256);
    write(out, value);
    return out.toString();
  }

  private static void write(StringBuilder out, Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> sorted = new TreeMap<>();
      map.forEach((k, v) -> sorted.put(String.valueOf(k), v));
      out.append('{');
      String separator = "";
      for (Map.Entry<String, Object> entry : sorted.entrySet()) {
        out.append(separator);
        string(out, entry.getKey());
        out.append(':');
        write(out, entry.getValue());
        separator = ",";
      }
      out.append('}');
    } else if (value instanceof Collection<?> list) {
      out.append('[');
      String separator = "";
      for (Object item : list) {
        out.append(separator);
        write(out, item);
        separator = ",";
      }
      out.append(']');
    } else if (value == null) {
      out.append("null");
    } else if (value instanceof Boolean flag) {
      out.append(flag ? "true" : "false");
    } else if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
      out.append(pythonFloat(((Number) value).doubleValue()));
    } else if (value instanceof Number number) {
      out.append(number);
    } else {
      string(out, value.toString());
    }
  }

  private static void string(StringBuilder out, String text) {
    out.append('"');
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
          if (c < 0x20 || c > 0x7e) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /** Python's {@code repr(float)}: shortest digits, exponent form below 1e-4 and from 1e16. */
  static String pythonFloat(double value) {
    if (Double.isNaN(value)) {
      return "NaN";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "Infinity" : "-Infinity";
    }
    String sign = (value < 0 || (value == 0 && 1 / value < 0)) ? "-" : "";
    if (value == 0) {
      return sign + "0.0";
    }
    BigDecimal decimal = new BigDecimal(Double.toString(Math.abs(value))).stripTrailingZeros();
    String digits = decimal.unscaledValue().toString();
    int point = digits.length() - decimal.scale();
    if (point > 16 || point <= -4) {
      String mantissa =
          digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
      int exponent = point - 1;
      return sign
          + mantissa
          + "e"
          + (exponent < 0 ? "-" : "+")
          + String.format("%02d", Math.abs(exponent));
    }
    if (point <= 0) {
      return sign + "0." + "0".repeat(-point) + digits;
    }
    if (point >= digits.length()) {
      return sign + digits + "0".repeat(point - digits.length()) + ".0";
    }
    return sign + digits.substring(0, point) + "." + digits.substring(point);
  }
}
