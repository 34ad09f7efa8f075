package io.webserveroperator.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.controller.LeaderElectionOptions;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.KubeConfig;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.testing.ConfigMapVolume;
import io.webserveroperator.testing.DeployRbac;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.OperatorJvm;
import io.webserveroperator.testing.OperatorProcess;
import io.webserveroperator.testing.PodCommand;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.ShippedPostgres;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The operator as deploy/ ships it, everything read from deploy/ rather than copied: the kustomize
 * output applied to a full local control plane, the ServiceAccount's token from the TokenRequest
 * API, the container's args and env from deploy/deployment.yaml, the templates from the generated
 * ConfigMap written as the kubelet writes its volume. Two replicas with leader election run through
 * create, update, prune, drift and a template change for more than four lease durations; the API
 * server's audit log then shows that they were never refused, and that every permission deploy/
 * grants was used. The same again for the overlay deploy-sharded/, whose replicas share the
 * WebServers ({@code --shards=auto}) and whose leader assigns them.
 */
class DeployedOperatorIT {

  static final String USER =
      "system:serviceaccount:" + DeployRbac.NAMESPACE + ":" + DeployRbac.SERVICE_ACCOUNT;
  static final Duration RUN_AT_LEAST = Duration.ofSeconds(65);

  /**
   * Granted, needed, and yet no audit event names them: the API server authorises a server-side
   * apply that creates an object as create as well, inside the patch request; an admission plugin
   * checks {@code webservers/finalizers} (OwnerReferencesPermissionEnforcement lets a child block
   * its WebServer's deletion only if its creator may update the WebServer's finalizers; the local
   * cluster enables it). Without any of these the creates fail. And Deployments and Services are
   * pruned by the same code that prunes the Ingress and ConfigMap here, but the shipped templates
   * always render them. Likewise a child is read (get) only when a create finds it there already:
   * the ConfigMap here, by the same code for every kind. A Postgres's objects are never pruned (its
   * Secret and claims are kept, its StatefulSet and Service always rendered), and a hook's run is
   * deleted only when a later rendering of the same hook runs, which one install does not make.
   */
  static final Set<String> GRANTED_WITHOUT_A_REQUEST =
      Set.of(
          "apps/deployments create",
          "/services create",
          "/configmaps create",
          "networking.k8s.io/ingresses create",
          "apps/statefulsets create",
          "/secrets create",
          "/persistentvolumeclaims create",
          "batch/jobs create",
          "webapp.example.com/webservers/finalizers update",
          "db.example.com/postgres/finalizers update",
          "apps/deployments delete",
          "/services delete",
          "apps/statefulsets delete",
          "/secrets delete",
          "/persistentvolumeclaims delete",
          "batch/jobs delete",
          "apps/deployments get",
          "/services get",
          "networking.k8s.io/ingresses get",
          "apps/statefulsets get",
          "/secrets get",
          "/persistentvolumeclaims get",
          "batch/jobs get");

  @TempDir Path temp;

  @ParameterizedTest
  @ValueSource(strings = {"deploy", "deploy-sharded"})
  void runsAsDeployedUnderItsServiceAccountWithOneLeaderAndNothingRefused(String kustomization)
      throws Exception {
    LocalClusterBinaries.assumePresent();
    try (LocalCluster cluster =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder().nodes(1).progress(line -> {}).build())) {
      KubernetesClient admin = cluster.client();
      new FolderApplier(admin, Duration.ofSeconds(30)).apply(Project.file("crds"));
      List<HasMetadata> objects = DeployRbac.apply(admin, kustomization);
      Deployment deployment = only(objects, Deployment.class);
      Path kubeconfig = serviceAccountKubeconfig(cluster, admin);
      ConfigMap templates =
          configMap(admin, PodCommand.templatesVolume(deployment).getConfigMap().getName());
      ConfigMapVolume volume =
          ConfigMapVolume.write(temp.resolve("volume"), volumeFiles(deployment, templates));
      admin
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName("shop").endMetadata().build())
          .create();
      WebServers webServers = new WebServers(admin, "shop");

