package io.webserveroperator.manifest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Checks the order of one resource's rendered objects as a whole: every {@code depends-on} names
 * one sibling at most, no object waits for itself through its siblings or through the waves (an
 * object that depends on a sibling of a later wave waits for that sibling, which waits for the
 * object's wave), and no object replaces one that is still rendered. A sibling the templates do not
 * render this time (an optional object) is no reason to wait and no error. Pure.
 */
public final class OrderCheck {

  private OrderCheck() {}

  /**
   * What is wrong with the order of {@code objects}, if anything.
   *
   * @param object the object whose annotation is at fault
   * @param annotation that annotation, for finding its line in the template
   * @param message what is wrong, naming the objects and, for a circle, every object on it
   */
  public record Problem(RenderedObject object, String annotation, String message) {}

  /** The first problem in render order; empty when the objects can be applied in order. */
  public static Optional<Problem> problem(List<RenderedObject> objects) {
    Map<ObjectRef, Ordering> orderings = new LinkedHashMap<>();
    for (RenderedObject object : objects) {
      Ordering ordering = Ordering.of(object.body());
      if (!ordering.isHook()) {
        orderings.put(object.ref(), ordering);
      }
    }
    Map<ObjectRef, RenderedObject> byRef = new HashMap<>();
    objects.forEach(object -> byRef.put(object.ref(), object));
    Map<ObjectRef, List<ObjectRef>> edges = new LinkedHashMap<>();
    for (Map.Entry<ObjectRef, Ordering> entry : orderings.entrySet()) {
      ObjectRef ref = entry.getKey();
      Ordering ordering = entry.getValue();
      List<ObjectRef> waitsFor = new ArrayList<>();
      for (Ordering.Sibling sibling : ordering.dependsOn()) {
        List<ObjectRef> matches = orderings.keySet().stream().filter(sibling::matches).toList();
        if (matches.size() > 1) {
          return Optional.of(
              new Problem(
                  byRef.get(ref),
                  Ordering.DEPENDS_ON,
                  ref
                      + " depends on "
                      + sibling
                      + ", which names "
                      + names(matches)
                      + "; write group/Kind/name to say which"));
        }
        if (matches.isEmpty()) {
          continue;
        }
        ObjectRef target = matches.get(0);
        int targetWave = orderings.get(target).wave();
        if (target.equals(ref)) {
          return Optional.of(
              new Problem(byRef.get(ref), Ordering.DEPENDS_ON, ref + " depends on itself"));
        }
        if (targetWave > ordering.wave()) {
          return Optional.of(
              new Problem(
                  byRef.get(ref),
                  Ordering.DEPENDS_ON,
                  "a circle: "
                      + ref
                      + " (wave "
                      + ordering.wave()
                      + ") depends on "
                      + target
                      + " (wave "
                      + targetWave
                      + "), which waits for every object of wave "
                      + ordering.wave()
                      + "; put them in one wave or drop the depends-on"));
        }
        waitsFor.add(target);
      }
      edges.put(ref, waitsFor);
      if (ordering.replaces().isPresent()) {
        Ordering.Sibling replaced = ordering.replaces().get();
        Optional<ObjectRef> rendered =
            byRef.keySet().stream().filter(replaced::matches).findFirst();
        if (rendered.isPresent()) {
          return Optional.of(
              new Problem(
                  byRef.get(ref),
                  Ordering.REPLACES,
                  ref
                      + " replaces "
                      + replaced
                      + ", which a template still renders: the replaced object must be one the"
                      + " templates no longer render"));
        }
      }
    }
    return circle(edges).map(circle -> circleProblem(circle, byRef));
  }

  private static Problem circleProblem(List<ObjectRef> circle, Map<ObjectRef, RenderedObject> by) {
    return new Problem(
        by.get(circle.get(0)),
        Ordering.DEPENDS_ON,
        "a circle of depends-on: "
            + circle.stream().map(ObjectRef::toString).collect(Collectors.joining(" -> "))
            + "; each waits for the next to be ready, so none would ever be applied");
  }

  /** A path that returns to its start, start repeated at the end; empty when there is none. */
  private static Optional<List<ObjectRef>> circle(Map<ObjectRef, List<ObjectRef>> edges) {
    Map<ObjectRef, Integer> state = new HashMap<>();
    for (ObjectRef start : edges.keySet()) {
      List<ObjectRef> path = new ArrayList<>();
      Optional<List<ObjectRef>> found = visit(start, edges, state, path);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  private static final int VISITING = 1;
  private static final int DONE = 2;

  private static Optional<List<ObjectRef>> visit(
      ObjectRef node,
      Map<ObjectRef, List<ObjectRef>> edges,
      Map<ObjectRef, Integer> state,
      List<ObjectRef> path) {
    Integer seen = state.get(node);
    if (seen != null && seen == DONE) {
      return Optional.empty();
    }
    if (seen != null) {
      List<ObjectRef> circle = new ArrayList<>(path.subList(path.indexOf(node), path.size()));
      circle.add(node);
      return Optional.of(circle);
    }
    state.put(node, VISITING);
    path.add(node);
    for (ObjectRef next : edges.getOrDefault(node, List.of())) {
      Optional<List<ObjectRef>> found = visit(next, edges, state, path);
      if (found.isPresent()) {
        return found;
      }
    }
    path.remove(path.size() - 1);
    state.put(node, DONE);
    return Optional.empty();
  }

  private static String names(List<ObjectRef> refs) {
    return refs.stream().map(ObjectRef::toString).collect(Collectors.joining(" and "));
  }
}
