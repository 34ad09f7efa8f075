package io.webserveroperator.lint;

import io.webserveroperator.template.syntax.JinjaLexer.Kind;
import io.webserveroperator.template.syntax.JinjaLexer.Token;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every {@code spec.…} path one template reads, found in its code without rendering it, so that a
 * branch no sample takes is read too. Follows attribute and subscript chains ({@code
 * spec.ingress.host}, {@code spec['ingress']}, {@code resource.spec.x}, {@code spec.get('x')}),
 * names bound by {@code {% set x = spec.a %}}, and loop variables ({@code for c in spec.list}:
 * {@code c} is an item; {@code for k, v in spec.map | dictsort}: {@code v} is a value). A name
 * bound to anything else, {@code spec} included, is not followed from there on. The same scan finds
 * the {@code object.status.…} paths a readiness rule's expression reads ({@link #statusReads}).
 */
final class SpecReads {

  /** What a template calls the spec: {@code spec}, or {@code resource.spec}. */
  private static final List<List<String>> SPEC =
      List.of(List.of("spec"), List.of("resource", "spec"));

  /** What a readiness rule calls the child's status. */
  private static final List<List<String>> STATUS = List.of(List.of("object", "status"));

  /** Stands for an item of a list in a path. */
  static final String ITEM = "[]";

  /** Stands for any value of a map in a path. */
  static final String VALUE = "*";

  /**
   * One read.
   *
   * @param line the 1-based line of the template
   * @param path the segments after {@code spec} (or {@code object.status}), with {@link #ITEM} and
   *     {@link #VALUE}
   * @param whole whether the value is used whole (printed or passed to a filter), which reads every
   *     field under it
   */
  record Read(int line, List<String> path, boolean whole) {

    /** As a template would spell it: {@code spec.ingress.host}, {@code spec.items[].name}. */
    String display() {
      return display(path);
    }

    static String display(List<String> path) {
      return display("spec", path);
    }

    /** The path under {@code root}: {@code object.status.conditions[]}. */
    static String display(String root, List<String> path) {
      StringBuilder out = new StringBuilder(root);
      for (String segment : path) {
        out.append(
            switch (segment) {
              case ITEM -> "[]";
              case VALUE -> "[*]";
              default -> "." + segment;
            });
      }
      return out.toString();
    }
  }

  private final List<List<String>> roots;
  private final Map<String, List<String>> aliases = new HashMap<>();
  private final Set<String> shadowed = new HashSet<>();
  private final List<Read> reads = new ArrayList<>();

  private SpecReads(List<List<String>> roots) {
    this.roots = roots;
  }

  /** The reads of {@code source}, in source order. */
  static List<Read> of(String source) {
    return of(source, SPEC);
  }

  /** The {@code object.status.…} reads of a readiness rule's expression, all on line 1. */
  static List<Read> statusReads(String expression) {
    return of("{{ " + expression + " }}", STATUS);
  }

  private static List<Read> of(String source, List<List<String>> roots) {
    SpecReads scan = new SpecReads(roots);
    for (JinjaTags.Tag tag : JinjaTags.of(source)) {
      scan.scan(tag);
    }
    return List.copyOf(scan.reads);
  }

