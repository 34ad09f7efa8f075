/**
 * The cluster edge that reads: clients, discovery of kinds, and informer caches.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.kube.KubeClients} builds a client from a kubeconfig and
 *       context.
 *   <li>{@link io.webserveroperator.kube.KindResolver} asks the API server once per kind for its
 *       plural and scope.
 *   <li>{@link io.webserveroperator.kube.ObjectCache} keeps informers (started on first use) for
 *       the child kinds the templates render, limited to objects this operator manages, with
 *       managedFields stripped to save memory; the planner reads live objects from it.
 * </ol>
 */
package io.webserveroperator.kube;
