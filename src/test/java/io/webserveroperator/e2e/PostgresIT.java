package io.webserveroperator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.testing.Closing;
import io.webserveroperator.testing.Crds;
import io.webserveroperator.testing.InProcessOperators;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.ShippedPostgres;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped Postgres kind (crds/db.example.com_postgres.yaml, templates/postgres/) on a real
 * control plane: the controller manager's StatefulSet, Job, volume and garbage collector
 * controllers, the scheduler, kwok's pods (Ready at once; a Job's complete at once), and the local
 * cluster's default StorageClass that binds claims. One Postgres is followed through its life, in
 * order: installed (a generated password, the server, the database Job only once the server is
 * ready, Ready with its endpoint), upgraded (the backup first, then the server), and deleted and
 * created again (the Secret and the data claim kept, the password byte for byte).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PostgresIT {

  private static final String NAMESPACE = "shop";

  @TempDir static Path folder;

  static LocalCluster cluster;
  static KubernetesClient admin;
  static InProcessOperators operators = new InProcessOperators();
  static WebServers postgres;

  /** The password the first Postgres got, to compare with what the second one finds. */
  static String password;

  @BeforeAll
  static void startClusterAndOperator() {
    LocalClusterBinaries.assumePresent();
    cluster =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder()
                .progress(line -> System.out.println("postgres-it: " + line))
                .build());
    admin = cluster.client();
    Crds.install(admin);
    admin
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
        .create();
    postgres = ShippedPostgres.in(admin, NAMESPACE);
    Path templates = TemplateFolder.copyInto(folder.resolve("templates"));
    operators.on(cluster.kubeconfigPath(), templates, NAMESPACE).start();
  }

  @AfterAll
  static void stop() throws Exception {
    Closing.inOrder(operators, cluster);
  }

  @Test
  @Order(1)
  void installsWithAGeneratedPasswordAndCreatesTheDatabaseOnlyOnceTheServerIsReady() {
    List<String> created = new CopyOnWriteArrayList<>();
    try (Watch jobs = admin.batch().v1().jobs().inNamespace(NAMESPACE).watch(onAdded(created))) {
      postgres.create("orders", Map.of("database", "shop"));

      awaitReady();
    }

    Secret secret = admin.secrets().inNamespace(NAMESPACE).withName("orders-credentials").get();
    password = decoded(secret, "password");
    assertThat(password).matches("[A-Za-z0-9]{32}");
    assertThat(decoded(secret, "username")).isEqualTo("postgres");
    StatefulSet server = statefulSet();
    assertThat(server.getSpec().getTemplate().getSpec().getContainers().get(0).getImage())
        .isEqualTo("postgres:16");
    assertThat(server.getStatus().getReadyReplicas()).isEqualTo(1);
    Service service = admin.services().inNamespace(NAMESPACE).withName("orders").get();
    assertThat(service.getSpec().getPorts().get(0).getPort()).isEqualTo(5432);
    assertThat(claim("data-orders-0").getStatus().getPhase()).isEqualTo("Bound");
    assertThat(postgres.status("orders"))
        .containsEntry("endpoint", "orders.shop.svc:5432")
        .containsEntry("secretName", "orders-credentials");

    assertThat(created)
        .as("what the server was when each Job was created")
        .singleElement()
        .asString()
        .matches("orders-createdb-[0-9a-f]{6} created with the server ready");
    Job createdb = onlyJob("orders-createdb-");
    assertThat(createdb.getStatus().getSucceeded()).isEqualTo(1);
    assertThat(Instant.parse(createdb.getMetadata().getCreationTimestamp()))
        .as("the database Job against the moment the server's pod became ready")
        .isAfterOrEqualTo(readySince(pod()));
    assertThat(String.valueOf(postgres.status("orders").get("hooks")))
        .contains("installed=true", "hook=orders-createdb", "phase=Succeeded");
  }

  @Test
  @Order(2)
  void aVersionChangeBacksEveryDatabaseUpBeforeTheServerMoves() {
    long generation = statefulSet().getMetadata().getGeneration();
    List<String> updates = new CopyOnWriteArrayList<>();
    try (Watch servers =
        admin
            .apps()
            .statefulSets()
            .inNamespace(NAMESPACE)
            .withName("orders")
            .watch(onNewGeneration(generation, updates))) {
      postgres.patchSpec("orders", Map.of("version", "16.4"));

      Waits.until(
          "the StatefulSet orders' image", () -> image(statefulSet()), "postgres:16.4"::equals);
      awaitReady();
    }

    assertThat(updates)
        .as("where the backup stood when the StatefulSet took the new version")
        .first()
        .asString()
        .matches("postgres:16.4 with orders-backup-[0-9a-f]{6} complete");
    Job backup = onlyJob("orders-backup-");
    assertThat(backup.getStatus().getSucceeded()).isEqualTo(1);
    assertThat(image(backup.getSpec().getTemplate().getSpec().getContainers().get(0)))
        .as("the backup runs the version that wrote the data")
        .isEqualTo("postgres:16");
    // Its status change and the StatefulSet's bring more reconciles: none backs up again.
    Quiet.holds(Duration.ofSeconds(3), () -> assertThat(jobs("orders-backup-")).hasSize(1));
    awaitReady();
    assertThat(jobs("orders-backup-")).hasSize(1);
  }

  @Test
  @Order(3)
  void deletedAndCreatedAgainItFindsTheSamePasswordAndTheSameData() {
    String secret = secret().getMetadata().getUid();
    String data = claim("data-orders-0").getMetadata().getUid();
    String backups = claim("orders-backups").getMetadata().getUid();
    String server = statefulSet().getMetadata().getUid();

    postgres.named("orders").delete();
    Waits.untilAsserted(
        () -> {
          assertThat(postgres.named("orders").get()).as("the Postgres orders").isNull();
          assertThat(statefulSet()).as("the StatefulSet orders").isNull();
        });

    assertThat(secret()).as("the Secret, kept").isNotNull();
    assertThat(secret().getMetadata().getUid()).as("the Secret").isEqualTo(secret);
    assertThat(claim("data-orders-0")).as("the data claim, retained").isNotNull();
    assertThat(claim("data-orders-0").getMetadata().getUid()).as("the data").isEqualTo(data);
    assertThat(claim("orders-backups")).as("the backups claim, kept").isNotNull();
    assertThat(claim("orders-backups").getMetadata().getUid()).as("the backups").isEqualTo(backups);

    postgres.create("orders", Map.of("version", "16.4", "database", "shop"));
    awaitReady();

    assertThat(statefulSet().getMetadata().getUid()).as("a new server").isNotEqualTo(server);
    assertThat(secret().getMetadata().getUid()).isEqualTo(secret);
    assertThat(decoded(secret(), "password")).isEqualTo(password);
    assertThat(claim("data-orders-0").getMetadata().getUid()).isEqualTo(data);
    assertThat(pod().getSpec().getVolumes())
        .anySatisfy(
            volume ->
                assertThat(volume.getPersistentVolumeClaim().getClaimName())
                    .isEqualTo("data-orders-0"));
  }

  // --- the cluster

  private static void awaitReady() {
    Waits.until("orders' Ready status", PostgresIT::readyStatus, "True"::equals);
  }

  private static String readyStatus() {
    return postgres
        .condition("orders", "Ready")
        .map(ready -> String.valueOf(ready.get("status")))
        .orElse("");
  }

  private static StatefulSet statefulSet() {
    return admin.apps().statefulSets().inNamespace(NAMESPACE).withName("orders").get();
  }

  private static Pod pod() {
    return admin.pods().inNamespace(NAMESPACE).withName("orders-0").get();
  }

  private static Secret secret() {
    return admin.secrets().inNamespace(NAMESPACE).withName("orders-credentials").get();
  }

  private static PersistentVolumeClaim claim(String name) {
    return admin.persistentVolumeClaims().inNamespace(NAMESPACE).withName(name).get();
  }

  private static List<Job> jobs(String prefix) {
    return admin.batch().v1().jobs().inNamespace(NAMESPACE).list().getItems().stream()
        .filter(job -> job.getMetadata().getName().startsWith(prefix))
        .toList();
  }

  /** The one run of a hook, named {@code prefix} and its rendering's hash. */
  private static Job onlyJob(String prefix) {
    List<Job> runs = jobs(prefix);
    assertThat(runs).as("runs named " + prefix + "...").hasSize(1);
    return runs.get(0);
  }

  private static String decoded(Secret secret, String key) {
    return new String(Base64.getDecoder().decode(secret.getData().get(key)));
  }

  private static String image(StatefulSet statefulSet) {
    return image(statefulSet.getSpec().getTemplate().getSpec().getContainers().get(0));
  }

  private static String image(Container container) {
    return container.getImage();
  }

  /** When the pod's Ready condition last became True. */
  private static Instant readySince(Pod pod) {
    return pod.getStatus().getConditions().stream()
        .filter(condition -> "Ready".equals(condition.getType()))
        .filter(condition -> "True".equals(condition.getStatus()))
        .map(PodCondition::getLastTransitionTime)
        .map(Instant::parse)
        .findFirst()
        .orElseThrow();
  }

  /** On each Job added, whether the server was ready at that moment. */
  private static Watcher<Job> onAdded(List<String> created) {
    return new Recorder<>(
        (action, job) -> {
          if (action == Watcher.Action.ADDED) {
            StatefulSet server = statefulSet();
            boolean ready =
                server != null
                    && server.getStatus() != null
                    && Integer.valueOf(1).equals(server.getStatus().getReadyReplicas());
            created.add(
                job.getMetadata().getName()
                    + " created with the server "
                    + (ready ? "ready" : "NOT ready"));
          }
        });
  }

  /** On each new generation of the StatefulSet, its image and where the backup stood. */
  private static Watcher<StatefulSet> onNewGeneration(long since, List<String> updates) {
    return new Recorder<>(
        (action, server) -> {
          if (action == Watcher.Action.MODIFIED && server.getMetadata().getGeneration() > since) {
            List<Job> backups = jobs("orders-backup");
            String backup =
                backups.isEmpty()
                    ? "no backup"
                    : backups.get(0).getMetadata().getName()
                        + (Integer.valueOf(1).equals(backups.get(0).getStatus().getSucceeded())
                            ? " complete"
                            : " NOT complete");
            updates.add(image(server) + " with " + backup);
          }
        });
  }

  /** A watcher that passes every event on. */
  private record Recorder<T extends HasMetadata>(BiConsumer<Watcher.Action, T> onEvent)
      implements Watcher<T> {
    @Override
    public void eventReceived(Action action, T resource) {
      onEvent.accept(action, resource);
    }

    @Override
    public void onClose(WatcherException cause) {}
  }
}
