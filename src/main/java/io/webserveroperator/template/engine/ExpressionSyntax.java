package io.webserveroperator.template.engine;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.el.JinjavaELContext;
import com.hubspot.jinjava.el.JinjavaInterpreterResolver;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.fn.ELFunctionDefinition;
import com.hubspot.jinjava.tree.ExpressionNode;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.parse.ExpressionToken;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.sandbox.UnsupportedSyntax;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.Set;
import jinjava.de.odysseus.el.tree.TreeBuilderException;
import jinjava.javax.el.ELException;

/**
 * Parses every {@code {{ expression }}} and {@code if}/{@code elif} condition of a template when it
 * loads, as Jinja2 compiles a whole template at once: jinjava parses an expression only when it
 * renders it, so a syntax error in a branch no resource takes would otherwise wait for the first
 * resource that does.
 */
public final class ExpressionSyntax {

  private static final Set<String> CONDITION_TAGS = Set.of("if", "elif");

  private ExpressionSyntax() {}

  /** The first expression of {@code root} that does not parse, if any. */
  static Optional<UnsupportedSyntax.Problem> find(
      Jinjava jinjava, JinjavaInterpreter interpreter, Node root) {
    // The parser reads its options from the current interpreter, as during a render.
    JinjavaInterpreter.pushCurrent(interpreter);
    try {
      return firstProblem(jinjava, interpreter, root);
    } finally {
      JinjavaInterpreter.popCurrent();
    }
  }

  private static Optional<UnsupportedSyntax.Problem> firstProblem(
      Jinjava jinjava, JinjavaInterpreter interpreter, Node root) {
    JinjavaELContext context =
        new JinjavaELContext(interpreter, new JinjavaInterpreterResolver(interpreter));
    for (ELFunctionDefinition function : jinjava.getGlobalContext().getAllFunctions()) {
      context.setFunction(function.getNamespace(), function.getLocalName(), function.getMethod());
    }
    Deque<Node> pending = new ArrayDeque<>();
    pending.push(root);
    while (!pending.isEmpty()) {
      Node node = pending.pop();
      String expression = null;
      if (node instanceof ExpressionNode && node.getMaster() instanceof ExpressionToken token) {
        expression = token.getExpr();
      } else if (node instanceof TagNode tag && CONDITION_TAGS.contains(tag.getName())) {
        expression = tag.getHelpers();
      }
      if (expression != null && !expression.isBlank()) {
        try {
          jinjava
              .getExpressionFactory()
              .createValueExpression(context, "#{" + expression.trim() + "}", Object.class);
        } catch (TreeBuilderException e) {
          return Optional.of(
              new UnsupportedSyntax.Problem(
                  node.getLineNumber(),
                  "the expression '" + expression.trim() + "' does not parse: " + e.getMessage()));
        } catch (ELException | TemplateFailure e) {
          // Parsed, but a function it calls (a macro) is defined only when the template renders,
          // or a limit refused a literal: the render reports that, as before.
        }
      }
      // Pushed last to first, so that the first error in template order is the one reported.
      var children = node.getChildren().descendingIterator();
      while (children.hasNext()) {
        pending.push(children.next());
      }
    }
    return Optional.empty();
  }
}
