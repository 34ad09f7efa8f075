/**
 * {@code lint}: static checks of the templates before anything renders, each a class of its own.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.lint.Lint#run} loads watches.yaml and the templates as the
 *       operator does ({@code WatchesCheck}).
 *   <li>It reads each kind's template text ({@code KindSources}, {@code JinjaTags} over the
 *       engine's lexer, {@code TemplateKeys}): includes and macros ({@code IncludeCheck}), the
 *       lifecycle annotations ({@code LifecycleCheck}), the {@code spec.…} paths ({@code
 *       SpecReads}) against the CRD ({@code CrdSchemas}, {@code SpecPathCheck}), and a kind's
 *       simple schema against the CRD generated from it ({@code SchemaDriftCheck}), and whether the
 *       CRD holds the status the operator writes ({@code CrdStatusCheck}).
 *   <li>It renders the samples and test cases, admitted first by their CRDs as the API server would
 *       ({@link io.webserveroperator.crd.Admission}), and validates each object against the
 *       Kubernetes OpenAPI schema of its kind ({@code RenderCheck}, {@link
 *       io.webserveroperator.lint.OpenApiSchemas}, saved in a folder or read from a cluster by
 *       {@link io.webserveroperator.lint.ClusterSchemas}, the one class here that talks to one).
 *   <li>It checks the {@code object.status.…} paths of the readiness rules against the status
 *       schemas of the kinds they judge ({@code ReadinessCheck}).
 *   <li>It checks deploy/'s ClusterRole against the kinds rendered ({@code RbacCheck}).
 * </ol>
 *
 * <p>Results are {@link io.webserveroperator.lint.Finding} values; {@link
 * io.webserveroperator.lint.FindingsReport} writes them as text or JSON. The checks are described
 * in {@code docs/lint.md}.
 */
package io.webserveroperator.lint;
