package io.webserveroperator.rollout;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.testing.WebServers;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A kind's rollout as the cluster shows it to anyone, read with a client of the test's own: the
 * revision ConfigMaps the leader stores, each WebServer's revision and readiness, and the
 * Deployments still rolling.
 */
final class RolloutView {

  /**
   * One stored template revision.
   *
   * @param hash its hash, the suffix of the ConfigMap's name
   * @param number its revision number
   * @param state the rollout state stored on it
   * @param resourceVersion the ConfigMap's, to tell whether it was written
   */
  record Revision(String hash, int number, RolloutState state, String resourceVersion) {}

  /**
   * One WebServer as its status tells.
   *
   * @param revision its {@code status.templateRevision}, or "" before it has one
   * @param ready whether its Ready condition is True for its current generation
   * @param readyReason the reason of its Ready condition, or ""
   */
  record Member(String revision, boolean ready, String readyReason) {}

  private final KubernetesClient client;
  private final String operatorNamespace;
  private final String namespace;

  RolloutView(KubernetesClient client, String operatorNamespace, String namespace) {
    this.client = client;
    this.operatorNamespace = operatorNamespace;
    this.namespace = namespace;
  }

  /** The stored revisions of WebServer, oldest number first. */
  List<Revision> revisions() {
    return client
        .configMaps()
        .inNamespace(operatorNamespace)
        .withLabel(RevisionStore.KIND_LABEL, "WebServer")
        .list()
        .getItems()
        .stream()
        .map(this::revision)
        .sorted(Comparator.comparingInt(Revision::number))
        .toList();
  }

  /** The rollout state of the newest revision, the kind's; fails while none is stored. */
  RolloutState state() {
    List<Revision> revisions = revisions();
    if (revisions.isEmpty()) {
      throw new AssertionError("no template revision of WebServer stored in " + operatorNamespace);
    }
    return revisions.get(revisions.size() - 1).state();
  }

  /** Every WebServer by name, sorted. */
  Map<String, Member> members() {
    Map<String, Member> members = new TreeMap<>();
    for (GenericKubernetesResource resource :
        client
            .genericKubernetesResources(WebServers.KIND)
            .inNamespace(namespace)
            .list()
            .getItems()) {
      members.put(resource.getMetadata().getName(), member(resource));
    }
    return members;
  }

  /**
   * How many Deployments are rolling, as {@code kubectl rollout status} sees it: their controller
   * has not seen the latest spec, or not every replica is updated and available.
   */
  int deploymentsRolling() {
    int rolling = 0;
    for (Deployment deployment :
        client.apps().deployments().inNamespace(namespace).list().getItems()) {
      DeploymentStatus status =
          Objects.requireNonNullElseGet(deployment.getStatus(), DeploymentStatus::new);
      int replicas = Objects.requireNonNullElse(deployment.getSpec().getReplicas(), 1);
      int updated = Objects.requireNonNullElse(status.getUpdatedReplicas(), 0);
      if (Objects.requireNonNullElse(status.getObservedGeneration(), 0L)
              < deployment.getMetadata().getGeneration()
          || updated < replicas
          || Objects.requireNonNullElse(status.getReplicas(), 0) > updated
          || Objects.requireNonNullElse(status.getAvailableReplicas(), 0) < updated) {
        rolling++;
      }
    }
    return rolling;
  }

  @SuppressWarnings("unchecked")
  private Revision revision(ConfigMap map) {
    Map<String, String> annotations = map.getMetadata().getAnnotations();
    String name = map.getMetadata().getName();
    Map<String, Object> state =
        client
            .getKubernetesSerialization()
            .unmarshal(annotations.get(RevisionStore.STATE_ANNOTATION), Map.class);
    return new Revision(
        name.substring(name.lastIndexOf('-') + 1),
        Integer.parseInt(annotations.get(RevisionStore.NUMBER_ANNOTATION)),
        RolloutState.fromMap(state),
        map.getMetadata().getResourceVersion());
  }

  @SuppressWarnings("unchecked")
  private static Member member(GenericKubernetesResource resource) {
    Map<String, Object> status =
        resource.getAdditionalProperties().get("status") instanceof Map<?, ?> map
            ? (Map<String, Object>) map
            : Map.of();
    Optional<Map<String, Object>> ready =
        status.get("conditions") instanceof List<?> conditions
            ? conditions.stream()
                .map(condition -> (Map<String, Object>) condition)
                .filter(condition -> "Ready".equals(condition.get("type")))
                .findFirst()
            : Optional.empty();
    long generation = resource.getMetadata().getGeneration();
    return new Member(
        String.valueOf(status.getOrDefault(Rollouts.STATUS_FIELD, "")),
        ready
            .filter(condition -> "True".equals(condition.get("status")))
            .filter(
                condition ->
                    condition.get("observedGeneration") instanceof Number observed
                        && observed.longValue() == generation)
            .isPresent(),
        ready.map(condition -> String.valueOf(condition.get("reason"))).orElse(""));
  }
}
