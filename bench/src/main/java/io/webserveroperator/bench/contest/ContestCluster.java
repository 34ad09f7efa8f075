package io.webserveroperator.bench.contest;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.KubeBinaries;
import io.webserveroperator.dev.KubeConfig;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.kube.KubeClients;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * A fresh etcd and kube-apiserver for one contender, so that none runs on a cluster another has
 * filled: the CRDs, the namespace {@code bench}, and a ServiceAccount bound to cluster-admin that
 * the contender runs as. The API server audits ServiceAccounts only ({@link LocalCluster}'s
 * policy), so its audit log holds the contender's requests and not the benchmark's.
 *
 * @param server etcd and kube-apiserver
 * @param admin the cluster's administrator: creates the WebServers and watches, unaudited
 * @param token the contender's ServiceAccount token
 * @param contenderKubeconfig a kubeconfig of that ServiceAccount, for a contender that runs as a
 *     process
 * @param audit the requests the contender made
 */
record ContestCluster(
    LocalCluster server,
    KubernetesClient admin,
    String token,
    Path contenderKubeconfig,
    AuditLog audit)
    implements AutoCloseable {

  static final String NAMESPACE = "bench";
  private static final String ACCOUNT = "contender";
  private static final long TOKEN_SECONDS = 24 * 3600;

  static ContestCluster start(KubeBinaries binaries, Path crds, Consumer<String> progress) {
    LocalCluster server =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder()
                .binaries(binaries)
                .apiServerOnly(true)
                .progress(progress)
                .build());
    KubernetesClient admin = null;
    try {
      admin = KubeClients.create(server.kubeconfigPath(), null);
      new FolderApplier(admin, Duration.ofSeconds(60)).apply(crds);
      admin
          .namespaces()
          .resource(
              new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
          .create();
      admin
          .serviceAccounts()
          .inNamespace(NAMESPACE)
          .resource(
              new ServiceAccountBuilder().withNewMetadata().withName(ACCOUNT).endMetadata().build())
          .create();
      admin
          .rbac()
          .clusterRoleBindings()
          .resource(
              new ClusterRoleBindingBuilder()
                  .withNewMetadata()
                  .withName("bench-" + ACCOUNT)
                  .endMetadata()
                  .withNewRoleRef()
                  .withApiGroup("rbac.authorization.k8s.io")
                  .withKind("ClusterRole")
                  .withName("cluster-admin")
                  .endRoleRef()
                  .addNewSubject()
                  .withKind("ServiceAccount")
                  .withName(ACCOUNT)
                  .withNamespace(NAMESPACE)
                  .endSubject()
                  .build())
          .create();
      String token =
          admin
              .serviceAccounts()
              .inNamespace(NAMESPACE)
              .withName(ACCOUNT)
              .tokenRequest(
                  new TokenRequestBuilder()
                      .withNewSpec()
                      .withExpirationSeconds(TOKEN_SECONDS)
                      .endSpec()
                      .build())
              .getStatus()
              .getToken();
      KubeConfig own = server.kubeConfig();
      Path kubeconfig =
          new KubeConfig(own.server(), own.caPem(), token)
              .write(server.layout().kubeconfig().resolveSibling("contender.kubeconfig"));
      AuditLog audit =
          new AuditLog(
              server.layout().auditLog(), "system:serviceaccount:" + NAMESPACE + ":" + ACCOUNT);
      return new ContestCluster(server, admin, token, kubeconfig, audit);
    } catch (RuntimeException e) {
      if (admin != null) {
        admin.close();
      }
      server.close();
      throw e;
    }
  }

  /** The contender's identity for a client in this JVM. */
  Config contenderConfig() {
    return new ConfigBuilder(admin.getConfiguration()).withOauthToken(token).build();
  }

  /** etcd's and kube-apiserver's processes. */
  List<ProcessHandle> processes() {
    return server.processes();
  }

  @Override
  public void close() {
    admin.close();
    server.close();
  }
}
