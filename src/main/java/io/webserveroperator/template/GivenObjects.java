package io.webserveroperator.template;

import io.webserveroperator.manifest.UntypedMaps;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The cluster as files give it, for commands that run without one ({@code render --lookup-file},
 * {@code test}): a lookup finds the given objects that match it, as the API server would (kind,
 * namespace, name, labels), and nothing when none does; {@code children} holds the children given.
 * A {@code List} ({@code kind: ConfigMapList}, {@code kind: List}) stands for its items.
 */
public final class GivenObjects implements ClusterReads {

  private static final Comparator<Map<String, Object>> BY_NAME =
      Comparator.comparing((Map<String, Object> o) -> Objects.toString(meta(o, "namespace"), ""))
          .thenComparing(o -> Objects.toString(meta(o, "name"), ""));

  private final List<Map<String, Object>> objects;
  private final List<Map<String, Object>> children;

  /**
   * @param objects what lookups may find
   * @param children the resource's children
   */
  public GivenObjects(List<Map<String, Object>> objects, List<Map<String, Object>> children) {
    this.objects = flatten(objects);
    this.children = flatten(children);
  }

  @Override
  public Map<String, Map<String, Map<String, Object>>> children() {
    Map<String, Map<String, Map<String, Object>>> byKind = new LinkedHashMap<>();
    for (Map<String, Object> child : children) {
      byKind
          .computeIfAbsent(String.valueOf(child.get("kind")), k -> new LinkedHashMap<>())
          .put(String.valueOf(meta(child, "name")), child);
    }
    return byKind;
  }

  @Override
  public List<Map<String, Object>> lookup(Lookup lookup) {
    return objects.stream()
        .filter(o -> lookup.apiVersion().equals(o.get("apiVersion")))
        .filter(o -> lookup.kind().equals(o.get("kind")))
        .filter(o -> lookup.namespace() == null || lookup.namespace().equals(meta(o, "namespace")))
        .filter(o -> lookup.isList() || lookup.name().equals(meta(o, "name")))
        .filter(o -> lookup.selects(labels(o)))
        .sorted(BY_NAME)
        .toList();
  }

  /** The objects, each {@code List} replaced by its items. */
  private static List<Map<String, Object>> flatten(List<Map<String, Object>> given) {
    List<Map<String, Object>> flat = new ArrayList<>();
    for (Map<String, Object> object : given) {
      if (String.valueOf(object.get("kind")).endsWith("List") && object.get("items") != null) {
        UntypedMaps.asList(object.get("items"), "a List's items")
            .forEach(item -> flat.add(UntypedMaps.asMap(item, "an item of a List")));
      } else {
        flat.add(object);
      }
    }
    return List.copyOf(flat);
  }

  private static Object meta(Map<String, Object> object, String field) {
    return UntypedMaps.get(object, "metadata", field);
  }

  private static Map<String, String> labels(Map<String, Object> object) {
    Map<String, String> labels = new LinkedHashMap<>();
    UntypedMaps.getMapOrEmpty(object, "metadata", "labels")
        .forEach((key, value) -> labels.put(key, String.valueOf(value)));
    return labels;
  }
}
