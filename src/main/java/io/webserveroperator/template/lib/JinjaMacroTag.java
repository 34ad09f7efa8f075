package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.NullValue;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.lib.tag.MacroTag;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.TextNode;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.Undefined;
import io.webserveroperator.template.syntax.ExpressionSplitter;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code {% macro %}} whose calls return {@link TemplateFragment}, so that printing a macro splices
 * its YAML as Jinja2 would, while any string made from it (by {@code ~} or most filters) is a
 * value. A parameter's default is evaluated in the call, as in Jinja2, so that it may read the
 * parameters before it ({@code b=a ~ 1}); jinjava evaluates it where the macro is defined.
 */
public final class JinjaMacroTag extends MacroTag {

  private static final long serialVersionUID = 1L;
  private static final Pattern SIGNATURE =
      Pattern.compile("([A-Za-z_]\\w*)\\s*\\((.*)\\)", Pattern.DOTALL);

  /**
   * A parameter's default, not yet evaluated: a call evaluates it when it binds the parameter
   * ({@link TextMacro#getEvaluationResult}).
   *
   * @param expression the default as written, or null for a parameter without one, which a call
   *     must give
   * @param line where the macro is defined
   */
  record Default(String expression, int line) {

    Object evaluate(String parameter, JinjavaInterpreter interpreter) {
      return expression == null
          ? Undefined.because("parameter '" + parameter + "' was not provided")
          : interpreter.resolveELExpression(expression, line);
    }
  }

