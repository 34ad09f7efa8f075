package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.OwnershipPatch;
import io.webserveroperator.manifest.UntypedMaps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The children as an API server and its informer cache would hold them, in memory: an apply stores
 * the desired object as it is (no status: what a controller reports comes with {@link
 * #writeStatus}), a delete removes it, and each write is logged. Applies can be refused with an
 * HTTP status code, as the API server refuses them.
 */
final class FakeChildren implements ObjectWriter, ReadCache {

  private final KubernetesSerialization json = new KubernetesSerialization();
  private final Map<ObjectRef, GenericKubernetesResource> stored = new LinkedHashMap<>();
  private final List<String> writes = new ArrayList<>();
  private int refusal;
  private int version;

  /** Every write so far, as {@code apply Kind ns/name} or {@code delete Kind ns/name}. */
  List<String> writes() {
    return List.copyOf(writes);
  }

  /** From now on every apply fails with this HTTP status code; 0 accepts them again. */
  void refuseAppliesWith(int code) {
    refusal = code;
  }

  /** Changes a stored object behind the operator's back, as {@code kubectl edit} would. */
  void edit(ObjectRef ref, String field, Object value) {
    GenericKubernetesResource object = stored.get(ref);
    @SuppressWarnings("unchecked")
    Map<String, Object> spec = (Map<String, Object>) object.getAdditionalProperties().get("spec");
    spec.put(field, value);
    object.getMetadata().setResourceVersion(Integer.toString(++version));
  }

  /**
   * Replaces a stored object's status, as its controller writes it through the status subresource:
   * a new {@code resourceVersion}, the spec untouched.
   */
  void writeStatus(ObjectRef ref, Map<String, Object> status) {
    GenericKubernetesResource object = stored.get(ref);
    object.setAdditionalProperty("status", status);
    object.getMetadata().setResourceVersion(Integer.toString(++version));
  }

  boolean contains(ObjectRef ref) {
    return stored.containsKey(ref);
  }

  @Override
  public GenericKubernetesResource apply(PlanEntry entry) {
    writes.add("apply " + entry.ref());
    if (refusal != 0) {
      throw new ApplyException(entry.ref(), "apply", refusal, "refused by the fake", null);
    }
    GenericKubernetesResource object =
        json.convertValue(entry.desired(), GenericKubernetesResource.class);
    object.getMetadata().setResourceVersion(Integer.toString(++version));
    stored.put(entry.ref(), object);
    return json.clone(object);
  }

  @Override
  public GenericKubernetesResource patchOwnership(ObjectRef ref, OwnershipPatch patch) {
    writes.add("own " + ref);
    Map<String, Object> object =
        UntypedMaps.mergePatched(
            UntypedMaps.asMap(json.convertValue(stored.get(ref), Map.class), "stored"),
            patch.mergePatch());
    GenericKubernetesResource patched = json.convertValue(object, GenericKubernetesResource.class);
    patched.getMetadata().setResourceVersion(Integer.toString(++version));
    stored.put(ref, patched);
    return json.clone(patched);
  }

  @Override
  public void patchFinalizers(ObjectRef resource, String resourceVersion, List<String> finalizers) {
    writes.add("finalizers " + resource + " " + finalizers);
  }

  @Override
  public boolean prune(PlanEntry entry) {
    return delete(entry.ref());
  }

  @Override
  public boolean delete(ObjectRef ref) {
    writes.add("delete " + ref);
    return stored.remove(ref) != null;
  }

  @Override
  public boolean deleteOrphaning(ObjectRef ref) {
    writes.add("delete orphaning " + ref);
    return stored.remove(ref) != null;
  }

  @Override
  public boolean acceptedAsNew(PlanEntry entry) {
    return true;
  }

  @Override
  public List<Map<String, Object>> claims(String namespace, Map<String, String> labels) {
    return List.of();
  }

  @Override
  public Optional<GenericKubernetesResource> get(ObjectRef ref) {
    return Optional.ofNullable(stored.get(ref)).map(json::clone);
  }

  @Override
  public void wrote(GenericKubernetesResource object) {
    // The store is the cache: it holds every write already.
  }
}
