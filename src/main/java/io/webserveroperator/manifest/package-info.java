/**
 * Rendered objects and the rules they follow, independent of any Kubernetes client.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.manifest.ObjectRef} names an object; {@link
 *       io.webserveroperator.manifest.RenderedObject} is one desired object.
 *   <li>{@link io.webserveroperator.manifest.ObjectPolicy} checks a rendered object's shape,
 *       namespace and scope.
 *   <li>{@link io.webserveroperator.manifest.Ownership} stamps the labels of {@link
 *       io.webserveroperator.manifest.ManagedLabels}, the namespace and the owner reference.
 * </ol>
 */
package io.webserveroperator.manifest;
