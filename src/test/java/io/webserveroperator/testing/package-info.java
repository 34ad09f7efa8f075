/**
 * What the integration tests share. A test against the one API server of the JVM ({@link
 * io.webserveroperator.testing.KubeTestBed}) registers a {@link
 * io.webserveroperator.testing.ControlPlaneExtension}, which before each test:
 *
 * <ol>
 *   <li>starts the test bed on first use and installs the CRDs once;
 *   <li>makes a fresh namespace, copies the WebServer's part of {@code templates/} and writes the
 *       kubeconfig into a folder of the test's own;
 * </ol>
 *
 * and after it stops every operator it started, in this JVM ({@link
 * io.webserveroperator.testing.InProcessOperators}) or as a child JVM ({@link
 * io.webserveroperator.testing.OperatorJvm}, an {@link
 * io.webserveroperator.testing.OperatorProcess} that a test can kill), and removes the folder. A
 * test starts an operator in this JVM one way: {@code cluster.operator()}, what differs (requests
 * counted, resync, templates, options), {@code start()}; or {@code cluster.startOperator()} when
 * nothing does.
 *
 * <p>Tests wait with {@link io.webserveroperator.testing.Waits}: one timeout ({@code
 * Waits.TIMEOUT}, 90 s) and conditions that say on failure what they last saw. "Nothing is written"
 * checks wait with {@link io.webserveroperator.testing.Quiet}, never with fixed sleeps.
 *
 * <p>The test bed runs no controllers, so the dependents of a deleted owner stay; a test that needs
 * them gone calls {@link io.webserveroperator.testing.KubeTestBed#withGarbageCollector()}, which
 * starts kube-controller-manager with the garbage collector alone, once per JVM.
 *
 * <p>This package is also a jar of its own (the operator module's test-jar) for the benchmark in
 * bench/: its tests use {@link io.webserveroperator.testing.Project}, and it runs the operator's
 * JVMs with {@link io.webserveroperator.testing.OperatorProcess} and counts their requests in
 * {@link io.webserveroperator.testing.RequestCounts}, so these two are part of the benchmark's jar.
 */
package io.webserveroperator.testing;
