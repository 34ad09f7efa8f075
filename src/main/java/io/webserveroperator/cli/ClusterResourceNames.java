package io.webserveroperator.cli;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.kind.ServedResource;
import java.util.ArrayList;
import java.util.List;

/** What a cluster serves, by API discovery, for {@code create api}'s check of a kind's names. */
final class ClusterResourceNames {

  private ClusterResourceNames() {}

  /**
   * Every resource the cluster serves (not its subresources), in each group's preferred version.
   */
  static List<ServedResource> of(KubernetesClient client) {
    List<ServedResource> served = new ArrayList<>();
    add(served, "", client.getApiResources("v1"));
    for (APIGroup group : client.getApiGroups().getGroups()) {
      add(
          served,
          group.getName(),
          client.getApiResources(group.getPreferredVersion().getGroupVersion()));
    }
    return served;
  }

  private static void add(List<ServedResource> served, String group, APIResourceList resources) {
    if (resources == null) {
      return;
    }
    for (APIResource resource : resources.getResources()) {
      if (!resource.getName().contains("/")) {
        served.add(
            new ServedResource(
                group,
                resource.getName(),
                resource.getKind(),
                resource.getShortNames() == null ? List.of() : resource.getShortNames(),
                "the cluster"));
      }
    }
  }
}
