package io.webserveroperator.template;

import io.webserveroperator.template.syntax.JinjaLexer;
import io.webserveroperator.template.syntax.JinjaLexer.Kind;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The status fields a status template renders, read from its text: the keys it writes at the start
 * of a line, at the top of its YAML, in every branch whether a resource takes it or not. Read, not
 * rendered, so that no resource is needed and no branch is missed; a key that an expression writes
 * ({@code {{ fields | to_yaml }}}) or an included file renders is not found. What the operator
 * checks a kind's CRD against ({@code crd.StatusSchemaCheck}), beside the engine's own fields.
 */
public final class StatusTemplateFields {

  private static final Pattern TOP_LEVEL_KEY =
      Pattern.compile(
          "^([A-Za-z_][\\w.\\-]*|\"[^\"]+\"|'[^']+')[ \\t]*:(\\s|$)", Pattern.MULTILINE);

  private StatusTemplateFields() {}

  /** The top-level keys of a status template, in the order written, each once. */
  public static Set<String> of(String template) {
    Set<String> fields = new LinkedHashSet<>();
    Matcher key = TOP_LEVEL_KEY.matcher(textOnly(template));
    while (key.find()) {
      fields.add(key.group(1).replaceAll("^[\"']|[\"']$", ""));
    }
    return fields;
  }

  /** The template with everything but its text (comments, tags, expressions) blanked out. */
  private static String textOnly(String template) {
    StringBuilder out = new StringBuilder(template.length());
    for (JinjaLexer.Token token : JinjaLexer.lex(template)) {
      boolean text = token.kind() == Kind.DATA || token.kind() == Kind.STRIPPED;
      token.text().chars().forEach(c -> out.append(text || c == '\n' ? (char) c : ' '));
    }
    return out.toString();
  }
}
