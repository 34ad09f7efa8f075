package io.webserveroperator.rollout;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.status.Condition;
import io.webserveroperator.status.Conditions;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One resource of a kind as a rollout sees it, read from its cached copy.
 *
 * @param position where it stands in every rollout of its kind
 * @param pin the revision (hash or number) its {@value Rollouts#PIN_ANNOTATION} annotation names
 * @param revision the hash of the revision its status says its children were last applied from
 * @param applied whether that status is about its current spec ({@code observedGeneration} caught
 *     up)
 * @param ready whether its {@code Ready} condition is {@code True} for its current spec
 * @param excluded whether it cannot move at all (suspended, or being deleted), so that a step
 *     neither counts nor waits for it
 */
public record RolloutMember(
    RolloutOrder position,
    Optional<String> pin,
    Optional<String> revision,
    boolean applied,
    boolean ready,
    boolean excluded) {

  /**
   * A resource as a rollout sees it, read from a copy of it: the cached one, or one just listed.
   *
   * @param disabled whether its reconciles are disabled; being deleted excludes it too
   */
  public static RolloutMember of(GenericKubernetesResource resource, boolean disabled) {
    var metadata = resource.getMetadata();
    Map<String, String> labels = metadata.getLabels() == null ? Map.of() : metadata.getLabels();
    Map<String, String> annotations =
        metadata.getAnnotations() == null ? Map.of() : metadata.getAnnotations();
    Map<String, Object> status =
        UntypedMaps.getMapOrEmpty(resource.getAdditionalProperties(), "status");
    long generation = metadata.getGeneration() == null ? 0 : metadata.getGeneration();
    boolean applied =
        status.get("observedGeneration") instanceof Number observed
            && observed.longValue() == generation;
    boolean ready =
        Conditions.read(status).stream()
            .anyMatch(
                (Condition condition) ->
                    condition.type().equals("Ready")
                        && condition.status().equals("True")
                        && condition.observedGeneration() == generation);
    return new RolloutMember(
        new RolloutOrder(
            "true".equals(labels.get(RolloutOrder.CANARY_LABEL)),
            Objects.requireNonNullElse(metadata.getNamespace(), ""),
            metadata.getName()),
        Optional.ofNullable(annotations.get(Rollouts.PIN_ANNOTATION)).filter(pin -> !pin.isBlank()),
        Optional.ofNullable(status.get(Rollouts.STATUS_FIELD)).map(String::valueOf),
        applied,
        ready,
        metadata.getDeletionTimestamp() != null || disabled);
  }

  /** {@code namespace/name}, as events and {@code rollout status} name it. */
  public String name() {
    return position.namespace().isEmpty()
        ? position.name()
        : position.namespace() + "/" + position.name();
  }

  /** Whether its children were applied from {@code hash} for its current spec. */
  boolean on(String hash) {
    return applied && revision.filter(hash::equals).isPresent();
  }

  /** Whether it moves with the rollout: neither pinned nor unable to move. */
  boolean moves() {
    return pin.isEmpty() && !excluded;
  }
}
