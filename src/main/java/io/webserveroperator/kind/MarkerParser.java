package io.webserveroperator.kind;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits the markers after a field's {@code |} ({@code required=true description="The name"}) as
 * kro's {@code ParseMarkers} does: {@code key=value} pairs separated by spaces, a value in double
 * quotes may hold spaces and {@code \"}, and one in brackets or braces ({@code default=[80, 443]})
 * may hold spaces too.
 */
final class MarkerParser {

  /**
   * One marker as written.
   *
   * @param marker which
   * @param value its value, unquoted
   */
  record Written(Marker marker, String value) {}

  /** Why a marker list cannot be read, as a sentence without the line. */
  static final class SyntaxError extends Exception {
    private static final long serialVersionUID = 1L;

    SyntaxError(String message) {
      super(message, null, false, false);
    }
  }

  private MarkerParser() {}

  static List<Written> parse(String markers) throws SyntaxError {
    List<Written> result = new ArrayList<>();
    Marker current = null;
    boolean inQuotes = false;
    boolean escaped = false;
    int brackets = 0;
    StringBuilder buffer = new StringBuilder();
    for (int i = 0; i < markers.length(); ) {
      int c = markers.codePointAt(i);
      i += Character.charCount(c);
      if (c == '=' && current == null && !inQuotes && brackets == 0) {
        String key = buffer.toString().strip();
        if (key.isEmpty()) {
          throw new SyntaxError("a marker has no name before its '='");
        }
        current =
            Marker.of(key)
                .orElseThrow(
                    () ->
                        new SyntaxError(
                            "unknown marker '" + key + "'; the markers are " + Marker.keys()));
        buffer.setLength(0);
      } else if (c == '"' && !escaped) {
        inQuotes = !inQuotes;
        buffer.append('"');
      } else if (c == '\\' && inQuotes && !escaped) {
        escaped = true;
        buffer.append('\\');
      } else if ((c == '{' || c == '[') && !inQuotes) {
        brackets++;
        buffer.appendCodePoint(c);
      } else if ((c == '}' || c == ']') && !inQuotes) {
        brackets--;
        buffer.appendCodePoint(c);
        if (brackets < 0) {
          throw new SyntaxError("a closing bracket or brace has no opening one");
        }
      } else if (Character.isWhitespace(c) && !inQuotes && brackets == 0) {
        if (current != null) {
          result.add(new Written(current, value(buffer.toString())));
          current = null;
          buffer.setLength(0);
        } else if (!buffer.toString().isBlank()) {
          throw new SyntaxError(
              "'" + buffer.toString().strip() + "' is not a marker: write key=value");
        }
      } else {
        if (escaped && inQuotes) {
          escaped = false;
        }
        buffer.appendCodePoint(c);
      }
    }
    if (inQuotes) {
      throw new SyntaxError("a quote is not closed");
    }
    if (brackets > 0) {
      throw new SyntaxError("a bracket or brace is not closed");
    }
    if (current != null) {
      result.add(new Written(current, value(buffer.toString())));
    } else if (!buffer.toString().isBlank()) {
      throw new SyntaxError("'" + buffer.toString().strip() + "' is not a marker: write key=value");
    } else if (result.isEmpty()) {
      throw new SyntaxError("nothing follows '|': write markers such as required=true, or no '|'");
    }
    return result;
  }

  /** A quoted value unquoted and unescaped ({@code \"} and {@code \\} only), any other trimmed. */
  private static String value(String written) {
    if (written.length() >= 2 && written.startsWith("\"") && written.endsWith("\"")) {
      String inner = written.substring(1, written.length() - 1);
      StringBuilder out = new StringBuilder();
      boolean escaped = false;
      for (int i = 0; i < inner.length(); i++) {
        char c = inner.charAt(i);
        if (escaped) {
          if (c != '"' && c != '\\') {
            out.append('\\');
          }
          out.append(c);
          escaped = false;
        } else if (c == '\\') {
          escaped = true;
        } else {
          out.append(c);
        }
      }
      return out.toString();
    }
    return written.strip();
  }
}
