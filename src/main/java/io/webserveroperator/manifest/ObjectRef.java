package io.webserveroperator.manifest;

import java.util.Map;

/**
 * Identity of one Kubernetes object: what the API server knows it by. The namespace is {@code null}
 * for cluster-scoped objects.
 */
public record ObjectRef(String apiVersion, String kind, String namespace, String name) {

  public ObjectRef {
    requireText(apiVersion, "apiVersion");
    requireText(kind, "kind");
    requireText(name, "metadata.name");
    if (namespace != null && namespace.isEmpty()) {
      namespace = null;
    }
  }

  /** The identity of an object given as a map, as parsed from YAML or JSON. */
  public static ObjectRef of(Map<String, Object> object) {
    Map<String, Object> meta = UntypedMaps.getMapOrEmpty(object, "metadata");
    return new ObjectRef(
        text(object.get("apiVersion")),
        text(object.get("kind")),
        text(meta.get("namespace")),
        text(meta.get("name")));
  }

  /** The API group: empty for the core group ({@code v1}). */
  public String group() {
    return groupOf(apiVersion);
  }

  /** The API group of an {@code apiVersion}: empty for the core group and for null. */
  public static String groupOf(String apiVersion) {
    int slash = apiVersion == null ? -1 : apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  /** The version part of {@code apiVersion}. */
  public String version() {
    return apiVersion.substring(apiVersion.indexOf('/') + 1);
  }

  /**
   * {@code Kind namespace/name}, or {@code Kind name} for a cluster-scoped object (a null or empty
   * namespace): how every message names an object.
   */
  public static String describe(String kind, String namespace, String name) {
    return namespace == null || namespace.isEmpty()
        ? kind + " " + name
        : kind + " " + namespace + "/" + name;
  }

  /** Who an object is, whatever API version it is read through. */
  public record Identity(String group, String kind, String namespace, String name) {

    /** {@code Kind namespace/name}, as messages name an object. */
    @Override
    public String toString() {
      return describe(kind, namespace, name);
    }
  }

  /** This object's identity: two versions of one kind name the same object. */
  public Identity identity() {
    return new Identity(group(), kind, namespace, name);
  }

  /** The same object in another namespace. */
  public ObjectRef inNamespace(String otherNamespace) {
    return new ObjectRef(apiVersion, kind, otherNamespace, name);
  }

  /** {@code Kind namespace/name}, or {@code Kind name} when cluster-scoped: how errors name it. */
  @Override
  public String toString() {
    return describe(kind, namespace, name);
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }

  private static void requireText(String value, String field) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("an object needs " + field);
    }
  }
}
