package io.webserveroperator.lint;

import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.manifest.RenderedParts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What the order annotations of one render mean for the objects it made, where a render error would
 * be wrong (an optional sibling is no error) but a reader should look:
 *
 * <ul>
 *   <li>a {@code depends-on} naming a sibling this render does not make: it waits for nothing, a
 *       typo or an object the sample leaves out;
 *   <li>a PersistentVolumeClaim in an earlier wave than a pod template that mounts it: with a
 *       StorageClass that binds {@code WaitForFirstConsumer}, the claim is not ready before its
 *       consumer exists, and the consumer's wave never starts.
 * </ul>
 *
 * Both are warnings at the annotation's or the {@code kind:} line.
 */
final class OrderLint {

  private static final List<String> ANNOTATIONS = List.of("metadata", "annotations");

  private OrderLint() {}

  /**
   * @param source the text of a template, by its name as rendered objects give it
   * @param template the template's path, by the same name
   * @param renderedFrom the sample or test case rendered, for the message
   */
  static List<Finding> check(
      List<RenderedObject> objects,
      Function<String, String> source,
      Function<String, Path> template,
      String renderedFrom) {
    List<Finding> findings = new ArrayList<>();
    List<RenderedObject> ordinary = RenderedParts.of(objects).children();
    for (RenderedObject object : ordinary) {
      Ordering ordering = Ordering.of(object.body());
      for (Ordering.Sibling sibling : ordering.dependsOn()) {
        if (ordinary.stream().map(RenderedObject::ref).noneMatch(sibling::matches)) {
          findings.add(
              Finding.warning(
                  template.apply(object.template()).toString(),
                  TemplateLines.lineOf(
                      source.apply(object.template()), annotation(Ordering.DEPENDS_ON)),
                  object.ref()
                      + " depends on "
                      + sibling
                      + ", which no template renders for "
                      + renderedFrom
                      + ", so it waits for nothing; check the name"));
        }
      }
    }
    for (RenderedObject claim : ordinary) {
      if (!claim.ref().kind().equals("PersistentVolumeClaim") || !claim.ref().group().isEmpty()) {
        continue;
      }
      int claimWave = Ordering.of(claim.body()).wave();
      for (RenderedObject consumer : ordinary) {
        int consumerWave = Ordering.of(consumer.body()).wave();
        if (consumerWave > claimWave && claimNames(consumer.body()).contains(claim.ref().name())) {
          findings.add(
              Finding.warning(
                  template.apply(claim.template()).toString(),
                  TemplateLines.lineOf(source.apply(claim.template()), annotation(Ordering.WAVE)),
                  claim.ref()
                      + " (wave "
                      + claimWave
                      + ") is mounted by "
                      + consumer.ref()
                      + " (wave "
                      + consumerWave
                      + "): if its StorageClass binds WaitForFirstConsumer, the claim is not"
                      + " ready before its consumer exists and wave "
                      + consumerWave
                      + " never starts; put them in one wave"));
        }
      }
    }
    return findings;
  }

  private static List<String> annotation(String key) {
    List<String> path = new ArrayList<>(ANNOTATIONS);
    path.add(key);
    return path;
  }

  /** The claims a pod (or a pod template anywhere in the object) mounts by name. */
  private static Set<String> claimNames(Object node) {
    Set<String> names = new LinkedHashSet<>();
    collect(node, names);
    return names;
  }

  private static void collect(Object node, Set<String> names) {
    if (node instanceof Map<?, ?> map) {
      Object claim = map.get("persistentVolumeClaim");
      if (claim instanceof Map<?, ?> source && source.get("claimName") instanceof String name) {
        names.add(name);
      }
      map.values().forEach(value -> collect(value, names));
    } else if (node instanceof List<?> list) {
      list.forEach(item -> collect(item, names));
    }
  }
}
