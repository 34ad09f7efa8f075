package io.webserveroperator.apply;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.OperatorException;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.ObjectPatches;
import io.webserveroperator.kube.Scoped;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.OwnershipPatch;
import io.webserveroperator.manifest.UntypedMaps;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Server-side-applies the CREATE, UPDATE and ADOPT entries of a plan. One call per entry, none for
 * UNCHANGED: the plan already knows which objects need a write.
 *
 * <p>A CREATE is sent create-only: with a {@code resourceVersion} that no stored object has, which
 * the API server ignores when it creates and holds against an object that exists (409 Conflict,
 * nothing written). So a create never merges into an object that appeared after the plan was made,
 * or that the operator's label-selected caches could not see: someone else's object with a name the
 * templates render.
 */
public final class Applier {

  /** etcd numbers its first write 2: no object was ever stored at revision 1. */
  static final String CREATE_ONLY = "1";

  /** Writes a merge patch's nulls, which remove keys. */
  private static final ObjectMapper MERGE_PATCH_JSON = new ObjectMapper();

  private final KubernetesClient client;
  private final KindResolver kinds;
  private final ApplyOptions options;
  private final ObjectPatches patches;
  private final String applyQuery;
  private final String updateQuery;

  public Applier(KubernetesClient client, KindResolver kinds, ApplyOptions options) {
    this.client = client;
    this.kinds = kinds;
    this.options = options;
    this.patches = new ObjectPatches(client);
    this.applyQuery =
        "?fieldManager="
            + URLEncoder.encode(options.fieldManager(), StandardCharsets.UTF_8)
            + (options.forceConflicts() ? "&force=true" : "")
            + (options.dryRun() ? "&dryRun=All" : "");
    this.updateQuery =
        "?fieldManager="
            + URLEncoder.encode(options.fieldManager(), StandardCharsets.UTF_8)
            + (options.dryRun() ? "&dryRun=All" : "");
  }

  /**
   * Applies one entry and returns the object as the API server stored it (or, in a dry run, would
   * store it).
   *
   * @throws ApplyException when the API server refuses; its code says whether a retry may help, and
   *     for a CREATE {@link ApplyException#existed()} that the object was there already
   */
  public GenericKubernetesResource apply(PlanEntry entry) {
    if (!entry.action().applies()) {
      throw new IllegalArgumentException(
          "Only CREATE, UPDATE and ADOPT entries are applied: " + entry);
    }
    return entry.action() == Action.CREATE
        ? create(entry.ref(), entry.desired())
        : apply(entry.ref(), entry.desired());
  }

  /** Applies one object given as plain maps, creating it or merging into the one that exists. */
  public GenericKubernetesResource apply(ObjectRef ref, Map<String, Object> desired) {
    try {
      return send(ref, desired);
    } catch (KubernetesClientException e) {
      throw new ApplyException(ref, "apply", e.getCode(), reasonOf(e), e);
    }
  }

  /**
   * Creates one object with server-side apply, or refuses with {@link ApplyException#existed()}
   * when it exists already, writing nothing.
   */
  public GenericKubernetesResource create(ObjectRef ref, Map<String, Object> desired) {
    Map<String, Object> guarded = new LinkedHashMap<>(desired);
    Map<String, Object> meta = new LinkedHashMap<>(UntypedMaps.getMapOrEmpty(desired, "metadata"));
    meta.put("resourceVersion", CREATE_ONLY);
    guarded.put("metadata", meta);
    try {
      return send(ref, guarded);
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        throw ApplyException.existed(ref, reasonOf(e), e);
      }
      throw new ApplyException(ref, "apply", e.getCode(), reasonOf(e), e);
    }
  }

  private GenericKubernetesResource send(ObjectRef ref, Map<String, Object> desired) {
    ResourceDefinitionContext kind;
    try {
      kind = kinds.resolve(ref.apiVersion(), ref.kind());
    } catch (OperatorException e) {
      throw new ApplyException(ref, "apply", 0, e.getMessage(), e);
    }
    return patches.patch(
        patches.objectPath(kind, ref.namespace(), ref.name()) + applyQuery,
        ObjectPatches.APPLY,
        client.getKubernetesSerialization().asJson(desired));
  }

  /** Reads one object from the API server; empty when it does not exist. */
  public Optional<GenericKubernetesResource> get(ObjectRef ref) {
    try {
      return Optional.ofNullable(scoped(ref).withName(ref.name()).get());
    } catch (KubernetesClientException e) {
      throw new ApplyException(ref, "get", e.getCode(), reasonOf(e), e);
    }
  }

  /**
   * Sends an {@link OwnershipPatch} as a JSON merge patch with the operator's field manager: only
   * the labels, annotations and owner references it names change.
   *
   * @throws ApplyException when the API server refuses; 409 when the object changed since the
   *     resourceVersion the patch was computed from
   */
  public GenericKubernetesResource patchOwnership(ObjectRef ref, OwnershipPatch patch) {
    return mergePatch(ref, "patch ownership of", patch.mergePatch());
  }

  /**
   * Sets a resource's finalizers with a JSON merge patch guarded by {@code resourceVersion}.
   *
   * @throws ApplyException when the API server refuses; 409 when the resource changed since
   */
  public void patchFinalizers(ObjectRef resource, String resourceVersion, List<String> finalizers) {
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("resourceVersion", resourceVersion);
    metadata.put("finalizers", finalizers);
    mergePatch(resource, "set the finalizers of", Map.of("metadata", metadata));
  }

  private GenericKubernetesResource mergePatch(
      ObjectRef ref, String verb, Map<String, Object> patch) {
    try {
      ResourceDefinitionContext kind = kinds.resolve(ref.apiVersion(), ref.kind());
      return patches.patch(
          patches.objectPath(kind, ref.namespace(), ref.name()) + updateQuery,
          ObjectPatches.MERGE_PATCH,
          MERGE_PATCH_JSON.writeValueAsString(patch));
    } catch (KubernetesClientException e) {
      throw new ApplyException(ref, verb, e.getCode(), reasonOf(e), e);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a map of plain values always serialises", e);
    }
  }

  private NonNamespaceOperation<
          GenericKubernetesResource,
          GenericKubernetesResourceList,
          Resource<GenericKubernetesResource>>
      scoped(ObjectRef ref) {
    return Scoped.in(client, kinds.resolve(ref.apiVersion(), ref.kind()), ref.namespace());
  }

  /** The API server's own words where it gave any: they name the invalid field. */
  public static String reasonOf(KubernetesClientException e) {
    if (e.getStatus() != null && e.getStatus().getMessage() != null) {
      return e.getStatus().getMessage();
    }
    return e.getMessage();
  }
}
