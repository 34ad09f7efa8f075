package io.webserveroperator.manifest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Stamps a rendered object as belonging to its custom resource: the managed-by, instance and owner
 * kind labels, the resource's shard label when it has one, the resource's namespace when the object
 * names none, and, when the resource has a uid, the object lives in the resource's namespace and
 * its lifecycle does not keep it ({@link Lifecycle#keep}), a controller owner reference. Mutates
 * the body it is given.
 */
public final class Ownership {

  private Ownership() {}

  /**
   * @param body the rendered object, as plain maps
   * @param owner the custom resource, as plain maps (needs apiVersion, kind, metadata.name)
   * @param namespaced whether the rendered object's kind lives in a namespace
   */
  public static void stamp(
      Map<String, Object> body, Map<String, Object> owner, boolean namespaced) {
    Map<String, Object> ownerMeta = UntypedMaps.getMapOrEmpty(owner, "metadata");
    Map<String, Object> meta = UntypedMaps.getOrCreateMap(body, "metadata");
    Object ownerNamespace = ownerMeta.get("namespace");
    if (namespaced && meta.get("namespace") == null && ownerNamespace != null) {
      meta = withNamespace(body, meta, ownerNamespace);
    }
    Map<String, Object> labels = UntypedMaps.getOrCreateMap(meta, "labels");
    labels.put(ManagedLabels.MANAGED_BY, ManagedLabels.MANAGER);
    labels.put(ManagedLabels.INSTANCE, String.valueOf(ownerMeta.get("name")));
    Owner.of(owner).kindLabels().forEach(labels::put);
    // The shard comes from the resource, never from a template: the owning replica's child cache
    // selects on it.
    if (UntypedMaps.get(ownerMeta, "labels", ManagedLabels.SHARD) instanceof String shard) {
      labels.put(ManagedLabels.SHARD, shard);
    }
    Object uid = ownerMeta.get("uid");
    // The garbage collector honours an owner only in the object's own namespace: elsewhere it would
    // treat the owner as gone and delete the object. Those objects are cleaned up by the finalizer.
    boolean sameNamespace = namespaced && Objects.equals(meta.get("namespace"), ownerNamespace);
    // A kept object must outlive its resource: the garbage collector follows owner references.
    if (uid != null && sameNamespace && !Lifecycle.of(body).keep()) {
      Map<String, Object> reference = new LinkedHashMap<>();
      reference.put("apiVersion", owner.get("apiVersion"));
      reference.put("kind", owner.get("kind"));
      reference.put("name", ownerMeta.get("name"));
      reference.put("uid", uid.toString());
      reference.put("controller", true);
      reference.put("blockOwnerDeletion", true);
      List<Object> references = new ArrayList<>();
      references.add(reference);
      meta.put("ownerReferences", references);
    }
  }

  /** Puts the namespace right after the name, where people look for it. */
  private static Map<String, Object> withNamespace(
      Map<String, Object> body, Map<String, Object> meta, Object namespace) {
    Map<String, Object> ordered = new LinkedHashMap<>();
    ordered.put("name", meta.get("name"));
    ordered.put("namespace", namespace);
    ordered.putAll(meta);
    body.put("metadata", ordered);
    return ordered;
  }
}
