package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.NullValue;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.lib.tag.SetTag;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.parse.TagToken;
import io.webserveroperator.template.output.PrintedValues;
import io.webserveroperator.template.python.PythonIteration;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.syntax.ExpressionSplitter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code {% set name %}...{% endset %}} whose value is {@link TemplateFragment}, as a macro's
 * output is: printed, it splices as the template text it is; used as a string ({@code ==}, {@code
 * ~}, {@code b64encode}), it is the text with its values, never the engine's slot tokens.
 */
public final class BlockSetTag extends SetTag {

  private static final long serialVersionUID = 1L;

  @Override
  public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
    TagToken token = (TagToken) tagNode.getMaster();
    if (!hasEndTag(token)) {
      if (unpacks(tagNode, interpreter)) {
        return "";
      }
      String result = super.interpret(tagNode, interpreter);
      callableByName(tagNode.getHelpers(), interpreter);
      return result;
    }
    String helpers = tagNode.getHelpers().trim();
    int filter = helpers.indexOf('|');
    String[] name = {filter < 0 ? helpers : helpers.substring(0, filter).trim()};
    String text = renderChildren(tagNode, interpreter, name[0]);
    // A filtered block ({% set x | upper %}) is data for its filters: its text with the values.
    Object block =
        filter < 0 ? new TemplateFragment(text) : PrintedValues.require().resolveText(text);
    executeSet(token, interpreter, name, List.of(block), false);
    if (filter >= 0) {
      Object filtered = interpreter.resolveELExpression(helpers, token.getLineNumber());
      executeSet(token, interpreter, name, Collections.singletonList(filtered), false);
    }
    return "";
  }

  /**
   * {@code {% set a, b = value %}}: Python's unpacking of one iterable into several names (jinjava
   * only pairs names with as many comma-separated values). Returns false for any other set.
   */
  private boolean unpacks(TagNode tagNode, JinjavaInterpreter interpreter) {
    String helpers = tagNode.getHelpers();
    int equals = helpers.indexOf('=');
    if (equals < 0 || helpers.startsWith("=", equals + 1)) {
      return false;
    }
    String[] names = helpers.substring(0, equals).split(",", -1);
    String expression = helpers.substring(equals + 1).strip();
    if (names.length < 2 || ExpressionSplitter.split(expression, ",").size() > 1) {
      return false;
    }
    for (int i = 0; i < names.length; i++) {
      names[i] = names[i].replace("(", "").replace(")", "").strip();
    }
    TagToken token = (TagToken) tagNode.getMaster();
    List<?> values =
        PythonIteration.items(interpreter.resolveELExpression(expression, token.getLineNumber()));
    if (values.size() != names.length) {
      throw new TemplateFailure(
          values.size() > names.length
              ? "too many values to unpack (expected " + names.length + ")"
              : "not enough values to unpack (expected "
                  + names.length
                  + ", got "
                  + values.size()
                  + ")");
    }
    executeSet(token, interpreter, names, values, false);
    return true;
  }

  /**
   * A name set to none holds NullValue, as a none loop variable does: jinjava's scopes read a name
   * whose value is null as not set, which would make it undefined.
   */
  @Override
  public void executeSet(
      TagToken token,
      JinjavaInterpreter interpreter,
      String[] names,
      List<?> values,
      boolean allowDeferredValueOverride) {
    if (values == null) {
      // The value failed, and jinjava has recorded why.
      super.executeSet(token, interpreter, names, null, allowDeferredValueOverride);
      return;
    }
    List<Object> kept = new ArrayList<>(values);
    for (int i = 0; i < Math.min(names.length, kept.size()); i++) {
      if (kept.get(i) == null && !names[i].contains(".")) {
        kept.set(i, NullValue.INSTANCE);
      }
    }
    super.executeSet(token, interpreter, names, kept, allowDeferredValueOverride);
  }

  /**
   * After {@code {% set name = value %}} (the tag's {@code assignment}): makes a function value,
   * such as a joiner or a macro, callable by its new name ({@code name()}), since jinjava calls
   * only macros by name.
   */
  private static void callableByName(String assignment, JinjavaInterpreter interpreter) {
    int equals = ExpressionSplitter.indexOf(assignment, "=");
    if (equals < 0) {
      return;
    }
    for (String name : ExpressionSplitter.split(assignment.substring(0, equals), ",")) {
      if (interpreter.getContext().get(name) instanceof MacroFunction function) {
        interpreter.getContext().addGlobalMacro(function.cloneWithNewName(name));
      }
    }
  }
}
