package io.webserveroperator.templatetest;

import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.RenderedObject;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code order}: when the rendered object that {@code document} selects is applied, as its order
 * annotations say: its wave, and the hook it runs as.
 *
 * @param document which rendered object
 * @param wave the wave it must be in, if given
 * @param hook a moment it must run at as a hook ({@code pre-upgrade}), if given; {@code none} for
 *     an object that is no hook
 */
record OrderIs(DocumentSelector document, Optional<Integer> wave, Optional<String> hook)
    implements Assertion {

  @Override
  public void check(CaseContext context) {
    // Says what matched and what rendered when not exactly one object matches.
    context.rendering().object(document);
    RenderedObject object = context.rendering().matching(document).get(0);
    Ordering ordering = Ordering.of(object.body());
    if (wave.isPresent() && wave.get() != ordering.wave()) {
      throw new AssertionFailure(
          object.ref() + " is in wave " + ordering.wave() + ", not " + wave.get());
    }
    if (hook.isPresent()) {
      String hooks =
          ordering.hooks().isEmpty()
              ? "none"
              : String.join(",", ordering.hooks().stream().map(Ordering.Hook::text).toList());
      boolean matches =
          hook.get().equals("none")
              ? !ordering.isHook()
              : ordering.hooks().stream().anyMatch(h -> h.text().equals(hook.get()));
      if (!matches) {
        throw new AssertionFailure(object.ref() + " runs as hook " + hooks + ", not " + hook.get());
      }
    }
  }

  @Override
  public String describe() {
    return "order"
        + wave.map(w -> " wave " + w).orElse("")
        + hook.map(h -> " hook " + h.toLowerCase(Locale.ROOT)).orElse("")
        + " of rendered "
        + document.describe();
  }
}
