/**
 * {@code create api}'s files for a kind of one's own, planned before anything is written.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.scaffold.ApiScaffold} decides what to write: for a new kind its
 *       schema, its CRD, the starter files ({@code StarterFiles}: a ConfigMap template, the status
 *       template, a test suite and a sample, whose spec {@code SampleSpec} makes valid), and the
 *       lines other files need ({@code ProjectEdits}: watches.yaml, the templates'
 *       kustomization.yaml, deploy/'s and deploy-sharded/'s ClusterRoles); for a kind with a schema
 *       already, its CRD alone. Nothing that exists is overwritten but the generated CRD.
 *   <li>The result is a {@link io.webserveroperator.scaffold.ApiScaffold.Plan} of {@link
 *       io.webserveroperator.scaffold.PlannedFile}s, which the command writes.
 * </ol>
 *
 * <p>No Kubernetes client: the cluster's names, when asked for, come from the command.
 */
package io.webserveroperator.scaffold;