  @Override
  public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
    Matcher signature = SIGNATURE.matcher(tagNode.getHelpers().strip());
    if (!signature.matches()) {
      return super.interpret(tagNode, interpreter); // a child macro (m.n) or a syntax error
    }
    interpreter
        .getContext()
        .addGlobalMacro(
            constructMacroFunction(
                tagNode,
                interpreter,
                signature.group(1),
                parameters(signature.group(2), tagNode.getLineNumber())));
    return "";
  }

  /**
   * The parameters {@code a, b=expression} of a macro or a call block, each with its {@link
   * Default}, not evaluated.
   */
  static LinkedHashMap<String, Object> parameters(String text, int line) {
    LinkedHashMap<String, Object> parameters = new LinkedHashMap<>();
    for (String parameter : ExpressionSplitter.split(text, ",")) {
      int equals = ExpressionSplitter.indexOf(parameter, "=");
      if (equals < 0) {
        parameters.put(parameter, new Default(null, line));
      } else {
        parameters.put(
            parameter.substring(0, equals).strip(),
            new Default(parameter.substring(equals + 1).strip(), line));
      }
    }
    return parameters;
  }

  @Override
  protected MacroFunction constructMacroFunction(
      TagNode tagNode,
      JinjavaInterpreter interpreter,
      String name,
      LinkedHashMap<String, Object> argNamesWithDefaults) {
    return new TextMacro(
        super.constructMacroFunction(tagNode, interpreter, name, argNamesWithDefaults));
  }

  /**
   * A macro whose result is template text rather than a string, and whose calls are checked as
   * Jinja2 checks them: extra positional or unknown keyword arguments are an error unless its body
   * reads {@code varargs} or {@code kwargs}. Its {@link #attribute}s are Jinja2's.
   */
  public static final class TextMacro extends MacroFunction {

    private static final Pattern VARARGS = Pattern.compile("\\bvarargs\\b");
    private static final Pattern KWARGS = Pattern.compile("\\bkwargs\\b");
    private static final Pattern CALLER = Pattern.compile("\\bcaller\\b");

    private final boolean withContext;

    TextMacro(MacroFunction source) {
      this(source, source.getName(), true);
    }

    private TextMacro(MacroFunction source, String name, boolean withContext) {
      super(source, name);
      this.withContext = withContext;
    }

    /**
     * This macro as Jinja2 imports it without context: its body sees its arguments and what its
     * file sets, not the variables where it is called ({@link RenderInterpreter#hiding}).
     */
    TextMacro withoutContext() {
      return new TextMacro(this, getName(), false);
    }

    @Override
    public Object doEvaluate(
        Map<String, Object> argMap, Map<String, Object> kwargMap, List<Object> varArgs) {
      if (!varArgs.isEmpty() && !mentions(content, VARARGS)) {
        throw new TemplateFailure(
            "macro '"
                + getName()
                + "' takes not more than "
                + getArguments().size()
                + " argument(s)");
      }
      if (!kwargMap.isEmpty() && !mentions(content, KWARGS)) {
        throw new TemplateFailure(
            "macro '"
                + getName()
                + "' takes no keyword argument '"
                + kwargMap.keySet().iterator().next()
                + "'");
      }
      Object result = evaluateSeeing(argMap, kwargMap, varArgs);
      return result instanceof String text ? new TemplateFragment(text) : result;
    }

    /**
     * Evaluates the body with the variables it may see: a macro imported without context hides
     * those where it is called; a caller, the body of a call block, sees them again.
     */
    private Object evaluateSeeing(
        Map<String, Object> argMap, Map<String, Object> kwargMap, List<Object> varArgs) {
      if (withContext && !isCaller()
          || !(JinjavaInterpreter.getCurrent() instanceof RenderInterpreter render)) {
        return super.doEvaluate(argMap, kwargMap, varArgs);
      }
      return render.hiding(
          isCaller() ? null : render.getContext(),
          () -> super.doEvaluate(argMap, kwargMap, varArgs));
    }

    /**
     * Binds the arguments as jinjava does, after the variables of the macro's file, but evaluates
     * each default left in them as its parameter is bound, so that it reads those and the
     * parameters before it; a none argument is bound as NullValue, which reads as none ({@link
     * RenderInterpreter}) where jinjava would read an unknown name.
     */
    @Override
    public String getEvaluationResult(
        Map<String, Object> argMap,
        Map<String, Object> kwargMap,
        List<Object> varArgs,
        JinjavaInterpreter interpreter) {
      return super.getEvaluationResult(
          defaultsEvaluatedInTurn(argMap, interpreter), kwargMap, varArgs, interpreter);
    }

    private static Map<String, Object> defaultsEvaluatedInTurn(
        Map<String, Object> arguments, JinjavaInterpreter interpreter) {
      return new AbstractMap<>() {
        @Override
        public Set<Map.Entry<String, Object>> entrySet() {
          return new AbstractSet<>() {
            @Override
            public int size() {
              return arguments.size();
            }

            @Override
            public Iterator<Map.Entry<String, Object>> iterator() {
              Iterator<Map.Entry<String, Object>> each = arguments.entrySet().iterator();
              return new Iterator<>() {
                @Override
                public boolean hasNext() {
                  return each.hasNext();
                }

                @Override
                public Map.Entry<String, Object> next() {
                  Map.Entry<String, Object> argument = each.next();
                  Object value =
                      argument.getValue() instanceof Default unset
                          ? unset.evaluate(argument.getKey(), interpreter)
                          : argument.getValue();
                  return new AbstractMap.SimpleImmutableEntry<>(
                      argument.getKey(), value == null ? NullValue.INSTANCE : value);
                }
              };
            }
          };
        }
      };
    }

    @Override
    public MacroFunction cloneWithNewName(String name) {
      return new TextMacro(this, name, withContext);
    }

    /**
     * Jinja2's macro attributes a template may read ({@code m.name}), or undefined for others, such
     * as {@code arguments}, a tuple, which this engine has no way to print as Jinja2 does.
     */
    public Object attribute(Object name) {
      return switch (String.valueOf(name)) {
        case "name" -> getName();
        case "catch_varargs" -> mentions(content, VARARGS);
        case "catch_kwargs" -> mentions(content, KWARGS);
        case "caller" -> mentions(content, CALLER);
        default ->
            Undefined.because("'" + name + "' of the macro '" + getName() + "' is not supported");
      };
    }

    /**
     * Whether a name appears in the tags or expressions of a body, nested ones included: read only
     * when a call passes extra arguments, since most never do.
     */
    private static boolean mentions(List<Node> body, Pattern name) {
      for (Node node : body) {
        if (!(node instanceof TextNode)
            && (name.matcher(node.getMaster().getImage()).find()
                || mentions(node.getChildren(), name))) {
          return true;
        }
      }
      return false;
    }
  }
}
