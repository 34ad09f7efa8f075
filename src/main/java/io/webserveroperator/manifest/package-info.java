/**
 * Rendered objects and the rules they follow, independent of any Kubernetes client.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.manifest.ObjectRef} names an object (a null namespace for a
 *       cluster-scoped one) and formats every {@code Kind namespace/name}; its {@code Identity}
 *       names it whatever API version it is read through. {@link
 *       io.webserveroperator.manifest.RenderedObject} is one desired object.
 *   <li>{@link io.webserveroperator.manifest.ObjectPolicy} checks a rendered object's shape,
 *       namespace and scope.
 *   <li>{@link io.webserveroperator.manifest.Ownership} stamps the labels of {@link
 *       io.webserveroperator.manifest.ManagedLabels}, the namespace and the owner reference.
 *   <li>{@link io.webserveroperator.manifest.Inventory} writes and reads the status list of every
 *       object applied for a resource, which is what pruning works from.
 * </ol>
 */
package io.webserveroperator.manifest;
