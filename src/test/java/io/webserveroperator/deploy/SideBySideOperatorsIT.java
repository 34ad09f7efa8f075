package io.webserveroperator.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.cli.Main;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.KubeConfig;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.rollout.RevisionStore;
import io.webserveroperator.testing.DeployRbac;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.NamedRbac;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.RunningCommand;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two operators side by side in deploy/'s namespace, as issue 32 found them sitting one behind the
 * other: each with its own {@code --name}, its own kinds (WebServer; Site, a test kind with its own
 * CRD) and deploy/'s RBAC under its own name ({@link NamedRbac}, the ClusterRole from {@code lint
 * --print-rbac --name}), each run as {@code run} with its ServiceAccount's token and leader
 * election on. Both lead, both reconcile, each keeps its own Lease and template revisions, and the
 * API server refused neither anything. A third replica started by mistake under a name that is
 * taken stands by, and says on /readyz whom it waits for, what that one watches, and what to do.
 */
class SideBySideOperatorsIT {

  static final Path SITE =
      Project.file("src/test/resources/io/webserveroperator/deploy/side-by-side");
  static final OperatorName WEB = new OperatorName("web-operator");
  static final OperatorName SITES = new OperatorName("site-operator");
  static final ResourceDefinitionContext SITE_KIND =
      new ResourceDefinitionContext.Builder()
          .withGroup("test.example.com")
          .withVersion("v1")
          .withKind("Site")
          .withPlural("sites")
          .withNamespaced(true)
          .build();

  @TempDir Path temp;

  @Test
  void twoOperatorsWithTheirOwnNamesKindsAndRbacBothReconcileAndATakenNameIsSaid()
      throws Exception {
    LocalClusterBinaries.assumePresent();
    try (LocalCluster cluster =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder()
                .apiServerOnly(true)
                .progress(line -> {})
                .build())) {
      KubernetesClient admin = cluster.client();
      FolderApplier crds = new FolderApplier(admin, Duration.ofSeconds(30));
      crds.apply(Project.file("crds"));
      crds.apply(SITE.resolve("crds"));
      NamedRbac.apply(admin, WEB, Project.file("templates"), Project.file("crds"));
      NamedRbac.apply(admin, SITES, SITE.resolve("templates"), SITE.resolve("crds"));
      admin
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName("shop").endMetadata().build())
          .create();

