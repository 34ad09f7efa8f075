package io.webserveroperator.template;

import io.webserveroperator.template.output.ResourceStrings;
import java.util.AbstractMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@code children} as every template reads it: the resource's live children by kind, then name,
 * read once per render when a template first uses it, so that a render that never reads them asks
 * for none. A kind with no child reads as an empty dict, so that {@code
 * children.Service['web-service'] is defined} is false while there is none, never an error. Its
 * strings are the cluster's, as a spec's are ({@link ResourceStrings}); a child Secret's values are
 * masked wherever the render is shown. Read-only; one per render.
 */
final class ChildrenView extends AbstractMap<String, Object> {

  private static final String NAME = "children";

  private final Supplier<Map<String, Map<String, Map<String, Object>>>> source;
  private final ResourceStrings strings;
  private Map<String, Object> view;

  ChildrenView(
      Supplier<Map<String, Map<String, Map<String, Object>>>> source, ResourceStrings strings) {
    this.source = source;
    this.strings = strings;
  }

  private Map<String, Object> view() {
    if (view == null) {
      Map<String, Map<String, Map<String, Object>>> children =
          Objects.requireNonNullElse(source.get(), Map.of());
      Map<String, Object> copy = ContextValues.copyMap(children);
      strings.add(copy, NAME);
      children.values().stream()
          .flatMap(byName -> byName.values().stream())
          .flatMap(child -> SecretValues.of(child).stream())
          .forEach(strings::addSecretValue);
      view = copy;
    }
    return view;
  }

  @Override
  public Set<Entry<String, Object>> entrySet() {
    return view().entrySet();
  }

  @Override
  public Object get(Object kind) {
    Object children = view().get(kind);
    return children != null ? children : Map.of();
  }

  @Override
  public boolean containsKey(Object kind) {
    return view().containsKey(kind);
  }

  @Override
  public int size() {
    return view().size();
  }
}
