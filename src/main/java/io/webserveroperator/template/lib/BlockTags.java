package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.JinjavaInterpreter.InterpreterScopeClosable;
import com.hubspot.jinjava.lib.tag.Tag;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.TagNode;
import io.webserveroperator.template.output.PrintedValues;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.syntax.ExpressionSplitter;

/** Jinja2's block tags that jinjava lacks: {@code with} and {@code filter}. */
public final class BlockTags {

  private BlockTags() {}

  /** {@code {% with a = 1, b = spec.x %}...{% endwith %}}: names that end with the block. */
  public static final class WithTag implements Tag {
    private static final long serialVersionUID = 1L;

    @Override
    public String getName() {
      return "with";
    }

    @Override
    public String getEndTagName() {
      return "endwith";
    }

    @Override
    public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
      try (InterpreterScopeClosable scope = interpreter.enterScope()) {
        for (String assignment : ExpressionSplitter.split(tagNode.getHelpers(), ",")) {
          int equals = assignment.indexOf('=');
          if (equals < 0) {
            throw new TemplateFailure(
                "with needs name = value assignments, not '" + assignment + "'");
          }
          String name = assignment.substring(0, equals).strip();
          Object value =
              interpreter.resolveELExpression(
                  assignment.substring(equals + 1), tagNode.getLineNumber());
          interpreter.getContext().put(name, value);
        }
        return renderChildren(tagNode, interpreter);
      }
    }
  }

  /**
   * {@code {% filter upper %}...{% endfilter %}}: the block's text through a filter chain; {@code
   * {% filter indent(4) %}} around YAML keeps it YAML.
   */
  public static final class FilterBlockTag implements Tag {
    private static final long serialVersionUID = 1L;
    private static final String BLOCK = "__filter_block__";

    @Override
    public String getName() {
      return "filter";
    }

    @Override
    public String getEndTagName() {
      return "endfilter";
    }

    @Override
    public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
      try (InterpreterScopeClosable scope = interpreter.enterScope()) {
        String text = renderChildren(tagNode, interpreter);
        // Template text, as a set block's: indent and trim keep it template text, which splices
        // as Jinja2's would; any other filter reads its text and makes a value, printed as one.
        interpreter.getContext().put(BLOCK, new TemplateFragment(text));
        Object filtered =
            interpreter.resolveELExpression(
                BLOCK + " | " + tagNode.getHelpers().strip(), tagNode.getLineNumber());
        return PrintedValues.current().print(filtered);
      }
    }
  }

  private static String renderChildren(TagNode tagNode, JinjavaInterpreter interpreter) {
    StringBuilder out = new StringBuilder();
    for (Node child : tagNode.getChildren()) {
      out.append(child.render(interpreter).getValue());
    }
    return out.toString();
  }
}