      try (RunningCommand web =
              RunningCommand.start(
                  "web", run(WEB, Project.file("templates"), kubeconfig(cluster, admin, WEB)));
          RunningCommand sites =
              RunningCommand.start(
                  "sites",
                  run(SITES, SITE.resolve("templates"), kubeconfig(cluster, admin, SITES)))) {
        new WebServers(admin, "shop").create("shop", Map.of("image", "nginx", "replicas", 1));
        admin
            .genericKubernetesResources(SITE_KIND)
            .inNamespace("shop")
            .resource(site("hello", "hi"))
            .create();

        Waits.untilAsserted(
            () -> {
              assertThat(
                      admin
                          .apps()
                          .deployments()
                          .inNamespace("shop")
                          .withName("shop-deployment")
                          .get())
                  .as("the WebServer's Deployment")
                  .isNotNull();
              ConfigMap greeting =
                  admin.configMaps().inNamespace("shop").withName("hello-site").get();
              assertThat(greeting).as("the Site's ConfigMap").isNotNull();
              assertThat(greeting.getData()).containsEntry("greeting", "hi");
            });
        assertThat(lease(admin, WEB))
            .isEqualTo("WebServer.webapp.example.com, Postgres.db.example.com");
        assertThat(lease(admin, SITES)).isEqualTo("Site.test.example.com");
        Waits.until(
            "the Site operator's revisions",
            () -> revisions(admin, SITES).size(),
            seen -> seen == 1);
        // One for each kind of the project's templates.
        Waits.until(
            "the project operator's revisions",
            () -> revisions(admin, WEB),
            seen -> seen.size() == 2);
        assertThat(revisions(admin, WEB))
            .allSatisfy(revision -> assertThat(revision).startsWith("web-operator."));
        assertThat(revisions(admin, SITES))
            .singleElement()
            .asString()
            .startsWith("site-operator.site.test.example.com-");
        assertThat(web.get("/metrics").body())
            .contains(
                "leader_election_master_status{name=\"web-operator\",operator=\"web-operator\"} 1.0");
        assertThat(rolloutStatus(cluster, SITES))
            .startsWith("Site.test.example.com\n")
            .doesNotContain("WebServer");

        // The Site templates again, under the name the WebServer operator holds: it waits.
        try (RunningCommand mistaken =
            RunningCommand.start(
                "mistaken", run(WEB, SITE.resolve("templates"), cluster.kubeconfigPath()))) {
          Waits.untilAsserted(
              () ->
                  assertThat(mistaken.get("/readyz"))
                      .isEqualTo(
                          new RunningCommand.Answer(
                              200,
                              "ok: Standing by: the Lease webserver-operator-system/web-operator"
                                  + " is held by "
                                  + holder(admin, WEB)
                                  + ", which watches WebServer.webapp.example.com,"
                                  + " Postgres.db.example.com; this"
                                  + " replica watches Site.test.example.com: to run both"
                                  + " side by side, give each its own --name\n")));
        }
        assertThat(web.isAlive()).isTrue();
        assertThat(sites.isAlive()).isTrue();
      }
      assertThat(refused(cluster)).as("requests of the two ServiceAccounts refused").isEmpty();
    }
  }

  /** {@code run} as deploy/'s container runs it, under another name, with a token's kubeconfig. */
  private static List<String> run(OperatorName name, Path templates, Path kubeconfig) {
    return List.of(
        "--name=" + name,
        "--leader-elect",
        "--lease-retry-period=500ms",
        "--templates=" + templates,
        "--kubeconfig=" + kubeconfig,
        // In a pod, POD_NAMESPACE: deploy/'s namespace, which both operators share.
        "--operator-namespace=" + DeployRbac.NAMESPACE);
  }

  private Path kubeconfig(LocalCluster cluster, KubernetesClient admin, OperatorName name) {
    KubeConfig config = cluster.kubeConfig();
    return new KubeConfig(config.server(), config.caPem(), NamedRbac.token(admin, name))
        .write(temp.resolve(name + ".kubeconfig"));
  }

  private static GenericKubernetesResource site(String name, String greeting) {
    GenericKubernetesResource site = new GenericKubernetesResource();
    site.setApiVersion("test.example.com/v1");
    site.setKind("Site");
    site.setMetadata(new ObjectMetaBuilder().withName(name).build());
    site.setAdditionalProperty("spec", Map.of("greeting", greeting));
    return site;
  }

  /** The kinds the Lease of the operator says its holder watches. */
  private static String lease(KubernetesClient admin, OperatorName name) {
    Lease lease = admin.leases().inNamespace(DeployRbac.NAMESPACE).withName(name.value()).get();
    return lease.getMetadata().getAnnotations().get("webserver-operator.io/kinds");
  }

  private static String holder(KubernetesClient admin, OperatorName name) {
    return admin
        .leases()
        .inNamespace(DeployRbac.NAMESPACE)
        .withName(name.value())
        .get()
        .getSpec()
        .getHolderIdentity();
  }

  /** The names of the revision ConfigMaps labelled as the operator's. */
  private static List<String> revisions(KubernetesClient admin, OperatorName name) {
    return admin
        .configMaps()
        .inNamespace(DeployRbac.NAMESPACE)
        .withLabel(RevisionStore.KIND_LABEL)
        .withLabel(OperatorName.LABEL, name.value())
        .list()
        .getItems()
        .stream()
        .map(map -> map.getMetadata().getName())
        .toList();
  }

  private static String rolloutStatus(LocalCluster cluster, OperatorName name) {
    StringWriter out = new StringWriter();
    var cli = Main.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(new StringWriter()));
    int exit =
        cli.execute(
            "rollout",
            "status",
            "--name",
            name.value(),
            "--operator-namespace",
            DeployRbac.NAMESPACE,
            "--kubeconfig",
            cluster.kubeconfigPath().toString(),
            "--templates",
            SITE.resolve("templates").toString());
    assertThat(exit).as("rollout status exit code").isZero();
    return out.toString();
  }

  /** The requests of either ServiceAccount that the API server refused, from its audit log. */
  private static List<String> refused(LocalCluster cluster) throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<String> refused = new ArrayList<>();
    for (String line : Files.readAllLines(cluster.layout().auditLog())) {
      JsonNode event = json.readTree(line);
      String user = event.at("/user/username").asText();
      if (user.startsWith("system:serviceaccount:" + DeployRbac.NAMESPACE + ":")
          && event.at("/responseStatus/code").asInt() == 403) {
        refused.add(user + " " + event.path("verb").asText() + " " + event.at("/requestURI"));
      }
    }
    return refused;
  }
}
