package io.webserveroperator.lint;

import io.webserveroperator.template.syntax.JinjaLexer.Kind;
import io.webserveroperator.template.syntax.JinjaLexer.Token;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Every {@code include}, {@code import} and {@code from … import} names a file of the kind's
 * folder, and every macro imported or called through an import alias ({@code m.name(…)}) is defined
 * in that file. Names computed at render time, and includes marked {@code ignore missing}, are left
 * to the render.
 */
final class IncludeCheck {

  private IncludeCheck() {}

  static List<Finding> check(KindSources sources) {
    List<Finding> findings = new ArrayList<>();
    sources.files().forEach((file, text) -> findings.addAll(check(sources, file, text)));
    return findings;
  }

  private static List<Finding> check(KindSources sources, Path file, String text) {
    List<Finding> findings = new ArrayList<>();
    Map<String, Path> aliases = new HashMap<>();
    for (JinjaTags.Tag tag : JinjaTags.of(text)) {
      List<Token> tokens = tag.tokens();
      int line = tag.line();
      if (tag.type() == JinjaTags.Type.STATEMENT && isLoad(tokens)) {
        Path target = sources.folder().resolve(stripDot(tokens.get(1).value())).normalize();
        boolean optional = tokens.stream().anyMatch(t -> t.isName("ignore"));
        if (!Files.isRegularFile(target)) {
          if (!optional) {
            findings.add(
                Finding.error(
                    file.toString(),
                    line,
                    tokens.get(0).text()
                        + " names "
                        + tokens.get(1).value()
                        + ", which is not in "
                        + sources.folder()
                        + "; fix the name or add the file"));
          }
          continue;
        }
        Set<String> macros = macros(target);
        if (tokens.get(0).isName("import") && tokens.size() > 3 && tokens.get(2).isName("as")) {
          aliases.put(tokens.get(3).text(), target);
        } else if (tokens.get(0).isName("from")) {
          for (int i = 3; i < tokens.size(); i++) {
            Token name = tokens.get(i);
            boolean isImported =
                name.kind() == Kind.NAME
                    && !tokens.get(i - 1).isName("as")
                    && !name.isName("as")
                    && !name.isName("with")
                    && !name.isName("without")
                    && !name.isName("context");
            if (isImported && !macros.contains(name.text())) {
              findings.add(undefinedMacro(file, line, name.text(), target, macros));
            }
          }
        }
      }
      for (int i = 0; i + 3 < tokens.size(); i++) {
        Path imported = aliases.get(tokens.get(i).text());
        boolean isCall =
            imported != null
                && (i == 0 || !tokens.get(i - 1).isOperator("."))
                && tokens.get(i + 1).isOperator(".")
                && tokens.get(i + 3).isOperator("(");
        if (isCall && !macros(imported).contains(tokens.get(i + 2).text())) {
          findings.add(
              undefinedMacro(file, line, tokens.get(i + 2).text(), imported, macros(imported)));
        }
      }
    }
    return findings;
  }

  /** {@code include 'x'}, {@code import 'x' as y} or {@code from 'x' import z}, with a literal. */
  private static boolean isLoad(List<Token> tokens) {
    return tokens.size() > 1
        && (tokens.get(0).isName("include")
            || tokens.get(0).isName("import")
            || tokens.get(0).isName("from"))
        && tokens.get(1).kind() == Kind.STRING
        && (tokens.size() == 2 || !tokens.get(2).isOperator("~") && !tokens.get(2).isOperator("+"));
  }

  private static Finding undefinedMacro(
      Path file, int line, String macro, Path target, Set<String> macros) {
    return Finding.error(
        file.toString(),
        line,
        "macro "
            + macro
            + " is not defined in "
            + target
            + (macros.isEmpty() ? ", which defines no macro" : "; it defines " + macros));
  }

  /** The names of the macros a file defines. */
  private static Set<String> macros(Path file) {
    Set<String> macros = new TreeSet<>();
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      return macros;
    }
    for (JinjaTags.Tag tag : JinjaTags.of(text)) {
      List<Token> tokens = tag.tokens();
      if (tokens.size() > 1 && tokens.get(0).isName("macro")) {
        macros.add(tokens.get(1).text());
      }
    }
    return macros;
  }

  private static String stripDot(String name) {
    return name.startsWith("./") ? name.substring(2) : name;
  }
}
