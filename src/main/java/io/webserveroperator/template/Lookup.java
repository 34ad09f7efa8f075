package io.webserveroperator.template;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One read a template makes with {@code lookup}: by name, one object; with an empty name, the list
 * of a kind's objects, narrowed by labels. What a render read, and so what a change of which
 * re-renders it, is a set of these.
 *
 * @param apiVersion as a manifest writes it, e.g. {@code v1} or {@code apps/v1}
 * @param kind e.g. {@code ConfigMap}
 * @param namespace where to read; null for a cluster-scoped kind (or for every namespace, which no
 *     template asks for: an empty namespace is the resource's own)
 * @param name the object's name; empty for the list
 * @param selector labels each listed object must have; empty for all, and for a read by name
 */
public record Lookup(
    String apiVersion, String kind, String namespace, String name, Map<String, String> selector) {

  public Lookup {
    Objects.requireNonNull(apiVersion, "apiVersion");
    Objects.requireNonNull(kind, "kind");
    name = name == null ? "" : name;
    selector = selector == null ? Map.of() : Map.copyOf(new TreeMap<>(selector));
    if (!name.isEmpty() && !selector.isEmpty()) {
      throw new IllegalArgumentException("a lookup by name takes no selector");
    }
  }

  /** One object by name. */
  public static Lookup named(String apiVersion, String kind, String namespace, String name) {
    return new Lookup(apiVersion, kind, namespace, name, Map.of());
  }

  /** Whether it asks for a list rather than one object. */
  public boolean isList() {
    return name.isEmpty();
  }

  /** The same lookup, read without a namespace: for a kind that has none. */
  public Lookup clusterScoped() {
    return namespace == null ? this : new Lookup(apiVersion, kind, null, name, selector);
  }

  /** The API group: the part of {@code apiVersion} before the slash; empty for the core group. */
  public String group() {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  /** Whether {@code labels} has every label of the selector. */
  public boolean selects(Map<String, String> labels) {
    return selector.entrySet().stream()
        .allMatch(label -> label.getValue().equals(labels.get(label.getKey())));
  }

  /**
   * The call as a template writes it: {@code lookup('v1', 'ConfigMap', 'platform', 'defaults')},
   * with {@code selector={'tier': 'db'}} when it has one.
   */
  public String describe() {
    String call =
        "lookup('"
            + apiVersion
            + "', '"
            + kind
            + "', '"
            + (namespace == null ? "" : namespace)
            + "', '"
            + name
            + "'";
    if (!selector.isEmpty()) {
      call +=
          ", selector={"
              + selector.entrySet().stream()
                  .map(label -> "'" + label.getKey() + "': '" + label.getValue() + "'")
                  .collect(Collectors.joining(", "))
              + "}";
    }
    return call + ")";
  }

  @Override
  public String toString() {
    return describe();
  }
}
