package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.lib.tag.FromTag;
import com.hubspot.jinjava.lib.tag.ImportTag;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.parse.TagToken;
import java.util.Map;

/**
 * Jinja2's {@code import} and {@code from ... import} on jinjava's: unless the tag ends in {@code
 * with context}, the imported macros do not see the variables of the template that calls them
 * ({@link JinjaMacroTag.TextMacro#withoutContext}), only their arguments and what their own file
 * sets. jinjava's macros see every variable at the call.
 */
public final class JinjaImportTags {

  private static final String WITH_CONTEXT = " with context";

  private JinjaImportTags() {}

  private static boolean withContext(TagNode tagNode) {
    return (" " + tagNode.getHelpers().strip()).endsWith(WITH_CONTEXT);
  }

  /** {@code {% import 'file' as name %}}. */
  public static final class Import extends ImportTag {
    private static final long serialVersionUID = 1L;

    @Override
    public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
      String result = super.interpret(tagNode, interpreter);
      String name = getContextVar(getHelpers((TagToken) tagNode.getMaster()));
      if (!withContext(tagNode)
          && !name.isBlank()
          && interpreter.getContext().get(name) instanceof Map<?, ?> module) {
        @SuppressWarnings("unchecked")
        Map<String, Object> entries = (Map<String, Object>) module;
        entries.replaceAll(
            (key, value) ->
                value instanceof JinjaMacroTag.TextMacro macro ? macro.withoutContext() : value);
      }
      return result;
    }
  }

  /** {@code {% from 'file' import a, b as c %}}. */
  public static final class From extends FromTag {
    private static final long serialVersionUID = 1L;

    @Override
    public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
      String result = super.interpret(tagNode, interpreter);
      if (!withContext(tagNode)) {
        for (String name : getImportMap(getHelpers((TagToken) tagNode.getMaster())).values()) {
          MacroFunction imported = interpreter.getContext().getGlobalMacro(name);
          if (imported instanceof JinjaMacroTag.TextMacro macro) {
            interpreter.getContext().addGlobalMacro(macro.withoutContext());
          }
        }
      }
      return result;
    }
  }
}
