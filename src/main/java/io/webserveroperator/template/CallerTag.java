package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.JinjavaInterpreter.InterpreterScopeClosable;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.lib.tag.CallTag;
import com.hubspot.jinjava.tree.TagNode;
import java.util.LinkedHashMap;

/**
 * {@code {% call m() %}body{% endcall %}} whose {@code caller()} returns the body as template text,
 * as a macro does ({@link TextMacroTag}): jinjava's returns a string, which would print as token
 * characters instead of the values printed in the body.
 */
final class CallerTag extends CallTag {

  private static final long serialVersionUID = 1L;

  @Override
  public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
    try (InterpreterScopeClosable scope = interpreter.enterNonStackingScope()) {
      MacroFunction caller =
          new MacroFunction(
              tagNode.getChildren(),
              "caller",
              new LinkedHashMap<>(),
              true,
              interpreter.getContext(),
              interpreter.getLineNumber(),
              interpreter.getPosition());
      interpreter.getContext().addGlobalMacro(new TextMacroTag.TextMacro(caller));
      // Printed by the safe output strategy, so the macro's text is spliced, values as tokens.
      return interpreter.render("{{" + tagNode.getHelpers().trim() + "}}");
    }
  }
}
