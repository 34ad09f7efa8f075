package io.webserveroperator.template.engine;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.el.TruthyTypeConverter;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.IfTag;
import com.hubspot.jinjava.tree.TagNode;
import io.webserveroperator.template.python.PythonTruth;
import io.webserveroperator.template.syntax.PythonSyntaxBuilder;
import java.util.Properties;
import jinjava.de.odysseus.el.ExpressionFactoryImpl;
import jinjava.de.odysseus.el.tree.TreeBuilder;
import jinjava.javax.el.ExpressionFactory;

/**
 * jinjava with Python's truth value ({@link PythonTruth}) wherever a value is taken as a condition:
 * {@code if}/{@code elif}, {@code not}, {@code and}, {@code or} and inline {@code if}.
 */
final class PythonJinjava extends Jinjava {

  private final ExpressionFactory expressions;

  PythonJinjava(JinjavaConfig config) {
    super(config);
    Properties properties = new Properties();
    properties.setProperty(TreeBuilder.class.getName(), PythonSyntaxBuilder.class.getName());
    expressions = new ExpressionFactoryImpl(properties, new PythonConverter());
  }

  @Override
  public ExpressionFactory getExpressionFactory() {
    return expressions;
  }

  /** jinjava's conversions, with Python's truth value for booleans. */
  private static final class PythonConverter extends TruthyTypeConverter {
    private static final long serialVersionUID = 1L;

    @Override
    protected Boolean coerceToBoolean(Object value) {
      return PythonTruth.of(value);
    }
  }

  /** {@code if} and {@code elif} conditions with Python's truth value. */
  static final class PythonIfTag extends IfTag {
    private static final long serialVersionUID = 1L;

    @Override
    public boolean isPositiveIfElseNode(TagNode tagNode, JinjavaInterpreter interpreter) {
      return PythonTruth.of(
          interpreter.resolveELExpression(
              tagNode.getHelpers(), tagNode.getLineNumber(), tagNode.getStartPosition()));
    }
  }
}
