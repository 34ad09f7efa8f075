package io.webserveroperator.manifest;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The custom resource that objects are rendered for, as ownership checks see it.
 *
 * @param apiVersion its API version
 * @param kind its kind
 * @param namespace its namespace, or null when cluster-scoped
 * @param name its name, the value of the children's {@link ManagedLabels#INSTANCE} label
 * @param uid its uid, or null when it does not exist in the cluster yet ({@code diff} of a file)
 */
public record Owner(String apiVersion, String kind, String namespace, String name, String uid) {

  public Owner {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
  }

  /** The owner of the resource given as plain maps. */
  public static Owner of(Map<String, Object> resource) {
    Map<String, Object> meta = UntypedMaps.getMapOrEmpty(resource, "metadata");
    return new Owner(
        text(resource.get("apiVersion")),
        String.valueOf(resource.get("kind")),
        text(meta.get("namespace")),
        String.valueOf(meta.get("name")),
        text(meta.get("uid")));
  }

  /** The API group of its kind: empty for the core group. */
  public String group() {
    return ObjectRef.groupOf(apiVersion);
  }

  /**
   * The labels that name its kind on every object rendered for it ({@link ManagedLabels#OWNER_KIND}
   * and, outside the core group, {@link ManagedLabels#OWNER_GROUP}).
   */
  public Map<String, String> kindLabels() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(ManagedLabels.OWNER_KIND, ManagedLabels.labelValue(kind));
    if (!group().isEmpty()) {
      labels.put(ManagedLabels.OWNER_GROUP, ManagedLabels.labelValue(group()));
    }
    return labels;
  }

  /** Whether {@code object} carries an owner reference to this resource's uid. */
  public boolean isReferencedBy(Map<String, Object> object) {
    return uid != null
        && UntypedMaps.getMaps(object, "metadata", "ownerReferences").stream()
            .anyMatch(reference -> uid.equals(reference.get("uid")));
  }

  /** The resource as an object reference. */
  public ObjectRef ref() {
    return new ObjectRef(apiVersion, kind, namespace, name);
  }

  /** {@code WebServer default/shop}, as messages name it. */
  @Override
  public String toString() {
    return ObjectRef.describe(kind, namespace, name);
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }
}
