/**
 * Template tests, after helm-unittest: test files beside each kind's templates say what a resource
 * must render to, and {@code test} checks them with no cluster.
 *
 * <ol>
 *   <li>{@link io.webserveroperator.templatetest.TemplateTestRunner} finds {@code <kind
 *       folder>/tests/*.yaml} for every kind in {@code watches.yaml}.
 *   <li>{@link io.webserveroperator.templatetest.SuiteReader} reads one file into a {@link
 *       io.webserveroperator.templatetest.TestSuite}: its cases, each a resource (inline or a file,
 *       changed by {@code set}) and its assertions ({@link
 *       io.webserveroperator.templatetest.AssertionReader}).
 *   <li>The runner renders each case's resource with the same registry the operator uses, checks
 *       every assertion against the objects or the render error ({@link
 *       io.webserveroperator.templatetest.Rendering}), judges live objects with the kind's
 *       readiness rules as the operator does ({@code readiness}), and compares or writes snapshots
 *       ({@link io.webserveroperator.templatetest.SnapshotStore}).
 *   <li>The results come back as data ({@link io.webserveroperator.templatetest.TestRun}), which
 *       the command prints and {@link io.webserveroperator.templatetest.report.JUnitXml} writes for
 *       CI.
 * </ol>
 *
 * <p>The file format is in {@code docs/template-tests.md}. Nothing here talks to a cluster.
 */
package io.webserveroperator.templatetest;
