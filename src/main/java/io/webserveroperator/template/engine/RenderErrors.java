package io.webserveroperator.template.engine;

import com.hubspot.jinjava.interpret.InterpretException;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.OutputTooBigException;
import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.interpret.TemplateError.ErrorReason;
import com.hubspot.jinjava.interpret.TemplateError.ErrorType;
import com.hubspot.jinjava.interpret.errorcategory.BasicTemplateErrorCategory;
import com.hubspot.jinjava.interpret.errorcategory.TemplateErrorCategory;
import io.webserveroperator.template.python.OutputBudget;
import io.webserveroperator.template.python.TemplateFailure;
import io.webserveroperator.template.python.TypeNames;
import io.webserveroperator.template.python.Undefined;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns jinjava's errors into the sentences a template author needs, in Python's words: no Java
 * class, exception or package name reaches a message.
 */
public final class RenderErrors {

  private static final Set<TemplateErrorCategory> CYCLES =
      Set.of(
          BasicTemplateErrorCategory.CYCLE_DETECTED,
          BasicTemplateErrorCategory.INCLUDE_CYCLE_DETECTED,
          BasicTemplateErrorCategory.IMPORT_CYCLE_DETECTED,
          BasicTemplateErrorCategory.FROM_CYCLE_DETECTED);

  private static final String RENDERING_TAG = "Error rendering tag";
  private static final Pattern UNKNOWN_TOKEN = Pattern.compile("Unknown token found: (.*)");
  private static final Pattern TRUNCATED =
      Pattern.compile(
          "Result of (\\w+) filter has been truncated to the max String length of (\\d+)");
  private static final Pattern SLICES =
      Pattern.compile("The value of the 'slices' parameter is greater than (\\d+)");
  private static final Pattern COERCE =
      Pattern.compile("Cannot coerce '(.*)' of class ([\\w.$]+) to class ([\\w.$]+)[^)]*\\)");
  private static final Pattern CAST =
      Pattern.compile("class ([\\w.$]+) cannot be cast to class ([\\w.$]+)(?: \\([^)]*\\))?");
  private static final Pattern ARITHMETIC =
      Pattern.compile("ArithmeticException when resolving expression \\[(.*)\\]: (.*)");
  private static final Pattern NOT_A_NUMBER =
      Pattern.compile("NumberFormatException: For input string: \"(.*)\"");
  private static final Pattern JAVA_EXCEPTION = Pattern.compile("\\b[\\w.$]+(Exception|Error): ");
  private static final Pattern JAVA_NAME =
      Pattern.compile(
          "\\b(java|javax|jdk|sun|com\\.hubspot|com\\.google|com\\.fasterxml|de\\.odysseus"
              + "|org\\.apache|io\\.webserveroperator)(\\.[\\w$]+)+");

  private RenderErrors() {}

  /** Whether an error jinjava recorded must fail the render; warnings do not. */
  public static boolean isFailure(TemplateError error) {
    // Jinjava only warns when it cuts a recursion or an include cycle short, truncates a joined
    // string or reduces a slice count, and renders on: a manifest with a hole is worse than none.
    return error.getSeverity() == ErrorType.FATAL
        || CYCLES.contains(error.getCategory())
        || error.getReason() == ErrorReason.OVER_LIMIT
        || error.getException() instanceof OutputTooBigException;
  }

  public static String describe(TemplateError error) {
    TemplateFailure failure = find(error.getException(), TemplateFailure.class);
    if (failure != null) {
      return failure.getMessage();
    }
    // Thrown inside a filter or macro call, which jinjava records and renders on from.
    Error exhausted = find(error.getException(), StackOverflowError.class);
    exhausted = exhausted != null ? exhausted : find(error.getException(), OutOfMemoryError.class);
    if (exhausted != null) {
      return describe(exhausted);
    }
    return translate(error.getMessage() == null ? error.toString() : error.getMessage());
  }

  /** A render that ran out of stack or memory. */
  public static String describe(Error exhausted) {
    return exhausted instanceof StackOverflowError
        ? "the template nests too deeply (blocks, macro calls or includes inside each other, or"
            + " the dicts and lists of a value): flatten it"
        : "rendering ran out of memory: the template builds too much";
  }

  /** A jinjava or Java message in the words of a template author, without Java names. */
  private static String translate(String message) {
    if (message.contains("OutputTooBig")) {
      return OutputBudget.OUTPUT_TOO_BIG;
    }
    Matcher truncated = TRUNCATED.matcher(message);
    if (truncated.find()) {
      return OutputBudget.tooLarge(truncated.group(1), "more than " + truncated.group(2));
    }
    Matcher slices = SLICES.matcher(message);
    if (slices.find()) {
      return "slice makes at most " + slices.group(1) + " slices";
    }
    Matcher unknown = UNKNOWN_TOKEN.matcher(message);
    if (unknown.find()) {
      return Undefined.message(unknown.group(1).strip());
    }
    Matcher arithmetic = ARITHMETIC.matcher(message);
    if (arithmetic.find()) {
      String problem = arithmetic.group(2).contains("by zero") ? "division by zero" : "no result";
      return "cannot compute '" + arithmetic.group(1) + "': " + problem;
    }
    String text =
        COERCE
            .matcher(message)
            .replaceAll(
                m ->
                    Matcher.quoteReplacement(
                        "cannot use '"
                            + m.group(1)
                            + "' ("
                            + TypeNames.ofClass(m.group(2))
                            + ") as "
                            + TypeNames.ofClass(m.group(3))));
    text =
        CAST.matcher(text)
            .replaceAll(
                m ->
                    Matcher.quoteReplacement(
                        "cannot use "
                            + TypeNames.ofClass(m.group(1))
                            + " as "
                            + TypeNames.ofClass(m.group(2))));
    text =
        NOT_A_NUMBER
            .matcher(text)
            .replaceAll(m -> Matcher.quoteReplacement("'" + m.group(1) + "' is not a number"));
    text = JAVA_EXCEPTION.matcher(text).replaceAll("");
    return JAVA_NAME.matcher(text).replaceAll(m -> TypeNames.ofClass(m.group()));
  }

  public static String describe(RuntimeException e) {
    TemplateFailure failure = find(e, TemplateFailure.class);
    if (failure != null) {
      return failure.getMessage();
    }
    String message = e.getMessage();
    if (RENDERING_TAG.equals(message) && e.getCause() instanceof RuntimeException cause) {
      // Jinjava's wrapper around whatever a tag threw says nothing itself.
      return describe(cause);
    }
    return message == null ? "the engine failed without saying why" : translate(message);
  }

  /** The template line of a thrown error: the expression's own line when jinjava knows it. */
  public static int line(RuntimeException e, JinjavaInterpreter interpreter) {
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

  /** The first throwable of that type in the chain of causes, or null. */
  private static <T extends Throwable> T find(Throwable error, Class<T> type) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }
}
