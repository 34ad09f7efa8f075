/**
 * {@code bench scale}: the operator against a real API server with many WebServers, beside the
 * minimal client. Uses the parts in {@code bench}, the template-edit phase of {@code bench.edit}
 * and the lookup phase of {@code bench.lookup}; nothing below depends on it.
 *
 * <p>{@link ScaleBenchmark#run} works in this order:
 *
 * <ol>
 *   <li>start etcd and kube-apiserver alone ({@link io.webserveroperator.dev.LocalCluster} with
 *       {@code withApiServerOnly()}), install the CRDs, create the namespaces {@code
 *       bench-operator} and {@code bench-minimal};
 *   <li>start the operator as its own JVM with the image's flags, watching {@code bench-operator}
 *       ({@link io.webserveroperator.testing.OperatorProcess}), or several with {@code --shards
 *       auto} counted as one ({@link io.webserveroperator.bench.OperatorReplicas}): requests
 *       summed, those on Leases apart, memory per replica;
 *   <li>let the operator settle {@code --warm-up} WebServers first, unmeasured, as the minimal
 *       client writes as many before its own phase;
 *   <li>create N WebServers at once from a thread pool and wait until the operator has applied
 *       their children and written their status ({@link io.webserveroperator.bench.CreateStorm});
 *       its API requests and reconciles come from its {@code /metrics};
 *   <li>count the operator's requests over a quiet period spanning several resyncs, then read its
 *       memory (heap after a full GC through {@code jcmd}, RSS from {@code /proc});
 *   <li>stream spec changes at a fixed rate and time each until the Deployment shows it ({@link
 *       io.webserveroperator.bench.ChangeStream}), with the CPU each process spent meanwhile;
 *   <li>then (the operator's storm, quiet period and change stream having run on an API server
 *       holding its objects alone) write the same N in {@code bench-minimal} with the least a
 *       client must send: two server-side applies and one status patch each, from {@code
 *       --concurrency} threads while as many others create them ({@link
 *       io.webserveroperator.bench.MinimalWriter}); the time and write ratios compare the two; both
 *       phases stop the clock when the same kind of informer sees the last status ({@link
 *       io.webserveroperator.bench.SettledWatch}) and create through {@link
 *       io.webserveroperator.bench.DirectApiClient}, and the minimal client writes through it too;
 *   <li>with {@code --lookup}, the operator having run on a copy of the templates in which every
 *       Service looks up one shared ConfigMap ({@link
 *       io.webserveroperator.bench.lookup.LookupTemplates}): edit a ConfigMap nobody looks up and
 *       count the reconciles and writes it brings, then the shared one and time it until every
 *       Service shows it ({@link io.webserveroperator.bench.lookup.LookupEditPhase});
 *   <li>with {@code --template-edit}, the operator having run on a copy of the templates from the
 *       start ({@link io.webserveroperator.bench.edit.TemplateCopy}): start a simulated Deployment
 *       controller ({@link io.webserveroperator.bench.edit.SimulatedDeploymentController}), which
 *       rolls every Deployment out once; edit the Deployment template so that every Deployment
 *       changes, and time until every WebServer is on the new revision and Ready ({@link
 *       io.webserveroperator.bench.edit.TemplateEditPhase}); with {@code --rollout-steps}, restart
 *       the operator with that policy in the copy's watches.yaml and edit again;
 *   <li>stop everything and return a {@link ScaleReport}, which {@link ScaleReportFormat} prints as
 *       a table and as JSON.
 * </ol>
 */
package io.webserveroperator.bench.scale;
