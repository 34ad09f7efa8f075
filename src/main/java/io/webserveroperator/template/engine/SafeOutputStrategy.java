package io.webserveroperator.template.engine;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.expression.ExpressionStrategy;
import com.hubspot.jinjava.tree.output.RenderedOutputNode;
import com.hubspot.jinjava.tree.parse.ExpressionToken;
import io.webserveroperator.template.output.PrintedValues;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.Undefined;

/**
 * How {@code {{ expression }}} is written: through {@link PrintedValues#print}, so strings become
 * tokens and never YAML text, and nothing printed is ever interpreted again as a template.
 */
final class SafeOutputStrategy implements ExpressionStrategy {

  private static final long serialVersionUID = 1L;

  @Override
  public RenderedOutputNode interpretOutput(ExpressionToken token, JinjavaInterpreter interpreter) {
    // Errors raised while resolving (by filters such as required) then carry this line.
    interpreter.setLineNumber(token.getLineNumber());
    Object value = interpreter.resolveELExpression(token.getExpr(), token.getLineNumber());
    if (value instanceof Undefined) {
      throw new TemplateFailure(Undefined.message(token.getExpr().strip()));
    }
    return new RenderedOutputNode(PrintedValues.require().print(value));
  }
}