      Instant started = Instant.now();
      // The replicas' logs stay in target/ for a failed run to be read.
      Path logs =
          Files.createDirectories(Project.file("target/DeployedOperatorIT").resolve(kustomization));
      Replicas replicas = new Replicas(deployment, kubeconfig, volume.root(), logs);
      try (replicas) {
        OperatorProcess first = replicas.start("replica-a");
        Waits.until(first + " holding the Lease", () -> holdsLease(first), holds -> holds);
        OperatorProcess second = replicas.start("replica-b");
        Waits.until(
            second + "'s readiness",
            () -> second.status(probePath(deployment, "readiness")),
            status -> status == 200);

        reconcilesCreateUpdatePruneAndDrift(admin, webServers);
        installsAPostgres(admin);
        followsATemplateChangeThroughTheConfigMap(admin, volume, deployment, webServers);
        Duration left = RUN_AT_LEAST.minus(Duration.between(started, Instant.now()));
        if (!left.isNegative()) {
          Thread.sleep(left.toMillis());
        }
        for (OperatorProcess replica : List.of(first, second)) {
          assertThat(replica.status(probePath(deployment, "liveness"))).isEqualTo(200);
          assertThat(replica.status(probePath(deployment, "readiness"))).isEqualTo(200);
          assertThat(replica.status(probePath(deployment, "startup"))).isEqualTo(200);
        }
        assertThat(replicas.mostLeadersAtOnce())
            .as("replicas holding the Lease at once")
            .isEqualTo(1);

        OperatorProcess leader = holdsLease(first) ? first : second;
        OperatorProcess standby = leader == first ? second : first;
        Instant stop = Instant.now();
        assertThat(leader.stop()).as("the leader ended on SIGTERM").isTrue();
        Waits.until(
            Waits.await(standby + " holding the Lease").pollInterval(Duration.ofMillis(50)),
            () -> holdsLease(standby),
            holds -> holds);
        Duration gracefulTakeover = Duration.between(stop, Instant.now());

        OperatorProcess restarted = replicas.start("replica-c");
        Waits.until(
            restarted + "'s /readyz", () -> restarted.status("/readyz"), status -> status == 200);
        Instant kill = Instant.now();
        standby.kill();
        Waits.until(
            Waits.await(restarted + " holding the Lease").pollInterval(Duration.ofMillis(100)),
            () -> holdsLease(restarted),
            holds -> holds);
        Duration killedTakeover = Duration.between(kill, Instant.now());
        webServers.patchSpec("web", Map.of("replicas", 1));
        Waits.until(
            "the replicas of web", () -> deploymentReplicas(admin, "web"), seen -> seen == 1);

        System.out.printf(
            "DeployedOperatorIT %s: ran %d s; takeover after SIGTERM %d ms, after SIGKILL %d ms%n",
            kustomization,
            Duration.between(started, Instant.now()).toSeconds(),
            gracefulTakeover.toMillis(),
            killedTakeover.toMillis());
        // A released Lease is taken at the standby's next retry (every 2 s), one kept until it
        // expires (15 s): well under a third of that shows the release, whatever the retry's phase.
        assertThat(gracefulTakeover)
            .as("takeover after a graceful stop")
            .isLessThan(LeaderElectionOptions.LEASE_DURATION.dividedBy(3));
        assertThat(killedTakeover).as("takeover after SIGKILL").isLessThan(Duration.ofSeconds(20));
        assertThat(replicas.mostLeadersAtOnce()).isEqualTo(1);
        for (OperatorProcess replica : replicas.all()) {
          assertThat(replica.log()).as(replica + " log").doesNotContainIgnoringCase("forbidden");
        }
      }
      permissionsUsedAreExactlyThoseGranted(cluster, objects);
    }
  }

  private static void reconcilesCreateUpdatePruneAndDrift(
      KubernetesClient admin, WebServers webServers) {
    // A ConfigMap of the user's under the name web renders: a conflict until handed over (get and
    // the adoption's annotation patch).
    admin
        .configMaps()
        .inNamespace("shop")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("web-content")
                .endMetadata()
                .addToData("precious", "mine")
                .build())
        .create();
    webServers.create(
        "web", Map.of("image", "nginx", "replicas", 2, "content", Map.of("index.html", "hi")));
    webServers.create("blog", Map.of("image", "nginx", "replicas", 1));
    webServers.awaitReadyFalse("web", "OwnershipConflict", "ConfigMap shop/web-content");
    admin
        .configMaps()
        .inNamespace("shop")
        .withName("web-content")
        .edit(
            c ->
                new ConfigMapBuilder(c)
                    .editMetadata()
                    .addToAnnotations("webserver-operator.io/adopt", "true")
                    .endMetadata()
                    .build());
    Waits.untilAsserted(
        () -> {
          assertThat(webServers.condition("web", "Ready"))
              .as("web's Ready condition")
              .hasValueSatisfying(c -> assertThat(c).containsEntry("status", "True"));
          assertThat(webServers.condition("blog", "Ready"))
              .as("blog's Ready condition")
              .hasValueSatisfying(c -> assertThat(c).containsEntry("status", "True"));
        });

    webServers.patchSpec(
        "web", Map.of("replicas", 3, "ingress", Map.of("host", "web.example.com")));
    Waits.until("the replicas of web", () -> deploymentReplicas(admin, "web"), seen -> seen == 3);
    Waits.until("the Ingress web-ingress", () -> ingress(admin), Objects::nonNull);
    webServers.patchSpec("web", Collections.singletonMap("ingress", null));
    Waits.until("the Ingress web-ingress", () -> ingress(admin), Objects::isNull);

    webServers.patchSpec("web", Collections.singletonMap("content", null));
    Waits.until(
        "the ConfigMap web-content",
        () -> admin.configMaps().inNamespace("shop").withName("web-content").get(),
        Objects::isNull);

    // Twice: the second DriftCorrected event counts up the first (events get and patch).
    for (int i = 0; i < 2; i++) {
      admin.apps().deployments().inNamespace("shop").withName("web-deployment").scale(1);
      Waits.until("the replicas of web", () -> deploymentReplicas(admin, "web"), seen -> seen == 3);
    }
  }

  /**
   * The second shipped kind: a Secret, a StatefulSet and its claim, a Service, a claim of its own
   * and a hook's Job, each applied and watched under the ServiceAccount, to Ready.
   */
  private static void installsAPostgres(KubernetesClient admin) {
    WebServers postgres = ShippedPostgres.in(admin, "shop");
    postgres.create("db", Map.of());
    Waits.untilAsserted(
        () -> {
          assertThat(postgres.condition("db", "Ready"))
              .as("db's Ready condition")
              .hasValueSatisfying(c -> assertThat(c).containsEntry("status", "True"));
          assertThat(postgres.status("db"))
              .as("db's status")
              .extractingByKey("hooks")
              .asInstanceOf(InstanceOfAssertFactories.MAP)
              .containsEntry("installed", true);
        });
  }

  private static void followsATemplateChangeThroughTheConfigMap(
      KubernetesClient admin,
      ConfigMapVolume volume,
      Deployment deployment,
      WebServers webServers) {
    ConfigMap templates =
        configMap(admin, PodCommand.templatesVolume(deployment).getConfigMap().getName());
    admin
        .resource(
            new ConfigMapBuilder(templates)
                .addToData(
                    "webserver__zz-extra.yaml.j2",
                    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ metadata.name }}-extra\n")
                .build())
        .update();
    volume.update(volumeFiles(deployment, configMap(admin, templates.getMetadata().getName())));
    Waits.untilAsserted(
        () ->
            assertThat(admin.configMaps().inNamespace("shop").list().getItems())
                .extracting(c -> c.getMetadata().getName())
                .contains("web-extra", "blog-extra"));
  }

  /**
   * Reads the audit log: every request of the operator's ServiceAccount was allowed, and every rule
   * deploy/ grants was used by one (or is checked by admission).
   */
  private static void permissionsUsedAreExactlyThoseGranted(
      LocalCluster cluster, List<HasMetadata> objects) throws IOException {
    ObjectMapper json = new ObjectMapper();
    Set<String> used = new TreeSet<>();
    List<String> refused = new ArrayList<>();
    for (String line : Files.readAllLines(cluster.layout().auditLog())) {
      JsonNode event = json.readTree(line);
      if (!USER.equals(event.at("/user/username").asText())) {
        continue;
      }
      JsonNode ref = event.path("objectRef");
      if (ref.isMissingNode()) {
        continue; // discovery (/api, /apis, /version), which every authenticated user may read
      }
      String permission =
          ref.path("apiGroup").asText("")
              + "/"
              + ref.path("resource").asText()
              + (ref.hasNonNull("subresource") ? "/" + ref.path("subresource").asText() : "")
              + " "
              + event.path("verb").asText();
      used.add(permission);
      if (event.at("/responseStatus/code").asInt() == 403) {
        refused.add(permission + " in '" + ref.path("namespace").asText() + "'");
      }
    }
    Set<String> granted = new TreeSet<>();
    for (HasMetadata object : objects) {
      List<PolicyRule> rules =
          object instanceof ClusterRole role
              ? role.getRules()
              : object instanceof Role role ? role.getRules() : List.of();
      for (PolicyRule rule : rules) {
        for (String group : rule.getApiGroups()) {
          for (String resource : rule.getResources()) {
            for (String verb : rule.getVerbs()) {
              granted.add(group + "/" + resource + " " + verb);
            }
          }
        }
      }
    }
    System.out.println("DeployedOperatorIT: permissions used " + used);
    assertThat(refused).as("requests the API server refused").isEmpty();
    assertThat(granted)
        .as("granted but never used")
        .isSubsetOf(union(used, GRANTED_WITHOUT_A_REQUEST));
    assertThat(used).as("used but not granted").isSubsetOf(granted);
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> all = new TreeSet<>(a);
    all.addAll(b);
    return all;
  }

  /** A kubeconfig with a token for deploy/'s ServiceAccount, from the TokenRequest API. */
  private Path serviceAccountKubeconfig(LocalCluster cluster, KubernetesClient admin) {
    KubeConfig adminConfig = cluster.kubeConfig();
    return new KubeConfig(adminConfig.server(), adminConfig.caPem(), DeployRbac.token(admin))
        .write(temp.resolve("sa.kubeconfig"));
  }

  /** The files of the templates volume, with the volume's items when it lists any. */
  private static Map<String, String> volumeFiles(Deployment deployment, ConfigMap configMap) {
    List<KeyToPath> items = PodCommand.templatesVolume(deployment).getConfigMap().getItems();
    if (items == null || items.isEmpty()) {
      return configMap.getData();
    }
    Map<String, String> paths = new LinkedHashMap<>();
    items.forEach(item -> paths.put(item.getKey(), item.getPath()));
    return ConfigMapVolume.items(configMap.getData(), paths);
  }

  private static ConfigMap configMap(KubernetesClient admin, String name) {
    return admin.configMaps().inNamespace(DeployRbac.NAMESPACE).withName(name).get();
  }

  private static String probePath(Deployment deployment, String probe) {
    Container container = deployment.getSpec().getTemplate().getSpec().getContainers().get(0);
    return switch (probe) {
      case "liveness" -> container.getLivenessProbe().getHttpGet().getPath();
      case "readiness" -> container.getReadinessProbe().getHttpGet().getPath();
      default -> container.getStartupProbe().getHttpGet().getPath();
    };
  }

  /** Whether its {@code leader_election_master_status} gauge says it holds the Lease now. */
  private static boolean holdsLease(OperatorProcess replica) {
    try {
      return replica
          .metrics()
          .contains(
              "leader_election_master_status{name=\"webserver-operator\",operator=\"webserver-operator\"} 1.0");
    } catch (IllegalStateException notAnswering) {
      return false;
    }
  }

  private static int deploymentReplicas(KubernetesClient admin, String name) {
    Deployment deployment =
        admin.apps().deployments().inNamespace("shop").withName(name + "-deployment").get();
    return deployment == null ? -1 : deployment.getSpec().getReplicas();
  }

  private static Object ingress(KubernetesClient admin) {
    return admin.network().v1().ingresses().inNamespace("shop").withName("web-ingress").get();
  }

  private static <T> T only(List<HasMetadata> objects, Class<T> type) {
    return objects.stream()
        .filter(type::isInstance)
        .map(type::cast)
        .reduce(
            (a, b) -> {
              throw new AssertionError("deploy/ has more than one " + type.getSimpleName());
            })
        .orElseThrow();
  }

  /**
   * The operator's replicas, each started from the container's args and env in deploy/ (the
   * templates mount replaced by the volume folder, the health port by a free one, since the
   * replicas share this host), and a sampler that counts how many hold the Lease at once.
   */
  private static final class Replicas implements AutoCloseable {

    private final List<String> args = new ArrayList<>();
    private final Map<String, String> env = new TreeMap<>();
    private final Path folder;
    private final List<OperatorProcess> all = new ArrayList<>();
    private final AtomicInteger mostLeaders = new AtomicInteger();
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();

    Replicas(Deployment deployment, Path kubeconfig, Path templates, Path folder) {
      this.folder = folder;
      PodCommand pod = PodCommand.of(deployment, templates);
      args.addAll(pod.args());
      // In a pod the client finds the ServiceAccount's token; here the same token, from a file.
      env.putAll(pod.envWith(Map.of("KUBECONFIG", kubeconfig.toString())));
      sampler.scheduleAtFixedRate(this::sample, 100, 100, TimeUnit.MILLISECONDS);
    }

    synchronized OperatorProcess start(String name) {
      int port = OperatorProcess.freePort();
      Map<String, String> withPort = new TreeMap<>(env);
      withPort.put("WSO_HEALTH_PORT", Integer.toString(port));
      OperatorProcess replica = OperatorJvm.start(name, args, withPort, port, folder);
      all.add(replica);
      return replica;
    }

    synchronized List<OperatorProcess> all() {
      return List.copyOf(all);
    }

    int mostLeadersAtOnce() {
      return mostLeaders.get();
    }

    private void sample() {
      int leaders =
          (int)
              all().stream()
                  .filter(OperatorProcess::isAlive)
                  .filter(DeployedOperatorIT::holdsLease)
                  .count();
      mostLeaders.accumulateAndGet(leaders, Math::max);
    }

    @Override
    public void close() {
      sampler.shutdownNow();
      for (OperatorProcess replica : all()) {
        replica.close();
      }
    }
  }
}
