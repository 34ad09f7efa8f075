package io.webserveroperator.manifest;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A render's objects by role: the resource's children, which are applied, owned and pruned, and its
 * hooks, which run at their moments ({@link Ordering.Hook}) and are no children. The one place that
 * tells them apart, for the reconcile, the deletion, {@code diff} and {@code lint} alike.
 *
 * @param children every object but the hooks, in render order
 * @param hooks the hook objects, in render order
 */
public record RenderedParts(List<RenderedObject> children, List<RenderedObject> hooks) {

  public RenderedParts {
    children = List.copyOf(children);
    hooks = List.copyOf(hooks);
  }

  /** The objects of one render, split by role. */
  public static RenderedParts of(List<RenderedObject> rendered) {
    Map<Boolean, List<RenderedObject>> byRole =
        rendered.stream()
            .collect(Collectors.partitioningBy(object -> Ordering.of(object.body()).isHook()));
    return new RenderedParts(byRole.get(false), byRole.get(true));
  }

  /** The hooks that run at any of {@code moments}. */
  public List<RenderedObject> hooksAt(Ordering.Hook... moments) {
    List<Ordering.Hook> wanted = Arrays.asList(moments);
    return hooks.stream()
        .filter(hook -> Ordering.of(hook.body()).hooks().stream().anyMatch(wanted::contains))
        .toList();
  }
}
