package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.lib.tag.MacroTag;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.TextNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code {% macro %}} whose calls return {@link TemplateText}, so that printing a macro splices its
 * YAML as Jinja2 would, while any string made from it (by {@code ~} or most filters) is a value.
 */
final class TextMacroTag extends MacroTag {

  private static final long serialVersionUID = 1L;

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
  static final class TextMacro extends MacroFunction {

    private static final Pattern VARARGS = Pattern.compile("\\bvarargs\\b");
    private static final Pattern KWARGS = Pattern.compile("\\bkwargs\\b");

    private final boolean catchVarargs;
    private final boolean catchKwargs;
    private final boolean withContext;

    TextMacro(MacroFunction source) {
      this(source, source.getName(), true);
    }

    private TextMacro(MacroFunction source, String name, boolean withContext) {
      super(source, name);
      this.catchVarargs = mentions(content, VARARGS);
      this.catchKwargs = mentions(content, KWARGS);
      this.withContext = withContext;
    }

    /**
     * This macro as Jinja2 imports it without context: its body sees its arguments and what its
     * file sets, not the variables where it is called ({@link RenderInterpreter#hideBelow}).
     */
    TextMacro withoutContext() {
      return new TextMacro(this, getName(), false);
    }

    @Override
    public Object doEvaluate(
        Map<String, Object> argMap, Map<String, Object> kwargMap, List<Object> varArgs) {
      if (!varArgs.isEmpty() && !catchVarargs) {
        throw new TemplateFailure(
            "macro '"
                + getName()
                + "' takes not more than "
                + getArguments().size()
                + " argument(s)");
      }
      if (!kwargMap.isEmpty() && !catchKwargs) {
        throw new TemplateFailure(
            "macro '"
                + getName()
                + "' takes no keyword argument '"
                + kwargMap.keySet().iterator().next()
                + "'");
      }
      Object result = evaluateSeeing(argMap, kwargMap, varArgs);
      return result instanceof String text ? new TemplateText(text) : result;
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
      Context hidden = render.hideBelow(isCaller() ? null : render.getContext());
      try {
        return super.doEvaluate(argMap, kwargMap, varArgs);
      } finally {
        render.hideBelow(hidden);
      }
    }

    @Override
    public MacroFunction cloneWithNewName(String name) {
      return new TextMacro(this, name, withContext);
    }

    /**
     * Jinja2's macro attributes a template may read ({@code m.name}), or undefined for others, such
     * as {@code arguments}, a tuple, which this engine has no way to print as Jinja2 does.
     */
    Object attribute(Object name) {
      return switch (String.valueOf(name)) {
        case "name" -> getName();
        case "catch_varargs" -> catchVarargs;
        case "catch_kwargs" -> catchKwargs;
        case "caller" -> mentions(content, CALLER);
        default ->
            Undefined.because("'" + name + "' of the macro '" + getName() + "' is not supported");
      };
    }

    private static final Pattern CALLER = Pattern.compile("\\bcaller\\b");

    /** Whether a name appears in the tags or expressions of a body, nested ones included. */
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
