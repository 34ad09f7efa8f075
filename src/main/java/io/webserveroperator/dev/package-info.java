/**
 * A real local Kubernetes control plane for development and end-to-end tests, built from the
 * binaries that {@code hack/kube-binaries.sh} installs.
 *
 * <p>{@link io.webserveroperator.dev.LocalCluster#start} works in this order:
 *
 * <ol>
 *   <li>find the binaries for the pinned Kubernetes version ({@link
 *       io.webserveroperator.dev.KubeBinaries});
 *   <li>pick free loopback ports and lay out a temporary folder for data, keys and logs;
 *   <li>start etcd and wait for its {@code /health};
 *   <li>start kube-apiserver (self-signed serving certificate, a service-account key, a static
 *       admin token) and wait for its {@code /readyz}; write the kubeconfig;
 *   <li>start kube-controller-manager (with its hostpath provisioner) and kube-scheduler and wait
 *       for their {@code /healthz}; make the default StorageClass ({@link
 *       io.webserveroperator.dev.HostPathStorage});
 *   <li>start kwok as the fake kubelet, register the fake Nodes and wait until they are Ready.
 * </ol>
 *
 * <p>{@link io.webserveroperator.dev.LocalCluster#close} stops the processes in reverse order and
 * removes the folder and the claims' volume folders. Nothing here talks to a network beyond
 * 127.0.0.1.
 */
package io.webserveroperator.dev;
