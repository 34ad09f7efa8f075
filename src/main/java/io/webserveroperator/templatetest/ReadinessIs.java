package io.webserveroperator.templatetest;

import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.ReadinessVerdict;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code readiness}: how the operator judges a live child, by the tested kind's readiness rule for
 * the child's kind in watches.yaml, else by the built-in rules, exactly as it fills the Ready
 * condition.
 *
 * @param object the live child as written in the test file (with its {@code status}); empty to
 *     judge the one rendered object {@code document} selects, as it is once created (no status)
 * @param document which rendered object, when {@code object} is empty
 * @param expected {@code Ready}, {@code Progressing} or {@code Failed}
 * @param messageContains a text the verdict's message must contain, if given
 */
record ReadinessIs(
    Optional<Map<String, Object>> object,
    DocumentSelector document,
    ReadinessVerdict.State expected,
    Optional<String> messageContains)
    implements Assertion {

  /** The states as written: {@code Ready}, {@code Progressing}, {@code Failed}. */
  static final List<String> STATES = List.of("Ready", "Progressing", "Failed");

  /** The state {@code Ready}, {@code Progressing} or {@code Failed} names, if any. */
  static Optional<ReadinessVerdict.State> state(String name) {
    return STATES.contains(name)
        ? Optional.of(ReadinessVerdict.State.valueOf(name.toUpperCase(Locale.ROOT)))
        : Optional.empty();
  }

  /** {@code Ready}, {@code Progressing} or {@code Failed}. */
  @Override
  public void check(CaseContext context) {
    if (context.readiness() == null) {
      throw new AssertionFailure(
          "the templates did not load: " + context.readinessError().getMessage());
    }
    Map<String, Object> child = object.orElseGet(() -> rendered(context.rendering()));
    ReadinessVerdict verdict = context.readiness().judge(child);
    String judged = ObjectRef.of(child) + " is " + name(verdict.state());
    String because = verdict.message().isEmpty() ? "" : ": " + verdict.message();
    if (verdict.state() != expected) {
      throw new AssertionFailure(judged + ", not " + name(expected) + because);
    }
    if (messageContains.isPresent() && !verdict.message().contains(messageContains.get())) {
      throw new AssertionFailure(
          judged
              + " with another message"
              + (verdict.message().isEmpty() ? " (none)" : ":\n    " + verdict.message()));
    }
  }

  private Map<String, Object> rendered(Rendering rendering) {
    List<RenderedObject> found = rendering.matching(document);
    if (found.size() != 1) {
      // Let the rendering say what matched and what rendered.
      rendering.object(document);
    }
    return found.get(0).body();
  }

  @Override
  public String describe() {
    return "readiness is "
        + name(expected)
        + (object.isPresent()
            ? " of " + ObjectRef.of(object.get())
            : " of rendered " + document.describe());
  }

  /** {@code Ready}, {@code Progressing} or {@code Failed}. */
  private static String name(ReadinessVerdict.State state) {
    String upper = state.name();
    return upper.charAt(0) + upper.substring(1).toLowerCase(Locale.ROOT);
  }
}
