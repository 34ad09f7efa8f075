package io.webserveroperator.template.lib;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.NullValue;
import io.webserveroperator.template.python.Undefined;
import java.time.Duration;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The interpreter of one render: jinjava's, with the hooks it lacks. It stops the render once its
 * time is up: jinjava has no time limit and ignores interrupts, but every loop iteration, tag,
 * expression and macro call asks the interpreter for its context, so that is where the clock is
 * read. And since every variable a template names is looked up here: a loop variable or macro
 * argument that is none reads as none ({@link JinjaForTag}, {@link JinjaMacroTag}), and what is
 * hidden from a macro imported or a template included without context is undefined ({@link
 * #hiding}). Not thread-safe, like every interpreter.
 */
public final class RenderInterpreter extends JinjavaInterpreter {

  /** Reads the clock once per this many context look-ups; a look-up takes nanoseconds. */
  private static final int CHECK_EVERY = 256;

  /** Jinja2's literals, which jinjava looks up as names in some places: never hidden. */
  private static final Set<String> LITERALS =
      Set.of("none", "None", "true", "True", "false", "False");

  private final Duration limit;
  private final long deadline;
  private int lookups;
  private boolean expired;
  private Context hidden;

  public RenderInterpreter(Jinjava jinjava, Context context, JinjavaConfig config, Duration limit) {
    super(jinjava, context, config);
    this.limit = limit;
    this.deadline = System.nanoTime() + limit.toNanos();
  }

  @Override
  public Context getContext() {
    if (expired || (++lookups % CHECK_EVERY == 0 && System.nanoTime() - deadline > 0)) {
      // Sticky: a macro call turns the error into a recorded one and renders on, so every later
      // look-up fails too and each enclosing loop, tag and macro stops at its next step.
      expired = true;
      throw new Expired(limit);
    }
    return super.getContext();
  }

  /**
   * A loop variable or macro argument that is none holds NullValue, so that it hides an outer
   * variable of its name; a variable of the hidden scopes is undefined.
   */
  @Override
  public Object retraceVariable(String variable, int lineNumber, int startPosition) {
    if (hidden != null && !LITERALS.contains(variable) && !setAboveHidden(variable)) {
      return Undefined.variable(variable);
    }
    Object value = super.retraceVariable(variable, lineNumber, startPosition);
    return value instanceof NullValue ? null : value;
  }

  /**
   * Runs {@code body} with the variables of {@code scope} and the scopes it is nested in hidden
   * from the names a template reads, or none hidden when {@code scope} is null.
   */
  <T> T hiding(Context scope, Supplier<T> body) {
    Context before = hidden;
    hidden = scope;
    try {
      return body.get();
    } finally {
      hidden = before;
    }
  }

  private boolean setAboveHidden(String variable) {
    for (Context scope = super.getContext();
        scope != null && scope != hidden;
        scope = scope.getParent()) {
      if (scope.getScope().containsKey(variable)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the render ran out of time, even where jinjava recorded that instead of throwing. */
  public boolean expired() {
    return expired;
  }

  /** The message of a render that ran out of time. */
  public String expiredMessage() {
    return new Expired(limit).getMessage();
  }

  /**
   * The render ran out of time. An {@link Error}, not an exception: jinjava catches exceptions
   * inside loops and expressions, records them and renders on, which would keep the loop going.
   */
  public static final class Expired extends Error {

    private static final long serialVersionUID = 1L;

    Expired(Duration limit) {
      super(
          "rendering took longer than "
              + limit.toMillis()
              + " ms and was stopped; a loop or a macro recursion runs too long",
          null,
          false,
          false);
    }
  }
}
