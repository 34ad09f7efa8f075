package io.webserveroperator.lint;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The template line that writes a field of a rendered object, found by the YAML keys of the
 * template's text ({@code spec:}, then {@code replicas:} indented under it), since a rendered
 * object no longer knows its lines.
 */
final class TemplateLines {

  private static final Pattern KEY =
      Pattern.compile("^(\\s*)(- +)?([\\w.\\-/]+|\"[^\"]*\"|'[^']*'):(\\s|$)");

  private TemplateLines() {}

  /**
   * The 1-based line of the key at {@code path} (map keys only; list indexes left out), else of the
   * deepest ancestor found, else 0.
   */
  static int lineOf(String template, List<String> path) {
    Deque<Key> open = new ArrayDeque<>();
    int best = 0;
    int bestDepth = 0;
    String[] lines = template.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].startsWith("---")) {
        open.clear();
        continue;
      }
      Matcher key = KEY.matcher(lines[i]);
      if (!key.find()) {
        continue;
      }
      int indent = key.group(1).length() + (key.group(2) == null ? 0 : key.group(2).length());
      while (!open.isEmpty() && open.peek().indent() >= indent) {
        open.pop();
      }
      open.push(new Key(indent, key.group(3).replaceAll("^[\"']|[\"']$", "")));
      List<String> chain = new ArrayList<>();
      open.descendingIterator().forEachRemaining(k -> chain.add(k.name()));
      int depth = matching(chain, path);
      if (depth == path.size() && chain.size() == path.size()) {
        return i + 1;
      }
      if (depth == chain.size() && depth > bestDepth) {
        best = i + 1;
        bestDepth = depth;
      }
    }
    return best;
  }

  private record Key(int indent, String name) {}

  private static int matching(List<String> chain, List<String> path) {
    int n = 0;
    while (n < chain.size() && n < path.size() && chain.get(n).equals(path.get(n))) {
      n++;
    }
    return n;
  }
}
