package io.webserveroperator.preview;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.OperatorException;
import io.webserveroperator.crd.BreakingChange;
import io.webserveroperator.crd.CrdChanges;
import io.webserveroperator.crd.CrdFolder;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.JsonPatches;
import io.webserveroperator.diff.Patch;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.manifest.ObjectRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What applying the CRD files of the watched kinds would change in a cluster, before {@code diff}
 * shows what the templates would: per CRD that differs a plan entry, CREATE or UPDATE, between the
 * parts of it a file decides ({@link CrdChanges#comparable}), and the changes that break what the
 * cluster holds ({@link CrdChanges#breaking}). Sends one GET per CRD.
 */
public final class CrdPreview {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The preview.
   *
   * @param entries one per CRD that the cluster lacks or serves otherwise, in file order
   * @param breaking every breaking change, each with the CRD it is in
   */
  public record Result(List<PlanEntry> entries, Map<ObjectRef, List<BreakingChange>> breaking) {}

  private CrdPreview() {}

  /**
   * Compares each CRD with the one the cluster serves under its name.
   *
   * @throws OperatorException when the API server refuses the GET or cannot be reached
   */
  public static Result of(KubernetesClient client, List<CrdFolder.Crd> crds) {
    List<PlanEntry> entries = new ArrayList<>();
    Map<ObjectRef, List<BreakingChange>> breaking = new LinkedHashMap<>();
    for (CrdFolder.Crd crd : crds) {
      ObjectRef ref =
          new ObjectRef("apiextensions.k8s.io/v1", "CustomResourceDefinition", null, crd.name());
      Map<String, Object> live = get(client, crd.name());
      Map<String, Object> desired = normalised(CrdChanges.comparable(crd.body()));
      String file = crd.file().toString();
      if (live == null) {
        entries.add(
            new PlanEntry(
                ref,
                Action.CREATE,
                desired,
                null,
                Patch.of(JsonPatches.between(Map.of(), desired)),
                file,
                null));
        continue;
      }
      Map<String, Object> before = normalised(CrdChanges.comparable(live));
      if (Objects.equals(before, desired)) {
        continue;
      }
      entries.add(
          new PlanEntry(
              ref,
              Action.UPDATE,
              desired,
              before,
              Patch.of(JsonPatches.between(before, desired)),
              file,
              null));
      List<BreakingChange> changes = CrdChanges.breaking(live, crd.body());
      if (!changes.isEmpty()) {
        breaking.put(ref, changes);
      }
    }
    return new Result(entries, breaking);
  }

  private static Map<String, Object> get(KubernetesClient client, String name) {
    try {
      GenericKubernetesResource live =
          client
              .genericKubernetesResources("apiextensions.k8s.io/v1", "CustomResourceDefinition")
              .withName(name)
              .get();
      return live == null ? null : ResourceMaps.of(client.getKubernetesSerialization(), live);
    } catch (KubernetesClientException e) {
      throw new OperatorException(
          "Cannot read the CustomResourceDefinition "
              + name
              + " from the cluster: "
              + e.getMessage(),
          e);
    }
  }

  /** The same values as JSON reads them, so that a file's numbers compare with the cluster's. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> normalised(Map<String, Object> map) {
    try {
      return JSON.readValue(JSON.writeValueAsString(map), LinkedHashMap.class);
    } catch (JsonProcessingException e) {
      throw new OperatorException("Cannot compare a CRD as JSON: " + e.getOriginalMessage(), e);
    }
  }
}
