/**
 * A kind of one's own as data: its simple schema, and the CRD generated from it. {@code create api}
 * and {@code lint} use it; the engine does not.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.kind.SimpleSchema} reads a kind's {@code schema.yaml}, kro's
 *       SimpleSchema syntax: {@code FieldReader} turns type strings and nested maps into OpenAPI
 *       schemas, {@code MarkerParser} splits the markers after {@code |} and {@code MarkerRules}
 *       applies each {@link io.webserveroperator.kind.Marker}; every problem is collected at its
 *       line ({@link io.webserveroperator.kind.SimpleSchemaException}). The result is a {@link
 *       io.webserveroperator.kind.KindSchema}, with valid {@link
 *       io.webserveroperator.kind.KindNames}.
 *   <li>{@link io.webserveroperator.kind.CrdGenerator} makes the CRD: the schema, every status
 *       field the engine writes ({@link io.webserveroperator.status.EngineStatusFields}), the
 *       printer columns and the scale subresource.
 *   <li>{@link io.webserveroperator.kind.NameCollisions} checks the kind's names against what is
 *       served already ({@link io.webserveroperator.kind.ServedResource}: Kubernetes' own
 *       resources, the CRDs of {@code crds/}, a cluster's).
 * </ol>
 *
 * <p>Pure: no Kubernetes client.
 */
package io.webserveroperator.kind;
