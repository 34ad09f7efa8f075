package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.JinjavaInterpreter.InterpreterScopeClosable;
import com.hubspot.jinjava.lib.fn.MacroFunction;
import com.hubspot.jinjava.lib.tag.CallTag;
import com.hubspot.jinjava.tree.TagNode;
import java.util.LinkedHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code {% call m() %}body{% endcall %}} whose {@code caller()} returns the body as template text,
 * as a macro does ({@link JinjaMacroTag}): jinjava's returns a string, which would print as token
 * characters instead of the values printed in the body. {@code {% call(x) m() %}} gives caller the
 * parameters that m passes it, as {@code caller(item)}.
 */
public final class CallerTag extends CallTag {

  private static final long serialVersionUID = 1L;
  private static final Pattern PARAMETERS = Pattern.compile("\\(([^()]*)\\)(.*)", Pattern.DOTALL);

  @Override
  public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
    // {% call(x, y) m() %}: the parameters of caller, which m passes as caller(a, b).
    Matcher withParameters = PARAMETERS.matcher(tagNode.getHelpers().strip());
    String call = tagNode.getHelpers();
    LinkedHashMap<String, Object> arguments = new LinkedHashMap<>();
    if (withParameters.matches()) {
      arguments = JinjaMacroTag.parameters(withParameters.group(1), tagNode.getLineNumber());
      call = withParameters.group(2);
    }
    try (InterpreterScopeClosable scope = interpreter.enterNonStackingScope()) {
      MacroFunction caller =
          new MacroFunction(
              tagNode.getChildren(),
              "caller",
              arguments,
              true,
              interpreter.getContext(),
              interpreter.getLineNumber(),
              interpreter.getPosition());
      interpreter.getContext().addGlobalMacro(new JinjaMacroTag.TextMacro(caller));
      // Printed by the safe output strategy, so the macro's text is spliced, values as tokens.
      return interpreter.render("{{" + call.strip() + "}}");
    }
  }
}
