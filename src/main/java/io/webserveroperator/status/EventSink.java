package io.webserveroperator.status;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

/**
 * Where the reconciler tells what it did, as Kubernetes events on the resource. {@link
 * EventRecorder} writes them to the API server; unit tests of the reconcile workflow record them.
 * Never throws: events are a side channel.
 */
public interface EventSink {

  /** A Normal event: the children a reconcile created, updated or pruned. */
  void normal(GenericKubernetesResource resource, Reason reason, String message);

  /** A Warning event: a step failed. */
  void warning(GenericKubernetesResource resource, Reason reason, String message);
}
