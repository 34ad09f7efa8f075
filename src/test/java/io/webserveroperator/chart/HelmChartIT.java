package io.webserveroperator.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.dev.KubeConfig;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.testing.ConfigMapVolume;
import io.webserveroperator.testing.Helm;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.OperatorJvm;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.PodCommand;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.ServiceAccounts;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chart, installed with the real helm into a local API server, and the operator run as the
 * chart's pod would run it (kwok runs no containers): the installed Deployment's args and
 * environment, a token of the chart's ServiceAccount, the installed templates ConfigMap written as
 * the kubelet writes its volume. The release watches one namespace, so its RBAC is a Role there:
 * what the operator sends fits it. A WebServer is reconciled; {@code helm upgrade} with a new
 * template in values and a changed CRD updates both, and the operator rolls the new template
 * revision out without a restart; {@code helm uninstall} leaves the CRD and the WebServer, as the
 * chart's notes say.
 */
class HelmChartIT {

  static final String RELEASE = "wso";
  static final String NAMESPACE = "webserver-operator-system";
  static final String EXTRA_TEMPLATE =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ metadata.name }}-extra\n";

  @TempDir Path temp;

  @Test
  void installReconcileUpgradeWithNewTemplatesAndUninstallKeepingTheCrds() throws Exception {
    LocalClusterBinaries.assumePresent();
    Helm.assumePresent();
    try (LocalCluster cluster =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder()
                .apiServerOnly(true)
                .progress(line -> {})
                .build())) {
      KubernetesClient admin = cluster.client();
      Helm helm = Helm.in(temp.resolve("helm"), cluster.kubeconfigPath());
      admin
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName("shop").endMetadata().build())
          .create();

      String installed =
          helm.ok(
              "install",
              RELEASE,
              "charts/webserver-operator",
              "-n",
              NAMESPACE,
              "--create-namespace",
              "--set",
              "watchNamespaces={shop}");
      assertThat(installed)
          .contains("`helm uninstall` leaves the CRDs (helm.sh/resource-policy: keep)");
      Waits.until(
          "the WebServer CRD established", () -> established(admin), established -> established);
      assertThat(admin.rbac().roles().inNamespace("shop").withName("webserver-operator").get())
          .as("the Role of a release that watches shop")
          .isNotNull();
      assertThat(admin.rbac().clusterRoles().withName("webserver-operator").get()).isNull();

      Deployment deployment = deployment(admin);
      ConfigMapVolume volume =
          ConfigMapVolume.write(temp.resolve("volume"), templates(admin, deployment));
      Path kubeconfig = serviceAccountKubeconfig(cluster, admin);
      WebServers webServers = new WebServers(admin, "shop");
      try (OperatorProcess operator = start(deployment, volume.root(), kubeconfig)) {
        webServers.create("web", Map.of("image", "nginx", "replicas", 1));
        Waits.until(
            "the WebServer's template revision", () -> revision(webServers), Optional::isPresent);
        assertThat(admin.apps().deployments().inNamespace("shop").withName("web-deployment").get())
            .isNotNull();
        String first = revision(webServers).orElseThrow();

        Path chart = changedChart();
        Path values = temp.resolve("values.yaml");
        Files.writeString(
            values,
            "watchNamespaces: [shop]\ntemplates:\n  files:\n    webserver/zz-extra.yaml.j2: |\n"
                + EXTRA_TEMPLATE.indent(6));
        helm.ok("upgrade", RELEASE, chart.toString(), "-n", NAMESPACE, "-f", values.toString());
        assertThat(
                crd(admin).getSpec().getVersions().get(0).getAdditionalPrinterColumns().stream()
                    .map(column -> column.getName()))
            .as("the CRD's printer columns after the upgrade")
            .contains("Upgraded");
        // The kubelet swaps the volume to the updated ConfigMap; the operator follows.
        volume.update(templates(admin, deployment(admin)));
        Waits.untilAsserted(
            () -> {
              ConfigMap extra = admin.configMaps().inNamespace("shop").withName("web-extra").get();
              assertThat(extra).as("the ConfigMap of the new template").isNotNull();
              assertThat(revision(webServers)).isPresent().get().isNotEqualTo(first);
            });
        assertThat(operator.isAlive()).as("the operator reloaded without a restart").isTrue();
      }

      Helm.Result uninstalled = helm.run("uninstall", RELEASE, "-n", NAMESPACE);
      assertThat(uninstalled.exit()).isZero();
      assertThat(uninstalled.out() + uninstalled.err())
          .contains("kept due to the resource policy")
          .contains("webservers.webapp.example.com");
      assertThat(crd(admin)).as("the CRD after helm uninstall").isNotNull();
      assertThat(webServers.named("web").get())
          .as("the WebServer after helm uninstall")
          .isNotNull();
      assertThat(
              admin
                  .apps()
                  .deployments()
                  .inNamespace(NAMESPACE)
                  .withName("webserver-operator")
                  .get())
          .isNull();
    }
  }

  /** The operator, as the installed Deployment's container would run it. */
  private OperatorProcess start(Deployment deployment, Path templates, Path kubeconfig)
      throws IOException {
    PodCommand pod = PodCommand.of(deployment, templates);
    int port = OperatorProcess.freePort();
    Path logs = Files.createDirectories(Project.file("target/HelmChartIT"));
    return OperatorJvm.start(
        "operator",
        pod.args(),
        pod.envWith(
            Map.of("KUBECONFIG", kubeconfig.toString(), "WSO_HEALTH_PORT", Integer.toString(port))),
        port,
        logs);
  }

  /** The chart with a printer column added to its CRD, as a release that changes the CRD. */
  private Path changedChart() throws IOException {
    Path source = Project.file("charts/webserver-operator");
    Path copy = temp.resolve("chart");
    try (Stream<Path> paths = Files.walk(source)) {
      for (Path path : paths.toList()) {
        Path target = copy.resolve(source.relativize(path).toString());
        if (Files.isDirectory(path)) {
          Files.createDirectories(target);
        } else {
          Files.copy(path, target);
        }
      }
    }
    Path crd = copy.resolve("files/crds/webapp.example.com_webservers.yaml");
    String text = Files.readString(crd);
    String columns = "      additionalPrinterColumns:\n";
    assertThat(text).contains(columns);
    Files.writeString(
        crd,
        text.replace(
            columns,
            columns
                + "        - name: Upgraded\n          type: string\n"
                + "          jsonPath: .metadata.name\n"));
    return copy;
  }

  private static Deployment deployment(KubernetesClient admin) {
    return admin.apps().deployments().inNamespace(NAMESPACE).withName("webserver-operator").get();
  }

  /** The files of the templates volume of the installed Deployment. */
  private static Map<String, String> templates(KubernetesClient admin, Deployment deployment) {
    String name = PodCommand.templatesVolume(deployment).getConfigMap().getName();
    return admin.configMaps().inNamespace(NAMESPACE).withName(name).get().getData();
  }

  /** A kubeconfig with a token for the chart's ServiceAccount. */
  private Path serviceAccountKubeconfig(LocalCluster cluster, KubernetesClient admin) {
    String token = ServiceAccounts.token(admin, NAMESPACE, "webserver-operator");
    KubeConfig config = cluster.kubeConfig();
    return new KubeConfig(config.server(), config.caPem(), token)
        .write(temp.resolve("sa.kubeconfig"));
  }

  private static CustomResourceDefinition crd(KubernetesClient admin) {
    return admin
        .apiextensions()
        .v1()
        .customResourceDefinitions()
        .withName("webservers.webapp.example.com")
        .get();
  }

  private static boolean established(KubernetesClient admin) {
    CustomResourceDefinition crd = crd(admin);
    return crd != null
        && crd.getStatus() != null
        && crd.getStatus().getConditions().stream()
            .anyMatch(c -> c.getType().equals("Established") && c.getStatus().equals("True"));
  }

  /** The template revision the WebServer's status names, once it names one. */
  private static Optional<String> revision(WebServers webServers) {
    return Optional.ofNullable((String) webServers.status("web").get("templateRevision"));
  }
}
