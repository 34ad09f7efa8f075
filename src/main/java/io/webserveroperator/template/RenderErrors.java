package io.webserveroperator.template;

import com.hubspot.jinjava.interpret.InterpretException;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.interpret.TemplateError.ErrorType;
import com.hubspot.jinjava.interpret.errorcategory.BasicTemplateErrorCategory;
import com.hubspot.jinjava.interpret.errorcategory.TemplateErrorCategory;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns jinjava's errors into the sentences a template author needs. */
final class RenderErrors {

  private static final Set<TemplateErrorCategory> CYCLES =
      Set.of(
          BasicTemplateErrorCategory.CYCLE_DETECTED,
          BasicTemplateErrorCategory.INCLUDE_CYCLE_DETECTED,
          BasicTemplateErrorCategory.IMPORT_CYCLE_DETECTED,
          BasicTemplateErrorCategory.FROM_CYCLE_DETECTED);

  private static final Pattern UNKNOWN_TOKEN = Pattern.compile("Unknown token found: (.*)");

  private RenderErrors() {}

  /** Whether an error jinjava recorded must fail the render; warnings do not. */
  static boolean isFailure(TemplateError error) {
    // Jinjava only warns when it cuts a recursion or an include cycle short, and renders on with
    // the part missing: a manifest with a hole is worse than none.
    return error.getSeverity() == ErrorType.FATAL || CYCLES.contains(error.getCategory());
  }

  static String describe(TemplateError error) {
    TemplateFailure failure = find(error.getException());
    if (failure != null) {
      return failure.getMessage();
    }
    return translate(error.getMessage() == null ? error.toString() : error.getMessage());
  }

  private static String translate(String message) {
    if (message.contains("OutputTooBig")) {
      return "the template rendered more than " + EngineFactory.MAX_OUTPUT + " characters";
    }
    Matcher unknown = UNKNOWN_TOKEN.matcher(message);
    if (unknown.find()) {
      return undefined(unknown.group(1).strip());
    }
    return message;
  }

  /** What an author reads when an expression names something that is not there. */
  static String undefined(String expression) {
    return "unknown variable or undefined value '"
        + expression
        + "' (use '| default(...)' or 'is defined' for optional fields)";
  }

  static String describe(RuntimeException e) {
    TemplateFailure failure = find(e);
    if (failure != null) {
      return failure.getMessage();
    }
    String message = e.getMessage();
    return message == null ? e.getClass().getSimpleName() : translate(message);
  }

  /** The template line of a thrown error: the expression's own line when jinjava knows it. */
  static int line(RuntimeException e, JinjavaInterpreter interpreter) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof InterpretException interpret && interpret.getLineNumber() > 0) {
        return interpret.getLineNumber();
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return interpreter.getLineNumber();
  }

  private static TemplateFailure find(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof TemplateFailure failure) {
        return failure;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }
}
