package io.webserveroperator.apply;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.OperatorException;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.Refusal;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.kube.ObjectPatches;
import io.webserveroperator.kube.ResourceMaps;
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

  /** The verb of a write to an object that exists: an apply, an ownership or claim patch. */
  static final String UPDATE_VERB = "apply";

  /** The verb of a create. */
  static final String CREATE_VERB = "create";

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
    if (entry.action() == Action.EXPAND_CLAIM) {
      // The claim is the StatefulSet's, not the template's: only its request is written.
      return mergePatch(entry.ref(), "expand", entry.desired());
    }
    if (!entry.action().applies()) {
      throw new IllegalArgumentException(
          "Only CREATE, UPDATE, ADOPT and EXPAND_CLAIM entries are applied: " + entry);
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
      throw new ApplyException(ref, UPDATE_VERB, refusalOf(e), e);
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
        throw ApplyException.existed(ref, refusalOf(e), e);
      }
      throw new ApplyException(ref, CREATE_VERB, refusalOf(e), e);
    }
  }

  private GenericKubernetesResource send(ObjectRef ref, Map<String, Object> desired) {
    ResourceDefinitionContext kind;
    try {
      kind = kinds.resolve(ref.apiVersion(), ref.kind());
    } catch (OperatorException e) {
      throw new ApplyException(ref, UPDATE_VERB, Refusal.noAnswer(e.getMessage()), e);
    }
    return patches.patch(
        patches.objectPath(kind, ref.namespace(), ref.name()) + applyQuery,
        ObjectPatches.APPLY,
        client.getKubernetesSerialization().asJson(desired));
  }

  /**
   * Whether the API server would accept the entry's object as new, were it not there: a create of
   * it with {@code dryRun=All}, which the API server validates (and admits) before it finds the
   * name taken and answers AlreadyExists. Nothing is written.
   *
   * @throws ApplyException when the API server gives another answer than a verdict on the object
   */
  public boolean acceptedAsNew(PlanEntry entry) {
    ObjectRef ref = entry.ref();
    GenericKubernetesResource object =
        client
            .getKubernetesSerialization()
            .convertValue(entry.desired(), GenericKubernetesResource.class);
    object.getMetadata().setResourceVersion(null);
    try {
      scoped(ref).resource(object).dryRun().create();
      return true;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        return true;
      }
      if (e.getCode() == 422 || e.getCode() == 400 || e.getCode() == 403) {
        return false;
      }
      throw new ApplyException(ref, "dry-run create", refusalOf(e), e);
    }
  }

  /**
   * The PersistentVolumeClaims of a namespace that carry every one of {@code labels}, from the API
   * server.
   *
   * @throws ApplyException when the API server refuses the list
   */
  public List<Map<String, Object>> claims(String namespace, Map<String, String> labels) {
    try {
      var claims =
          client.genericKubernetesResources("v1", "PersistentVolumeClaim").inNamespace(namespace);
      var listed = labels.isEmpty() ? claims.list() : claims.withLabels(labels).list();
      return listed.getItems().stream()
          .map(claim -> ResourceMaps.of(client.getKubernetesSerialization(), claim))
          .toList();
    } catch (KubernetesClientException e) {
      throw new ApplyException(
          new ObjectRef("v1", "PersistentVolumeClaim", namespace, "*"), "list", refusalOf(e), e);
    }
  }

  /** Reads one object from the API server; empty when it does not exist. */
  public Optional<GenericKubernetesResource> get(ObjectRef ref) {
    try {
      return Optional.ofNullable(scoped(ref).withName(ref.name()).get());
    } catch (KubernetesClientException e) {
      throw new ApplyException(ref, "get", refusalOf(e), e);
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
      throw new ApplyException(ref, verb, refusalOf(e), e);
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

  /** The API server's answer as data: its code, reason, message and causes. */
  public static Refusal refusalOf(KubernetesClientException e) {
    Status status = e.getStatus();
    List<Refusal.Cause> causes =
        status == null || status.getDetails() == null || status.getDetails().getCauses() == null
            ? List.of()
            : status.getDetails().getCauses().stream()
                .map(
                    cause ->
                        new Refusal.Cause(cause.getReason(), cause.getField(), cause.getMessage()))
                .toList();
    return new Refusal(
        e.getCode(), status == null ? null : status.getReason(), reasonOf(e), causes);
  }

  /** The API server's own words where it gave any: they name the invalid field. */
  public static String reasonOf(KubernetesClientException e) {
    if (e.getStatus() != null && e.getStatus().getMessage() != null) {
      return e.getStatus().getMessage();
    }
    return e.getMessage();
  }
}
