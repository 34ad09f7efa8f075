/**
 * What the operator reports in a resource's status, and the one write that reports it.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.status.Readiness} judges each live child by the watched kind's
 *       readiness rule for the child's kind ({@code readiness} in {@code watches.yaml}), else by
 *       the built-in rules for Deployment, StatefulSet, DaemonSet, Job and PersistentVolumeClaim.
 *   <li>{@link io.webserveroperator.status.StatusBuilder} combines the status template's fields,
 *       the reconcile outcome and the children's readiness into {@code observedGeneration}, {@code
 *       inventory} and the conditions {@code Ready}, {@code Progressing} and {@code Degraded}, plus
 *       {@code lastHandledReconcileAt} when a reconcile request was handled; for a suspended
 *       resource, the old status with the condition {@code Suspended}.
 *   <li>{@link io.webserveroperator.status.Conditions} keeps {@code lastTransitionTime} unless a
 *       condition's status really changed, so an unchanged state yields an identical status.
 *   <li>{@link io.webserveroperator.status.StatusWriter} patches the status subresource with the
 *       JSON patch from the old status to the new one, and makes no call when it is empty.
 *   <li>{@link io.webserveroperator.status.EventRecorder}, the {@link
 *       io.webserveroperator.status.EventSink} the reconciler tells what it did, writes Kubernetes
 *       events in the background and counts a repeated one on one Event.
 * </ol>
 */
package io.webserveroperator.status;
