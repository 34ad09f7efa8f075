package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.SetTag;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.parse.TagToken;
import java.util.Collections;
import java.util.List;

/**
 * {@code {% set name %}...{% endset %}} whose value is {@link TemplateText}, as a macro's output
 * is: printed, it splices as the template text it is; used as a string ({@code ==}, {@code ~},
 * {@code b64encode}), it is the text with its values, never the engine's slot tokens.
 */
final class BlockSetTag extends SetTag {

  private static final long serialVersionUID = 1L;

  @Override
  public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
    TagToken token = (TagToken) tagNode.getMaster();
    if (!hasEndTag(token)) {
      String result = super.interpret(tagNode, interpreter);
      PythonCallable.callableByName(tagNode.getHelpers(), interpreter);
      return result;
    }
    String helpers = tagNode.getHelpers().trim();
    int filter = helpers.indexOf('|');
    String[] name = {filter < 0 ? helpers : helpers.substring(0, filter).trim()};
    String text = renderChildren(tagNode, interpreter, name[0]);
    // A filtered block ({% set x | upper %}) is data for its filters: its text with the values.
    Object block = filter < 0 ? new TemplateText(text) : Slots.require().resolveText(text);
    executeSet(token, interpreter, name, List.of(block), false);
    if (filter >= 0) {
      Object filtered = interpreter.resolveELExpression(helpers, token.getLineNumber());
      executeSet(token, interpreter, name, Collections.singletonList(filtered), false);
    }
    return "";
  }
}
