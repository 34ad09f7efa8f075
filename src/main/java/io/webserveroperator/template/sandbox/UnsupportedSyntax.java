package io.webserveroperator.template.sandbox;

import com.hubspot.jinjava.el.ext.ExtendedParser;
import com.hubspot.jinjava.lib.tag.ForTag;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.TagNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Finds what jinjava parses but this engine refuses in a template: the name under which jinjava
 * hands its interpreter to expressions (its parser passes it to every filter and test, so it cannot
 * be undefined, but a template that names it could print or use it); the {@link RefusedTag}s; an
 * {@code elif} inside a {@code for}, which Jinja2 does not have; and blocks nested so deep that
 * rendering them (which recurses per block) could overflow the stack. Walks the tree with a stack
 * of its own, so that checking cannot overflow either.
 */
public final class UnsupportedSyntax {

  /**
   * How deep blocks may nest in one template: far more than templates need, far less than a stack
   * holds.
   */
  static final int MAX_NESTING = 100;

  private UnsupportedSyntax() {}

  /**
   * A refused construct.
   *
   * @param line the template line of the construct
   * @param message what is not supported and what to write instead
   */
  public record Problem(int line, String message) {}

  /** The first refused construct in a template, its source and its parsed tree. */
  public static Optional<Problem> find(String source, Node root) {
    return interpreterName(source).or(() -> find(root));
  }

  /** Where a template's text names jinjava's interpreter, if it does. */
  public static Optional<Problem> interpreterName(String source) {
    int at = source.indexOf(ExtendedParser.INTERPRETER);
    if (at < 0) {
      return Optional.empty();
    }
    int line = 1 + (int) source.substring(0, at).chars().filter(c -> c == '\n').count();
    return Optional.of(
        new Problem(
            line,
            "the name '"
                + ExtendedParser.INTERPRETER
                + "' is reserved: it is jinjava's interpreter, which templates cannot use"));
  }

  private static Optional<Problem> find(Node root) {
    Deque<Node> pending = new ArrayDeque<>();
    Deque<Integer> depths = new ArrayDeque<>();
    pending.push(root);
    depths.push(0);
    while (!pending.isEmpty()) {
      Node node = pending.pop();
      int depth = depths.pop();
      if (node instanceof TagNode tag) {
        Optional<Problem> problem = problem(tag, depth);
        if (problem.isPresent()) {
          return problem;
        }
      }
      // Pushed last to first, so that children are visited in template order.
      var children = node.getChildren().descendingIterator();
      while (children.hasNext()) {
        pending.push(children.next());
        depths.push(node instanceof TagNode ? depth + 1 : depth);
      }
    }
    return Optional.empty();
  }

  private static Optional<Problem> problem(TagNode tag, int depth) {
    if (tag.getTag() instanceof RefusedTag refused) {
      return Optional.of(new Problem(tag.getLineNumber(), refused.advice()));
    }
    if (depth >= MAX_NESTING) {
      return Optional.of(
          new Problem(
              tag.getLineNumber(),
              "blocks nest more than "
                  + MAX_NESTING
                  + " deep here, which rendering may not have the stack for: flatten the"
                  + " template"));
    }
    boolean elif = tag.getName().equals("elif");
    if (elif && tag.getParent() instanceof TagNode parent && parent.getTag() instanceof ForTag) {
      return Optional.of(
          new Problem(
              tag.getLineNumber(),
              "`{% elif %}` inside `{% for %}` is not Jinja2: a loop has only `{% else %}`, for"
                  + " when it iterates nothing"));
    }
    return Optional.empty();
  }
}