  private void scan(JinjaTags.Tag tag) {
    List<Token> tokens = tag.tokens();
    boolean statement = tag.type() == JinjaTags.Type.STATEMENT;
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).kind() != Kind.NAME || (i > 0 && tokens.get(i - 1).isOperator("."))) {
        continue;
      }
      Chain chain = chain(tokens, i);
      if (chain == null) {
        continue;
      }
      boolean whole =
          (chain.end() < tokens.size() && tokens.get(chain.end()).isOperator("|"))
              || (!statement && i == 0 && chain.end() == tokens.size());
      if (!chain.path().isEmpty() || whole) {
        reads.add(new Read(tokens.get(i).line(), chain.path(), whole));
      }
      i = chain.end() - 1;
    }
    if (statement && !tokens.isEmpty()) {
      bind(tokens);
    }
  }

  /** Follows {@code set} and {@code for} to the names they bind. */
  private void bind(List<Token> tokens) {
    if (tokens.get(0).isName("set") && tokens.size() > 2 && tokens.get(2).isOperator("=")) {
      String name = tokens.get(1).text();
      Chain chain = chain(tokens, 3);
      // Only a plain path (or one with a filter such as default) names a spec value.
      if (chain == null
          || (chain.end() < tokens.size() && !tokens.get(chain.end()).isOperator("|"))) {
        aliases.remove(name);
      } else {
        aliases.put(name, chain.path());
      }
    } else if (tokens.get(0).isName("for")) {
      List<String> names = new ArrayList<>();
      int in = 1;
      while (in < tokens.size() && !tokens.get(in).isName("in")) {
        if (tokens.get(in).kind() == Kind.NAME) {
          names.add(tokens.get(in).text());
        }
        in++;
      }
      names.forEach(aliases::remove);
      shadowed.addAll(names);
      Chain chain = in + 1 < tokens.size() ? chain(tokens, in + 1) : null;
      if (chain == null || names.isEmpty()) {
        return;
      }
      List<String> element = new ArrayList<>(chain.path());
      element.add(names.size() == 1 ? ITEM : VALUE);
      aliases.put(names.get(names.size() - 1), List.copyOf(element));
    }
  }

  /**
   * The spec path starting at token {@code start} (a chain rooted at {@code spec}, {@code
   * resource.spec} or a name bound to a spec path), or null when none starts there.
   *
   * @param path the segments read
   * @param end the index of the first token after the chain
   */
  private record Chain(List<String> path, int end) {}

  private Chain chain(List<Token> tokens, int start) {
    if (start >= tokens.size() || tokens.get(start).kind() != Kind.NAME) {
      return null;
    }
    String root = tokens.get(start).text();
    int at = start + 1;
    List<String> path;
    if (at < tokens.size() && tokens.get(at).isOperator("=")) {
      return null; // a keyword argument's name
    }
    if (shadowed.contains(root) && !aliases.containsKey(root)) {
      return null; // a name the template bound to something else than spec
    }
    int rooted = rootEnd(tokens, start);
    if (rooted > 0) {
      path = new ArrayList<>();
      at = rooted;
    } else if (aliases.containsKey(root)) {
      path = new ArrayList<>(aliases.get(root));
    } else {
      return null;
    }
    while (at < tokens.size()) {
      String name = attribute(tokens, at);
      if (!name.isEmpty()) {
        if (followedBy(tokens, at + 1, "(")) {
          if (name.equals("get")
              && at + 3 < tokens.size()
              && tokens.get(at + 3).kind() == Kind.STRING) {
            path.add(tokens.get(at + 3).value());
          }
          break; // a method call such as items(): what it reads is covered by its owner
        }
        path.add(name);
        at += 2;
      } else if (tokens.get(at).isOperator("[")
          && at + 2 < tokens.size()
          && tokens.get(at + 2).isOperator("]")) {
        Token index = tokens.get(at + 1);
        if (index.kind() == Kind.STRING) {
          path.add(index.value());
        } else if (index.kind() == Kind.INTEGER) {
          path.add(ITEM);
        } else {
          path.add(VALUE);
        }
        at += 3;
      } else {
        break;
      }
    }
    return new Chain(List.copyOf(path), at);
  }

  /**
   * The index after a root ({@code spec}, {@code resource.spec}) that starts at {@code start}, or 0
   * when none does.
   */
  private int rootEnd(List<Token> tokens, int start) {
    for (List<String> names : roots) {
      if (!tokens.get(start).text().equals(names.get(0))) {
        continue;
      }
      int at = start + 1;
      boolean matches = true;
      for (String name : names.subList(1, names.size())) {
        if (!attribute(tokens, at).equals(name)) {
          matches = false;
          break;
        }
        at += 2;
      }
      if (matches) {
        return at;
      }
    }
    return 0;
  }

  /** The name after a {@code .} at {@code at}, or empty when there is none. */
  private static String attribute(List<Token> tokens, int at) {
    if (at + 1 < tokens.size()
        && tokens.get(at).isOperator(".")
        && tokens.get(at + 1).kind() == Kind.NAME) {
      return tokens.get(at + 1).text();
    }
    return "";
  }

  private static boolean followedBy(List<Token> tokens, int at, String symbol) {
    return at + 1 < tokens.size() && tokens.get(at + 1).isOperator(symbol);
  }
}
