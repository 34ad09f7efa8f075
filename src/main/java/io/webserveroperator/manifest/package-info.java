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
 *       object applied for a resource, which is what pruning works from; kept objects are marked.
 *   <li>{@link io.webserveroperator.manifest.Claim} judges a resource's claim on an object that
 *       exists already ({@link io.webserveroperator.manifest.Owner}): its own, adoptable, or
 *       someone else's. {@link io.webserveroperator.manifest.Lifecycle} reads the annotations a
 *       template writes on an object (keep, create-only, recreate) and refuses unknown ones; {@link
 *       io.webserveroperator.manifest.StatefulSetClaims} reads the claims a StatefulSet makes and
 *       what becomes of them.
 *   <li>{@link io.webserveroperator.manifest.IgnoreDifference} is one {@code ignoreDifferences}
 *       entry of a kind: fields, as {@link io.webserveroperator.manifest.JsonPointer}s, that other
 *       field managers may own.
 * </ol>
 *
 * <p>Every package reads objects held as untyped maps (as Jackson parses JSON and YAML) through
 * {@link io.webserveroperator.manifest.UntypedMaps}: values by a path of keys, checked casts, deep
 * copies.
 */
package io.webserveroperator.manifest;
