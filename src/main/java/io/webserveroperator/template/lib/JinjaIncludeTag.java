package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.JinjavaInterpreter.InterpreterScopeClosable;
import com.hubspot.jinjava.lib.tag.IncludeTag;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.parse.TagToken;
import io.webserveroperator.template.python.PythonSequences;
import io.webserveroperator.template.python.PythonText;
import io.webserveroperator.template.python.TemplateFailure;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;

/**
 * Jinja2's {@code include} on jinjava's: the name is an expression, which may also be a list of
 * names of which the first that exists is included, and {@code ignore missing} includes nothing
 * when none exists; {@code without context} hides the including template's variables from it.
 * jinjava's reads the first word as the name and ignores the rest.
 */
public final class JinjaIncludeTag extends IncludeTag {

  private static final long serialVersionUID = 1L;
  private static final String IGNORE_MISSING = " ignore missing";
  private static final String WITH_CONTEXT = " with context";
  private static final String WITHOUT_CONTEXT = " without context";

  @Override
  public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
    String expression = " " + tagNode.getHelpers().strip();
    boolean withoutContext = expression.endsWith(WITHOUT_CONTEXT);
    if (withoutContext) {
      expression = expression.substring(0, expression.length() - WITHOUT_CONTEXT.length());
    } else if (expression.endsWith(WITH_CONTEXT)) {
      expression = expression.substring(0, expression.length() - WITH_CONTEXT.length());
    }
    boolean ignoreMissing = expression.endsWith(IGNORE_MISSING);
    if (ignoreMissing) {
      expression = expression.substring(0, expression.length() - IGNORE_MISSING.length());
    }
    Object names = interpreter.resolveELExpression(expression, tagNode.getLineNumber());
    List<?> candidates =
        PythonSequences.isList(names) ? PythonSequences.asList(names) : List.of(names);
    String missing = "no template to include: the list is empty";
    for (Object candidate : candidates) {
      String name = String.valueOf(candidate);
      try {
        interpreter.getResource(name);
        // What the included template sets stays in it, as in Jinja2.
        try (InterpreterScopeClosable scope = interpreter.enterScope()) {
          return withoutContext
              ? withoutContext(including(tagNode, name), interpreter)
              : super.interpret(including(tagNode, name), interpreter);
        }
      } catch (FileNotFoundException e) {
        missing = e.getMessage();
      } catch (IOException e) {
        throw new TemplateFailure(e.getMessage());
      }
    }
    if (ignoreMissing) {
      return "";
    }
    throw new TemplateFailure(
        candidates.size() > 1 ? "none of the templates given were found: " + candidates : missing);
  }

  /**
   * Includes, in the scope just entered, with the variables of the including template hidden, as
   * Jinja2's without context.
   */
  private String withoutContext(TagNode include, JinjavaInterpreter interpreter) {
    if (!(interpreter instanceof RenderInterpreter render)) {
      return super.interpret(include, interpreter);
    }
    return render.hiding(
        render.getContext().getParent(), () -> super.interpret(include, interpreter));
  }

  /** The tag as jinjava's include reads it: {@code include 'name'}. */
  private static TagNode including(TagNode tagNode, String name) {
    TagToken token =
        new TagToken(
            "{% include " + PythonText.repr(name) + " %}",
            tagNode.getLineNumber(),
            tagNode.getStartPosition(),
            tagNode.getSymbols());
    return new TagNode(tagNode.getTag(), token, tagNode.getSymbols());
  }
}
