/**
 * The cluster edge that reads: clients, discovery of kinds, and informer caches.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.kube.KubeClients} builds a client from a kubeconfig and
 *       context, which reads every object it is sent straight into the compact, read-only form the
 *       caches keep ({@link io.webserveroperator.kube.CompactResourceDeserializer}, {@link
 *       io.webserveroperator.kube.WatchEventDeserializer}, {@link
 *       io.webserveroperator.kube.CompactJson}); {@link
 *       io.webserveroperator.kube.ApiRequestCounter} counts its requests by verb.
 *   <li>{@link io.webserveroperator.kube.KindResolver} asks the API server once per kind for its
 *       plural and scope; {@link io.webserveroperator.kube.Scoped} is the one place that addresses
 *       a kind in a namespace or cluster-wide (a null namespace, as in {@code manifest.ObjectRef}),
 *       and {@link io.webserveroperator.kube.ObjectRefs} names client objects by {@code ObjectRef};
 *       {@link io.webserveroperator.kube.ResourceMaps} turns them into the untyped maps the pure
 *       core reads; {@link io.webserveroperator.kube.CrdReader} reads a watched kind's CRD as the
 *       API server serves it, and {@link io.webserveroperator.kube.KindAccess} asks whether the
 *       operator may list and watch a kind before a kind added to watches.yaml starts.
 *   <li>Two caches, both {@link io.webserveroperator.kube.ReadCache}s that see the operator's own
 *       writes at once: {@link io.webserveroperator.kube.WatchedResourceCache} holds the watched
 *       resources and reports each change that may need a reconcile; {@link
 *       io.webserveroperator.kube.ChildObjectCache} holds their children (informers started on
 *       first use, limited to objects this operator manages) and reports the owner of each changed
 *       child. Both strip managedFields to save memory, and both give their informers' first list
 *       the same bounded wait.
 *   <li>{@link io.webserveroperator.kube.LookupCaches} ({@link
 *       io.webserveroperator.kube.LookupSource}) holds what templates look up: an informer per
 *       lookup, started on first use and never waited for inside a render, and the index from each
 *       lookup to the resources whose last render made it ({@link
 *       io.webserveroperator.kube.LookupReaders}), so that a change re-queues exactly those.
 * </ol>
 */
package io.webserveroperator.kube;
