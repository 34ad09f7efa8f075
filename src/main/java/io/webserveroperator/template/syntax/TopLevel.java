package io.webserveroperator.template.syntax;

import java.util.ArrayList;
import java.util.List;

/** Finds text in a tag's expression outside quotes and brackets, where Jinja2's grammar acts. */
public final class TopLevel {

  private TopLevel() {}

  /** Where {@code needle} first starts outside quotes and brackets, or -1. */
  public static int indexOf(String text, String needle) {
    List<Integer> found = positions(text, needle, true);
    return found.isEmpty() ? -1 : found.get(0);
  }

  /** The parts of {@code text} between top-level {@code separator}s, stripped. */
  public static List<String> split(String text, String separator) {
    List<String> parts = new ArrayList<>();
    int start = 0;
    for (int at : positions(text, separator, false)) {
      parts.add(text.substring(start, at).strip());
      start = at + separator.length();
    }
    if (!text.substring(start).isBlank()) {
      parts.add(text.substring(start).strip());
    }
    return parts;
  }

  private static List<Integer> positions(String text, String needle, boolean firstOnly) {
    List<Integer> found = new ArrayList<>();
    int depth = 0;
    char quote = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if ("([{".indexOf(c) >= 0) {
        depth++;
      } else if (")]}".indexOf(c) >= 0) {
        depth--;
      } else if (depth == 0 && text.startsWith(needle, i)) {
        found.add(i);
        if (firstOnly) {
          break;
        }
      }
    }
    return found;
  }
}
