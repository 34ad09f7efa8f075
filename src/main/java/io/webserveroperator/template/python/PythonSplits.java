package io.webserveroperator.template.python;

import java.util.ArrayList;
import java.util.List;

/**
 * Python's {@code str} methods that cut a text into parts: {@code split}, {@code rsplit}, {@code
 * splitlines}, {@code partition}, {@code rpartition}; a literal separator, never a pattern.
 */
final class PythonSplits {

  private PythonSplits() {}

  /** Line boundaries of {@code splitlines}, besides {@code \r\n}. */
  private static final String LINE_BREAKS = "\n\r\u000b\u000c\u001c\u001d\u001e\u0085\u2028\u2029";

  static List<String> split(String text, Object separator, long max, boolean fromRight) {
    if (separator == null) {
      return fromRight ? rsplitWhitespace(text, max) : splitWhitespace(text, max);
    }
    String sep = PythonStrings.text(separator, fromRight ? "rsplit" : "split");
    if (sep.isEmpty()) {
      throw new TemplateFailure("empty separator");
    }
    List<String> parts = new ArrayList<>();
    if (fromRight) {
      int end = text.length();
      for (int at = text.lastIndexOf(sep, end - sep.length());
          at >= 0 && (max < 0 || parts.size() < max);
          at = text.lastIndexOf(sep, end - sep.length())) {
        parts.add(0, text.substring(at + sep.length(), end));
        end = at;
      }
      parts.add(0, text.substring(0, end));
    } else {
      int start = 0;
      for (int at = text.indexOf(sep);
          at >= 0 && (max < 0 || parts.size() < max);
          at = text.indexOf(sep, start)) {
        parts.add(text.substring(start, at));
        start = at + sep.length();
      }
      parts.add(text.substring(start));
    }
    return parts;
  }

  /** {@code split()}: runs of whitespace separate; the rest, spacing and all, is the last part. */
  private static List<String> splitWhitespace(String text, long max) {
    List<String> parts = new ArrayList<>();
    int at = 0;
    while (true) {
      while (at < text.length() && PythonText.isSpace(text.charAt(at))) {
        at++;
      }
      if (at == text.length()) {
        return parts;
      }
      if (max >= 0 && parts.size() == max) {
        parts.add(text.substring(at));
        return parts;
      }
      int end = at;
      while (end < text.length() && !PythonText.isSpace(text.charAt(end))) {
        end++;
      }
      parts.add(text.substring(at, end));
      at = end;
    }
  }

  private static List<String> rsplitWhitespace(String text, long max) {
    List<String> parts = new ArrayList<>();
    int end = text.length();
    while (true) {
      while (end > 0 && PythonText.isSpace(text.charAt(end - 1))) {
        end--;
      }
      if (end == 0) {
        return parts;
      }
      if (max >= 0 && parts.size() == max) {
        parts.add(0, text.substring(0, end));
        return parts;
      }
      int at = end;
      while (at > 0 && !PythonText.isSpace(text.charAt(at - 1))) {
        at--;
      }
      parts.add(0, text.substring(at, end));
      end = at;
    }
  }

  static List<String> splitlines(String text, boolean keepEnds) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (LINE_BREAKS.indexOf(text.charAt(i)) < 0) {
        continue;
      }
      int end = i;
      if (text.charAt(i) == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
        i++;
      }
      lines.add(text.substring(start, keepEnds ? i + 1 : end));
      start = i + 1;
    }
    if (start < text.length()) {
      lines.add(text.substring(start));
    }
    return lines;
  }

  /** {@code partition} and {@code rpartition}: before, separator, after; or the text and two ''. */
  static List<String> partition(String text, String separator, boolean fromRight) {
    if (separator.isEmpty()) {
      throw new TemplateFailure("empty separator");
    }
    int at = fromRight ? text.lastIndexOf(separator) : text.indexOf(separator);
    if (at < 0) {
      return fromRight ? List.of("", "", text) : List.of(text, "", "");
    }
    return List.of(text.substring(0, at), separator, text.substring(at + separator.length()));
  }
}
