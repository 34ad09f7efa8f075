package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.lib.tag.MacroTag;
import com.hubspot.jinjava.tree.TagNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

  /** A macro whose result is template text rather than a string. */
  static final class TextMacro extends MacroFunction {

    TextMacro(MacroFunction source) {
      super(source, source.getName());
    }

    @Override
    public Object doEvaluate(
        Map<String, Object> argMap, Map<String, Object> kwargMap, List<Object> varArgs) {
      Object result = super.doEvaluate(argMap, kwargMap, varArgs);
      return result instanceof String text ? new TemplateText(text) : result;
    }

    @Override
    public MacroFunction cloneWithNewName(String name) {
      return new TextMacro(super.cloneWithNewName(name));
    }
  }
}
