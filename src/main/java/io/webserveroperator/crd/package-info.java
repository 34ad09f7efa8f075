/**
 * A kind's CRD as the API server applies it, without a cluster: what {@code render}, {@code test},
 * {@code lint} and {@code diff} see before they render, and what a CRD change breaks.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.crd.CrdFolder} reads the CRDs of {@code crds/}.
 *   <li>{@link io.webserveroperator.crd.Admission} turns a custom resource into what the API server
 *       would store: {@code StructuralDefaults} fills in the schema's defaults as
 *       apiextensions-apiserver does, then {@link io.webserveroperator.crd.SchemaValidation} checks
 *       it with the API server's rules and messages ({@link io.webserveroperator.crd.FieldError}),
 *       patterns in RE2 as Go's regexp reads them; a refusal is an {@link
 *       io.webserveroperator.crd.AdmissionException}.
 *   <li>{@link io.webserveroperator.crd.CrdChanges} compares a CRD with the one a cluster serves
 *       and names every change that breaks existing resources or their clients.
 *   <li>{@link io.webserveroperator.crd.StatusSchemaCheck} tells whether a CRD can hold the status
 *       the operator writes: the status subresource, the engine's fields and the status template's.
 * </ol>
 *
 * <p>Pure: no Kubernetes client.
 */
package io.webserveroperator.crd;
