package io.webserveroperator.template;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.tree.ExpressionNode;
import com.hubspot.jinjava.tree.Node;
import com.hubspot.jinjava.tree.parse.ExpressionToken;
import io.webserveroperator.template.engine.ExpressionSyntax;
import io.webserveroperator.template.engine.ParsedSource;
import io.webserveroperator.template.engine.RenderErrors;
import io.webserveroperator.template.lib.RenderInterpreter;
import io.webserveroperator.template.output.PrintedValues;
import io.webserveroperator.template.output.ResourceStrings;
import io.webserveroperator.template.python.PythonTruth;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.Undefined;
import io.webserveroperator.template.sandbox.UnsupportedSyntax;
import java.util.Map;
import java.util.Optional;

/**
 * One expression of a readiness rule: parsed and checked when the kind's templates load exactly as
 * a template's {@code {{ expression }}} is ({@link UnsupportedSyntax}, {@link ExpressionSyntax}),
 * and evaluated in the same sandbox as a render (strict undefined, Python's semantics, the same
 * filters and limits). Parsing it at load also puts it in the engine's cache of parsed expressions
 * (jinjava keeps 1,000 per engine, that is per kind), where each evaluation finds it. Immutable and
 * thread-safe; each evaluation has an interpreter of its own.
 */
final class ReadinessExpression {

  /** Longest text a {@code message} expression may show; the rest is cut. */
  static final int MAX_MESSAGE = 1_000;

  private final String key;
  private final String expression;

  private ReadinessExpression(String key, String expression) {
    this.key = key;
    this.expression = expression;
  }

  /**
   * Parses {@code text}, the value of {@code key} ({@code ready}, {@code failed}, {@code message}).
   *
   * @return the expression, or what is wrong with it as a sentence
   */
  static Result compile(Jinjava jinjava, String key, String text) {
    String stripped = text.strip();
    if (stripped.startsWith("{{") || stripped.startsWith("{%")) {
      return Result.problem(key + ": " + notOne(text));
    }
    ParsedSource parsed = ParsedSource.of(jinjava, "{{ " + text + " }}");
    Optional<UnsupportedSyntax.Problem> problem = parsed.refusal();
    if (problem.isPresent()) {
      return Result.problem(
          key
              + ": "
              + (parsed.parseError() ? "the expression does not parse: " : "")
              + problem.get().message());
    }
    Node root = parsed.root();
    if (root.getChildren().size() != 1
        || !(root.getChildren().getFirst() instanceof ExpressionNode node)
        || !(node.getMaster() instanceof ExpressionToken token)) {
      return Result.problem(key + ": " + notOne(text));
    }
    return new Result(new ReadinessExpression(key, token.getExpr()), null);
  }

  private static String notOne(String text) {
    return "'"
        + text
        + "' is not one expression; write the expression alone, without {{ }} or {% %}";
  }

  /**
   * What {@link #compile} gives.
   *
   * @param expression the expression, when it parsed
   * @param problem why it did not, otherwise
   */
  record Result(ReadinessExpression expression, String problem) {
    static Result problem(String problem) {
      return new Result(null, problem);
    }
  }

  /** {@code ready}, {@code failed} or {@code message}. */
  String key() {
    return key;
  }

  /**
   * Whether the expression is true, in Python's sense, for these variables.
   *
   * @throws Failure saying why it could not be evaluated
   */
  boolean holds(Jinjava jinjava, Map<String, Object> variables) {
    return evaluate(jinjava, variables, (value, slots) -> PythonTruth.of(value));
  }

  /**
   * The expression's value as Jinja2 prints it ({@code none} as nothing), cut to {@link
   * #MAX_MESSAGE} characters.
   *
   * @throws Failure saying why it could not be evaluated
   */
  String text(Jinjava jinjava, Map<String, Object> variables) {
    String text =
        evaluate(jinjava, variables, (value, slots) -> slots.resolveText(slots.print(value)))
            .strip();
    return text.length() > MAX_MESSAGE ? text.substring(0, MAX_MESSAGE) + "..." : text;
  }

  /** Turns the expression's value into what the caller needs, inside the evaluation. */
  private interface Conversion<T> {
    T apply(Object value, PrintedValues slots);
  }

  private <T> T evaluate(Jinjava jinjava, Map<String, Object> variables, Conversion<T> convert) {
    JinjavaInterpreter interpreter = Renderer.interpreter(jinjava, variables);
    PrintedValues slots = new PrintedValues(ResourceStrings.of(variables));
    T result;
    try {
      result =
          slots.use(
              () -> {
                JinjavaInterpreter.pushCurrent(interpreter);
                try {
                  Object value = interpreter.resolveELExpression(expression, 1);
                  failure(interpreter);
                  if (value instanceof Undefined) {
                    throw new TemplateFailure(Undefined.message(expression.strip()));
                  }
                  return convert.apply(value, slots);
                } finally {
                  JinjavaInterpreter.popCurrent();
                }
              });
    } catch (Failure e) {
      throw e;
    } catch (RuntimeException e) {
      throw new Failure(key + ": " + RenderErrors.describe(e));
    } catch (RenderInterpreter.Expired e) {
      throw new Failure(key + ": " + e.getMessage());
    } catch (StackOverflowError | OutOfMemoryError e) {
      throw new Failure(key + ": " + RenderErrors.describe(e));
    }
    failure(interpreter);
    return result;
  }

  /** Throws the first error the evaluation recorded rather than threw, if any. */
  private void failure(JinjavaInterpreter interpreter) {
    if (interpreter instanceof RenderInterpreter timed && timed.expired()) {
      throw new Failure(key + ": " + timed.expiredMessage());
    }
    for (TemplateError error : interpreter.getErrors()) {
      if (RenderErrors.isFailure(error)) {
        throw new Failure(key + ": " + RenderErrors.describe(error));
      }
    }
  }

  /** The expression could not be evaluated; the message names the key and the cause. */
  static final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Failure(String message) {
      super(message, null, false, false);
    }
  }

  @Override
  public String toString() {
    return key + ": " + expression;
  }
}
