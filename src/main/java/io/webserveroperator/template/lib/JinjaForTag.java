package io.webserveroperator.template.lib;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.JinjavaInterpreter.InterpreterScopeClosable;
import com.hubspot.jinjava.interpret.NullValue;
import com.hubspot.jinjava.interpret.OutputTooBigException;
import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.lib.tag.ForTag;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.TagNode;
import com.hubspot.jinjava.tree.parse.TagToken;
import com.hubspot.jinjava.util.LengthLimitingStringBuilder;
import com.hubspot.jinjava.util.ObjectTruthValue;
import io.webserveroperator.template.python.PythonCallable;
import io.webserveroperator.template.python.PythonIteration;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.syntax.ExpressionSplitter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.lang3.tuple.Pair;

/**
 * Jinja2's {@code for}, on jinjava's parsing of the tag: it iterates as Python does ({@link
 * PythonIteration}: a string's characters, a dict's keys), with Jinja2's {@code loop} ({@link
 * LoopView}); {@code {% else %}} renders when nothing was iterated; {@code for x in items if
 * condition} iterates only the items for which the condition holds, with {@code loop} counting
 * those; {@code for x in items recursive} lets the body call {@code loop(children)}, nested no
 * deeper than macros may recurse; and what the body sets lasts one iteration.
 */
public final class JinjaForTag extends ForTag {

  private static final long serialVersionUID = 1L;
  private static final String RECURSIVE = " recursive";

  @Override
  public String interpretUnchecked(TagNode tagNode, JinjavaInterpreter interpreter) {
    Pair<List<String>, String> varsAndExpression =
        getLoopVarsAndExpression((TagToken) tagNode.getMaster());
    String expression = varsAndExpression.getRight().strip();
    boolean recursive = expression.endsWith(RECURSIVE);
    if (recursive) {
      expression = expression.substring(0, expression.length() - RECURSIVE.length());
    }
    // Jinja2 reads the iterable without an inline if: a top-level if always filters the loop.
    int condition = ExpressionSplitter.indexOf(expression, "if");
    Loop loop =
        new Loop(
            tagNode,
            // for (a, b) in pairs: the parentheses only group the names.
            varsAndExpression.getLeft().stream()
                .map(name -> name.replace("(", "").replace(")", "").strip())
                .toList(),
            condition < 0 ? null : expression.substring(condition + "if".length()),
            recursive);
    TemplateError lastError = interpreter.getLastError().orElse(null);
    Object collection =
        interpreter.resolveELExpression(
            condition < 0 ? expression : expression.substring(0, condition),
            tagNode.getLineNumber());
    if (collection == null && interpreter.getLastError().orElse(null) != lastError) {
      return ""; // jinjava recorded why the iterable failed, and the render reports that
    }
    return loop.render(interpreter, collection, 0);
  }

  /**
   * One for tag, ready to render over any iterable (its own, or one that {@code loop(...)} passes).
   *
   * @param condition the inline if's condition, or null
   */
  private record Loop(TagNode tag, List<String> names, String condition, boolean recursive) {

    String render(JinjavaInterpreter interpreter, Object collection, int depth0) {
      List<?> items = PythonIteration.items(collection);
      if (condition != null) {
        items = filter(interpreter, items);
      }
      List<Node> children = tag.getChildren();
      int split = 0;
      while (split < children.size() && !isElse(children.get(split))) {
        split++;
      }
      LengthLimitingStringBuilder out =
          new LengthLimitingStringBuilder(interpreter.getConfig().getMaxOutputSize());
      try (InterpreterScopeClosable scope = interpreter.enterScope()) {
        if (items.isEmpty() && split < children.size()) {
          renderNodes(interpreter, children.subList(split + 1, children.size()), out);
        }
        LoopView view = new LoopView(items, depth0);
        PythonCallable again =
            recursive
                ? new PythonCallable(LOOP, arguments -> deeper(arguments, view, depth0 + 1))
                : null;
        Map<String, Object> variables = interpreter.getContext().getScope();
        for (int i = 0; i < items.size(); i++) {
          // Jinja2: what the body sets lasts one iteration.
          variables.clear();
          view.moveTo(i);
          interpreter.getContext().put(LOOP, view);
          if (again != null) {
            interpreter.getContext().addGlobalMacro(again);
          }
          bind(interpreter, names, items.get(i));
          renderNodes(interpreter, children.subList(0, split), out);
        }
      } catch (OutputTooBigException e) {
        interpreter.addError(TemplateError.fromOutputTooBigException(e));
      }
      return out.toString();
    }

    /**
     * {@code loop(children)} in a recursive loop: the loop again, one level deeper. Called where
     * {@code loop} is another loop's, inside this one, it is that loop that is called, as in
     * Jinja2.
     */
    private TemplateFragment deeper(List<Object> arguments, LoopView view, int depth0) {
      JinjavaInterpreter interpreter = JinjavaInterpreter.getCurrent();
      if (interpreter.getContext().get(LOOP) != view) {
        throw new TemplateFailure(
            "the loop must have the 'recursive' marker to be called recursively");
      }
      if (arguments.size() != 1) {
        throw new TemplateFailure(
            "loop() takes the items to loop over, one argument, not " + arguments.size());
      }
      return new TemplateFragment(render(interpreter, arguments.get(0), depth0));
    }

    private List<Object> filter(JinjavaInterpreter interpreter, List<?> items) {
      List<Object> kept = new ArrayList<>();
      for (Object item : items) {
        try (InterpreterScopeClosable scope = interpreter.enterScope()) {
          bind(interpreter, names, item);
          if (ObjectTruthValue.evaluate(
              interpreter.resolveELExpression(condition, tag.getLineNumber()))) {
            kept.add(item);
          }
        }
      }
      return kept;
    }
  }

  private static void renderNodes(
      JinjavaInterpreter interpreter, List<Node> nodes, LengthLimitingStringBuilder out) {
    for (Node node : nodes) {
      out.append(node.render(interpreter));
    }
  }

  private static boolean isElse(Node node) {
    return node instanceof TagNode tag && "else".equals(tag.getName());
  }

  /** Sets the loop variables for one item: the item, or its parts for {@code for k, v in}. */
  private static void bind(JinjavaInterpreter interpreter, List<String> names, Object item) {
    if (names.size() == 1) {
      put(interpreter, names.get(0), item);
      return;
    }
    List<?> parts = PythonIteration.unpack(item, names.size());
    for (int i = 0; i < names.size(); i++) {
      put(interpreter, names.get(i), parts.get(i));
    }
  }

  /** A none item is NullValue, which still hides an outer variable of the same name. */
  private static void put(JinjavaInterpreter interpreter, String name, Object value) {
    interpreter
        .getContext()
        .put(name, value == null ? NullValue.INSTANCE : interpreter.wrap(value));
  }
}
