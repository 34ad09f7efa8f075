package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.tag.SetTag;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.parse.TagToken;
import java.util.Collections;

/**
 * {@code {% set x %}...{% endset %}} whose block text becomes a plain string: the values printed
 * inside it are put back as their text. Jinjava would keep their tokens in the string, which then
 * prints as token characters instead of the values. Printing {@code x} lands it as one value, like
 * any string; {@code {% set x = ... %}} is jinjava's.
 */
final class BlockSetTag extends SetTag {

  private static final long serialVersionUID = 1L;

  @Override
  public String interpret(TagNode tagNode, JinjavaInterpreter interpreter) {
    String helpers = tagNode.getHelpers().trim();
    if (helpers.contains("=")) {
      return super.interpret(tagNode, interpreter);
    }
    int filters = helpers.indexOf('|');
    String[] name = {(filters < 0 ? helpers : helpers.substring(0, filters)).trim()};
    String text = Slots.require().resolveText(renderChildren(tagNode, interpreter, name[0]));
    TagToken token = (TagToken) tagNode.getMaster();
    executeSet(token, interpreter, name, Collections.singletonList(text), false);
    if (filters >= 0) {
      // {% set x | upper %}: the filters apply to the text, read back through the variable.
      Object filtered = interpreter.resolveELExpression(helpers, token.getLineNumber());
      executeSet(token, interpreter, name, Collections.singletonList(filtered), false);
    }
    return "";
  }
}
