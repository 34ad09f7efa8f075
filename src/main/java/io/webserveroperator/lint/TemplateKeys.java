package io.webserveroperator.lint;

import io.webserveroperator.template.syntax.JinjaLexer;
import io.webserveroperator.template.syntax.JinjaLexer.Kind;
import io.webserveroperator.template.syntax.JinjaLexer.Token;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The YAML keys a template's text writes, line by line, each with the keys it stands under ({@code
 * metadata}, then {@code annotations}, then the annotation), whatever branch renders it. Jinja
 * comments are skipped; tags and expressions are not read, so a key an expression or a macro writes
 * is not found, and the lines of a block scalar that look like keys read as keys.
 */
final class TemplateKeys {

  private static final Pattern KEY =
      Pattern.compile("^(\\s*)(- +)?([\\w.\\-/]+|\"[^\"]*\"|'[^']*'):(\\s|$)");
  private static final Set<Kind> COMMENT =
      EnumSet.of(Kind.COMMENT_BEGIN, Kind.COMMENT, Kind.COMMENT_END);

  /**
   * One key.
   *
   * @param line its 1-based line
   * @param document the index of its YAML document in the text (documents part at lines that start
   *     with {@code ---})
   * @param path the keys from the top of its document down to this one, list indexes left out
   * @param value what the line writes after the colon, stripped; empty when the value is on the
   *     lines below
   */
  record Key(int line, int document, List<String> path, String value) {

    Key {
      path = List.copyOf(path);
    }

    /** The key itself, quotes taken off. */
    String name() {
      return path.get(path.size() - 1);
    }
  }

  private TemplateKeys() {}

  /** Every key of {@code template}, in the order of its lines. */
  static List<Key> of(String template) {
    List<Key> keys = new ArrayList<>();
    Deque<Open> open = new ArrayDeque<>();
    int document = 0;
    String[] lines = withoutComments(template).split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].startsWith("---")) {
        open.clear();
        document++;
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
      open.push(new Open(indent, key.group(3).replaceAll("^[\"']|[\"']$", "")));
      List<String> path = new ArrayList<>();
      open.descendingIterator().forEachRemaining(k -> path.add(k.name()));
      keys.add(new Key(i + 1, document, path, lines[i].substring(key.end(3) + 1).strip()));
    }
    return keys;
  }

  private record Open(int indent, String name) {}

  /**
   * The template with each {@code {# comment #}} blanked out, where the engine's lexer finds one,
   * its line breaks kept.
   */
  private static String withoutComments(String template) {
    StringBuilder out = new StringBuilder(template.length());
    for (Token token : JinjaLexer.lex(template)) {
      boolean blank = COMMENT.contains(token.kind());
      token.text().chars().forEach(c -> out.append(blank && c != '\n' ? ' ' : (char) c));
    }
    return out.toString();
  }
}
