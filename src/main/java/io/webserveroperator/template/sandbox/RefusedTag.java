package io.webserveroperator.template.sandbox;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.Tag;
import com.hubspot.jinjava.tree.TagNode;
import io.webserveroperator.template.python.TemplateFailure;
import java.util.List;

/**
 * A jinjava tag that Jinja2 3.1 does not have (or has only with an extension, or with another
 * meaning), registered in place of jinjava's so that using it fails with what to write instead.
 * {@code print} and {@code cycle} would write their values straight into the YAML text, past the
 * isolation of {@code {{ }}}. Loading templates refuses them ({@link UnsupportedSyntax}); a render
 * that reaches one anyway, through a file no load parsed, fails.
 *
 * @param name the tag
 * @param endName its end tag, so that a template using the pair parses and gets this message
 * @param advice what is not supported and what to write instead
 */
public record RefusedTag(String name, String endName, String advice) implements Tag {

  private static final long serialVersionUID = 1L;

  /** Every refused tag. */
  public static final List<RefusedTag> ALL =
      List.of(
          new RefusedTag("print", null, "`{% print x %}` is not supported: write `{{ x }}`"),
          new RefusedTag(
              "cycle",
              null,
              "`{% cycle a, b %}` is not supported: write `{{ loop.cycle(a, b) }}` inside the for"
                  + " loop"),
          new RefusedTag(
              "unless", "endunless", "`{% unless x %}` is not supported: write `{% if not x %}`"),
          new RefusedTag(
              "ifchanged",
              "endifchanged",
              "`{% ifchanged x %}` is not supported: Jinja2 has no such tag; write `{% if"
                  + " loop.changed(x) %}`"),
          loopControl("break"),
          loopControl("continue"),
          new RefusedTag(
              "autoescape",
              "endautoescape",
              "`{% autoescape %}` is not supported: values are never HTML-escaped here; write"
                  + " `{{ x | escape }}` where a value must be"));

  /** jinjava's loop controls, which Jinja2 parses only with its loopcontrols extension. */
  private static RefusedTag loopControl(String name) {
    return new RefusedTag(
        name,
        null,
        "`{% "
            + name
            + " %}` is not supported: Jinja2 has it only with the loopcontrols extension; choose"
            + " the items with `{% for x in items if condition %}`");
  }

  @Override
  public String getName() {
    return name;
  }

  @Override
  public String getEndTagName() {
    return endName;
  }

  @Override
  public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
    throw new TemplateFailure(advice);
  }
}
