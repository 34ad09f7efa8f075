package io.webserveroperator.lint;

import java.util.List;

/**
 * The template line that writes a field of a rendered object, found by the YAML keys of the
 * template's text ({@code spec:}, then {@code replicas:} indented under it; {@link TemplateKeys}),
 * since a rendered object no longer knows its lines.
 */
final class TemplateLines {

  private TemplateLines() {}

  /**
   * The 1-based line of the key at {@code path} (map keys only; list indexes left out), else of the
   * deepest ancestor found, else 0.
   */
  static int lineOf(String template, List<String> path) {
    int best = 0;
    int bestDepth = 0;
    for (TemplateKeys.Key key : TemplateKeys.of(template)) {
      List<String> chain = key.path();
      int depth = matching(chain, path);
      if (depth == path.size() && chain.size() == path.size()) {
        return key.line();
      }
      if (depth == chain.size() && depth > bestDepth) {
        best = key.line();
        bestDepth = depth;
      }
    }
    return best;
  }

  private static int matching(List<String> chain, List<String> path) {
    int n = 0;
    while (n < chain.size() && n < path.size() && chain.get(n).equals(path.get(n))) {
      n++;
    }
    return n;
  }
}
