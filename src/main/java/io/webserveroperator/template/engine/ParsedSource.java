package io.webserveroperator.template.engine;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.tree.Node;
import io.webserveroperator.template.sandbox.UnsupportedSyntax;
import java.util.Optional;

/**
 * A template's or an expression's source, parsed once as the engine loads it, with the first thing
 * it refuses: a fatal parse error, then syntax the engine does not support ({@link
 * UnsupportedSyntax}, {@link ExpressionSyntax}). Templates and readiness rules load alike.
 *
 * @param interpreter the interpreter it was parsed with, for parsing it again
 * @param root the parsed tree
 * @param refusal the line and sentence of the first refusal, if any; a parse error's sentence is
 *     jinjava's own, for the caller to introduce
 * @param parseError whether the refusal is a parse error rather than refused syntax
 */
public record ParsedSource(
    JinjavaInterpreter interpreter,
    Node root,
    Optional<UnsupportedSyntax.Problem> refusal,
    boolean parseError) {

  public static ParsedSource of(Jinjava jinjava, String source) {
    JinjavaInterpreter interpreter =
        new JinjavaInterpreter(
            jinjava, new Context(jinjava.getGlobalContext()), jinjava.getGlobalConfig());
    Node root = interpreter.parse(source);
    for (TemplateError error : interpreter.getErrors()) {
      if (error.getSeverity() == TemplateError.ErrorType.FATAL) {
        return new ParsedSource(
            interpreter,
            root,
            Optional.of(new UnsupportedSyntax.Problem(error.getLineno(), error.getMessage())),
            true);
      }
    }
    return new ParsedSource(
        interpreter,
        root,
        UnsupportedSyntax.find(source, root)
            .or(() -> ExpressionSyntax.find(jinjava, interpreter, root)),
        false);
  }
}
