package io.webserveroperator.kind;

/**
 * The scale subresource of a kind, as the {@code scale} marker asks for it: what {@code kubectl
 * scale} and a HorizontalPodAutoscaler read and write.
 *
 * @param specReplicasPath the spec field of the desired replicas, {@code .spec.replicas}
 * @param statusReplicasPath the status field of the observed replicas
 * @param labelSelectorPath the status field of the pods' label selector; null for none
 */
public record ScaleSubresource(
    String specReplicasPath, String statusReplicasPath, String labelSelectorPath) {}
