package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.JinjavaInterpreter.InterpreterScopeClosable;
import com.hubspot.jinjava.lib.tag.ForTag;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.parse.TagToken;
import com.hubspot.jinjava.util.ObjectIterator;
import com.hubspot.jinjava.util.ObjectTruthValue;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import org.apache.commons.lang3.tuple.Pair;

/**
 * Jinja2's {@code for} on top of jinjava's: {@code {% else %}} renders when nothing was iterated
 * (jinjava rendered nothing at all), and {@code for x in items if condition} iterates only the
 * items for which the condition holds, with {@code loop} counting those.
 */
final class JinjaForTag extends ForTag {

  private static final long serialVersionUID = 1L;

  @Override
  public String interpretUnchecked(TagNode tagNode, JinjavaInterpreter interpreter) {
    Pair<List<String>, String> varsAndExpression =
        getLoopVarsAndExpression((TagToken) tagNode.getMaster());
    List<String> loopVars = varsAndExpression.getLeft();
    String expression = varsAndExpression.getRight();
    // Jinja2 reads the iterable without an inline if: a top-level if always filters the loop.
    int condition = TopLevel.indexOf(expression, " if ");
    Object collection =
        interpreter.resolveELExpression(
            condition < 0 ? expression : expression.substring(0, condition),
            tagNode.getLineNumber());
    if (condition >= 0) {
      collection =
          filter(
              interpreter,
              loopVars,
              collection,
              expression.substring(condition + " if ".length()),
              tagNode.getLineNumber());
    }
    return renderForCollection(tagNode, interpreter, loopVars, collection);
  }

  @Override
  public String renderForCollection(
      TagNode tagNode, JinjavaInterpreter interpreter, List<String> loopVars, Object collection) {
    LinkedList<Node> children = tagNode.getChildren();
    int split = 0;
    while (split < children.size() && !isElse(children.get(split))) {
      split++;
    }
    if (split == children.size()) {
      return super.renderForCollection(tagNode, interpreter, loopVars, collection);
    }
    if (!ObjectIterator.getLoop(collection).hasNext()) {
      StringBuilder out = new StringBuilder();
      try (InterpreterScopeClosable scope = interpreter.enterScope()) {
        for (Node node : children.subList(split + 1, children.size())) {
          out.append(node.render(interpreter).getValue());
        }
      }
      return out.toString();
    }
    // The parsed tree is shared by concurrent renders: loop over a copy without the else part.
    TagNode body =
        new TagNode(tagNode.getTag(), (TagToken) tagNode.getMaster(), tagNode.getSymbols());
    body.setChildren(new LinkedList<>(children.subList(0, split)));
    return super.renderForCollection(body, interpreter, loopVars, collection);
  }

  private static boolean isElse(Node node) {
    return node instanceof TagNode tag && "else".equals(tag.getName());
  }

  private static List<Object> filter(
      JinjavaInterpreter interpreter,
      List<String> loopVars,
      Object collection,
      String condition,
      int line) {
    List<Object> kept = new ArrayList<>();
    var loop = ObjectIterator.getLoop(collection);
    while (loop.hasNext()) {
      Object item = loop.next();
      try (InterpreterScopeClosable scope = interpreter.enterScope()) {
        bind(interpreter, loopVars, item);
        if (ObjectTruthValue.evaluate(interpreter.resolveELExpression(condition, line))) {
          kept.add(item);
        }
      }
    }
    return kept;
  }

  /** Sets the loop variables for one item: the item, or its parts for {@code for k, v in}. */
  private static void bind(JinjavaInterpreter interpreter, List<String> loopVars, Object item) {
    if (loopVars.size() == 1) {
      interpreter.getContext().put(loopVars.get(0), item);
      return;
    }
    List<?> parts =
        item instanceof Map.Entry<?, ?> entry
            ? List.of(entry.getKey(), entry.getValue())
            : TextFormat.isList(item) ? TextFormat.asList(item) : List.of();
    for (int i = 0; i < loopVars.size(); i++) {
      interpreter.getContext().put(loopVars.get(i), i < parts.size() ? parts.get(i) : null);
    }
  }
}
