package io.webserveroperator.dev;

import java.util.List;

/**
 * The command lines of the local cluster's components: everything bound to 127.0.0.1 on the
 * layout's ports, with files in the layout's folder. Pure; nothing is started here.
 *
 * @param binaries where the binaries are
 * @param layout where the files and ports are
 */
public record ComponentCommands(KubeBinaries binaries, ClusterLayout layout) {

  /** The annotation kwok looks for on the Nodes it should act as kubelet for. */
  public static final String KWOK_NODE_ANNOTATION = "kwok.x-k8s.io/node";

  /** The service IP range; only used for ClusterIP allocation, nothing routes to it. */
  public static final String SERVICE_CIDR = "10.96.0.0/16";

  public ComponentCommands {
    if (binaries == null || layout == null) {
      throw new IllegalArgumentException("Component commands need binaries and a layout.");
    }
  }

  public List<String> etcd() {
    return List.of(
        binaries.etcd().toString(),
        "--name=default",
        "--data-dir=" + layout.etcdData(),
        "--listen-client-urls=" + layout.etcdUrl(),
        "--advertise-client-urls=" + layout.etcdUrl(),
        "--listen-peer-urls=" + layout.etcdPeerUrl(),
        "--initial-advertise-peer-urls=" + layout.etcdPeerUrl(),
        "--initial-cluster=default=" + layout.etcdPeerUrl(),
        // A throwaway cluster needs no durability, and fsync dominates etcd's latency on shared
        // disks.
        "--unsafe-no-fsync=true",
        "--log-level=warn");
  }

  public List<String> apiServer() {
    return List.of(
        binaries.kubeApiServer().toString(),
        "--etcd-servers=" + layout.etcdUrl(),
        "--bind-address=" + ClusterLayout.HOST,
        "--advertise-address=" + ClusterLayout.HOST,
        "--secure-port=" + layout.apiServerPort(),
        // Without --tls-cert-file the API server makes a CA and serving certificate here.
        "--cert-dir=" + layout.certDir(),
        "--token-auth-file=" + layout.tokenFile(),
        "--authorization-mode=RBAC",
        // As strict clusters (OpenShift among them) are: a child may block its owner's deletion
        // only if its creator may update the owner's finalizers.
        "--enable-admission-plugins=OwnerReferencesPermissionEnforcement",
        "--service-account-issuer=https://kubernetes.default.svc.cluster.local",
        "--service-account-key-file=" + layout.serviceAccountKey(),
        "--service-account-signing-key-file=" + layout.serviceAccountKey(),
        "--service-cluster-ip-range=" + SERVICE_CIDR,
        // Endpoints may not hold loopback addresses, so the default reconciler would fail forever.
        "--endpoint-reconciler-type=none",
        "--allow-privileged=true",
        "--audit-policy-file=" + layout.auditPolicy(),
        "--audit-log-path=" + layout.auditLog(),
        "--audit-log-format=json",
        "--profiling=false");
  }

  public List<String> controllerManager() {
    return List.of(
        binaries.kubeControllerManager().toString(),
        "--kubeconfig=" + layout.kubeconfig(),
        "--authentication-kubeconfig=" + layout.kubeconfig(),
        "--authorization-kubeconfig=" + layout.kubeconfig(),
        "--bind-address=" + ClusterLayout.HOST,
        "--secure-port=" + layout.controllerManagerPort(),
        "--leader-elect=false",
        "--service-account-private-key-file=" + layout.serviceAccountKey(),
        "--root-ca-file=" + layout.apiServerCertificate(),
        "--service-cluster-ip-range=" + SERVICE_CIDR,
        // Volumes for claims, as folders on this machine (HostPathStorage): for development only,
        // which this is.
        "--enable-hostpath-provisioner=true",
        "--profiling=false");
  }

  public List<String> scheduler() {
    return List.of(
        binaries.kubeScheduler().toString(),
        "--kubeconfig=" + layout.kubeconfig(),
        "--authentication-kubeconfig=" + layout.kubeconfig(),
        "--authorization-kubeconfig=" + layout.kubeconfig(),
        "--bind-address=" + ClusterLayout.HOST,
        "--secure-port=" + layout.schedulerPort(),
        "--leader-elect=false",
        "--profiling=false");
  }

  public List<String> kwok() {
    return List.of(
        binaries.kwok().toString(),
        "--kubeconfig=" + layout.kubeconfig(),
        "--config=" + layout.kwokConfig(),
        "--manage-all-nodes=false",
        "--manage-nodes-with-annotation-selector=" + KWOK_NODE_ANNOTATION + "=fake",
        // Without leases the node lifecycle controller marks the fake nodes NotReady after 40 s.
        "--node-lease-duration-seconds=40",
        "--cidr=10.244.0.0/16",
        "--node-ip=10.240.0.1");
  }
}
