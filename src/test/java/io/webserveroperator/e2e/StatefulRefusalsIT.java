package io.webserveroperator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.dev.LocalCluster;
import io.webserveroperator.dev.LocalClusterOptions;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.preview.DryRunDiff;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.testing.Closing;
import io.webserveroperator.testing.InProcessOperators;
import io.webserveroperator.testing.LocalClusterBinaries;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.RequestLog;
import io.webserveroperator.testing.StatefulKind;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Refusals a stateful kind meets, on a real control plane (the StatefulSet, Job, volume binder and
 * garbage collector controllers, the scheduler, kwok's pods; volumes made by hand in a StorageClass
 * that allows expansion and one that does not): the Postgres test kind with a StatefulSet, a claim
 * of its own and a migration Job. One operator watches two namespaces: {@code main}, where changes
 * go through, and {@code refused}, where they meet refusals and whose requests are counted.
 *
 * <p>The tests run in order: the template edits of the Job come before the minute in which the
 * refused resources' requests are counted, since a template edit reconciles every resource of the
 * kind.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StatefulRefusalsIT {

  private static final Path FIXTURES =
      Project.file("src/test/resources/io/webserveroperator/e2e/stateful");
  private static final String FORCE = "webserver-operator.io/force";

  /** How a reconcile's event names what it did to an object ({@code Change.verb()}). */
  private static final Map<String, Action> VERBS =
      Map.of(
          "Expanded",
          Action.EXPAND_CLAIM,
          "Recreated (immutable field)",
          Action.RECREATE,
          "Recreated (immutable field, pods and claims orphaned)",
          Action.RECREATE);

  @TempDir static Path folder;

  static LocalCluster cluster;
  static KubernetesClient admin;
  static Path templates;
  static RequestLog requests = new RequestLog();
  static InProcessOperators operators = new InProcessOperators();
  static WebServers main;
  static WebServers refused;

  /** Where the refused resources' minute starts: an instant and the requests sent before it. */
  static Instant refusedSince;

  static int requestsBefore;

  @BeforeAll
  static void startClusterAndOperator() throws IOException {
    LocalClusterBinaries.assumePresent();
    cluster =
        LocalCluster.start(
            LocalClusterOptions.defaults().toBuilder()
                .progress(line -> System.out.println("stateful-refusals: " + line))
                .build());
    admin = cluster.client();
    Path storage = Files.createDirectories(folder.resolve("storage"));
    Files.copy(FIXTURES.resolve("storage.yaml"), storage.resolve("storage.yaml"));
    new FolderApplier(admin, Waits.TIMEOUT).apply(storage);
    // A volume is Available once the volume binder has seen it: claims bind from then on.
    Waits.until(
        "every PersistentVolume Available",
        StatefulRefusalsIT::volumePhases,
        phases -> phases.values().stream().allMatch("Available"::equals));
    templates = Files.createDirectories(folder.resolve("templates"));
    StatefulKind.install(admin, templates);
    TemplateFolder.copy(FIXTURES.resolve("templates"), templates);
    for (String namespace : List.of("main", "refused")) {
      admin
          .namespaces()
          .resource(
              new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
          .create();
    }
    main = new WebServers(admin, "main", StatefulKind.KIND);
    refused = new WebServers(admin, "refused", StatefulKind.KIND);
    Path kubeconfig = cluster.kubeconfigPath();
    operators
        .on(kubeconfig, templates, "main")
        .client(requests.client(kubeconfig, null))
        .options(options -> options.namespaces(List.of("main", "refused")))
        .start();
  }

  @AfterAll
  static void stop() throws Exception {
    Closing.inOrder(operators, cluster);
  }

  @Test
  @Order(1)
  void aJobImageChangeWithForceInTheSameEditIsRecreatedAtOnceAsDiffSays() throws IOException {
    main.create("migrations", Map.of("version", "17", "password", "p", "migrate", true));
    awaitReady(main, "migrations");
    String before = job().getMetadata().getUid();

    String edited = withForce(Files.readString(migrate()).replace("busybox:1.36", "busybox:1.37"));
    Set<String> planned = plannedWith("migrate.yaml.j2", edited, "migrations");
    assertThat(planned).containsExactly("RECREATE Job migrations-migrate");
    Instant edit = Instant.now().minusSeconds(1);
    Files.writeString(migrate(), edited);

    // Between the delete and the create there is no Job.
    Waits.await("the migrations Job made anew")
        .ignoreExceptions()
        .untilAsserted(
            () -> {
              assertThat(job().getMetadata().getUid()).as("the Job's uid").isNotEqualTo(before);
              assertThat(image(job())).as("the Job's image").isEqualTo("busybox:1.37");
            });
    Waits.until(
        "what changed of migrations",
        () -> changedSince("main", "migrations", edit),
        seen -> seen.equals(planned));
    assertThat(warnings("main", "migrations", "FieldImmutable")).as("never refused").isZero();
  }

  @Test
  @Order(2)
  void withoutForceAJobImageChangeIsOneSentenceAndForceAddedLaterRecreatesAtTheFirstReconcile()
      throws IOException {
    Files.writeString(
        migrate(),
        withoutForce(Files.readString(migrate()).replace("busybox:1.37", "busybox:1.38")));
    String message = awaitReadyFalse(main, "migrations", "FieldImmutable");
    assertThat(message)
        .isEqualTo(
            "Job main/migrations-migrate: the API server refuses this change of spec.template"
                + " (field is immutable), though it would accept the object as new; the template"
                + " changes /spec/template/spec/containers/0/image to \"busybox:1.38\". To have the"
                + " operator delete it and create it again, annotate it"
                + " webserver-operator.io/force: enabled in postgres/migrate.yaml.j2.");
    String before = job().getMetadata().getUid();
    // The status that reports the refusal brings the resource back once more, to the same refusal.
    int refusals =
        Quiet.settled(
            () -> warnings("main", "migrations", "FieldImmutable"), Duration.ofSeconds(1));

    Files.writeString(migrate(), withForce(Files.readString(migrate())));

    // Between the delete and the create there is no Job.
    Waits.await("the migrations Job made anew")
        .ignoreExceptions()
        .untilAsserted(
            () -> {
              assertThat(job().getMetadata().getUid()).as("the Job's uid").isNotEqualTo(before);
              assertThat(image(job())).as("the Job's image").isEqualTo("busybox:1.38");
            });
    assertThat(warnings("main", "migrations", "FieldImmutable"))
        .as("no reconcile refused again once force was there")
        .isEqualTo(refusals);
  }

  @Test
  @Order(3)
  void withoutForceAStorageChangeAndAClaimThatCannotGrowAreOneSentenceEachAndWait() {
    refused.create(
        "ledger",
        Map.of("version", "17", "password", "p", "storage", "1Gi", "storageClass", "growable"));
    refused.create("scratch", Map.of("version", "17", "password", "p", "scratch", "1Gi"));
    awaitReady(refused, "ledger", "scratch");

    refused.patchSpec("ledger", Map.of("storage", "2Gi"));
    refused.patchSpec("scratch", Map.of("scratch", "2Gi"));

    assertThat(awaitReadyFalse(refused, "ledger", "FieldImmutable"))
        .startsWith(
            "StatefulSet refused/ledger-db: the API server refuses this change of spec (updates to"
                + " statefulset spec for fields other than 'replicas', 'ordinals', 'template',")
        .contains(
            "the template changes /spec/volumeClaimTemplates/0/spec/resources/requests/storage to"
                + " \"2Gi\". To have the operator delete it (its pods and claims stay, for the new"
                + " one to adopt; claims grow where their StorageClass allows expansion) and create"
                + " it again, annotate it webserver-operator.io/force: enabled in"
                + " postgres/statefulset.yaml.j2.");
    assertThat(awaitReadyFalse(refused, "scratch", "Forbidden"))
        .isEqualTo(
            "PersistentVolumeClaim refused/scratch-scratch apply failed: persistentvolumeclaims"
                + " \"scratch-scratch\" is forbidden: only dynamically provisioned pvc can be"
                + " resized and the storageclass that provisions the pvc must support resize");
    refusedSince = Instant.now();
    requestsBefore = requests.requests().size();
  }

  @Test
  @Order(4)
  void withForceAStatefulSetIsRecreatedOrphaningItsPodAndClaimWhichGrowsAsDiffSays()
      throws IOException {
    main.create(
        "orders",
        Map.of(
            "version", "17",
            "password", "p",
            "storage", "1Gi",
            "storageClass", "growable",
            "force", true,
            "whenDeleted", "Delete"));
    awaitReady(main, "orders");
    String statefulSet = statefulSet("orders").getMetadata().getUid();
    String pod = pod("orders").getMetadata().getUid();
    String claim = claim("data-orders-db-0").getMetadata().getUid();

    main.named("orders")
        .edit(
            resource -> {
              resource
                  .getMetadata()
                  .getAnnotations()
                  .put("webserver-operator.io/reconcile", "disabled");
              return resource;
            });
    main.patchSpec("orders", Map.of("storage", "2Gi"));
    Set<String> planned;
    try (TemplateRegistry registry = TemplateRegistry.load(templates.resolve("watches.yaml"))) {
      Plan plan = new DryRunDiff(admin, registry).diffLive("main");
      planned = planned(plan, "orders");
      assertThat(plan.entries())
          .filteredOn(entry -> entry.action() == Action.RECREATE)
          .singleElement()
          .satisfies(entry -> assertThat(entry.note()).contains("orphaning its pods and claims"));
    }
    assertThat(planned)
        .containsExactly(
            "EXPAND_CLAIM PersistentVolumeClaim data-orders-db-0",
            "RECREATE StatefulSet orders-db");
    Instant resumed = Instant.now().minusSeconds(1);
    main.named("orders")
        .edit(
            resource -> {
              resource.getMetadata().getAnnotations().remove("webserver-operator.io/reconcile");
              return resource;
            });

    Waits.await("the StatefulSet made anew, its claim grown and its pod adopted")
        .ignoreExceptions()
        .untilAsserted(
            () -> {
              StatefulSet recreated = statefulSet("orders");
              assertThat(recreated.getMetadata().getUid()).isNotEqualTo(statefulSet);
              PersistentVolumeClaim grown = claim("data-orders-db-0");
              assertThat(grown.getMetadata().getUid()).as("the claim").isEqualTo(claim);
              assertThat(grown.getSpec().getResources().getRequests().get("storage").toString())
                  .isEqualTo("2Gi");
              Pod adopted = pod("orders");
              assertThat(adopted.getMetadata().getUid()).as("the pod").isEqualTo(pod);
              assertThat(adopted.getMetadata().getOwnerReferences())
                  .as("adopted by the new StatefulSet")
                  .anyMatch(owner -> owner.getUid().equals(recreated.getMetadata().getUid()));
            });
    awaitReady(main, "orders");
    assertThat(changedSince("main", "orders", resumed)).isEqualTo(planned);
  }

  @Test
  @Order(5)
  void aClaimThatCannotGrowLeavesTheStatefulSetAndSaysWhy() {
    main.create(
        "frozen",
        Map.of(
            "version", "17",
            "password", "p",
            "storage", "1Gi",
            "storageClass", "fixed",
            "force", true));
    awaitReady(main, "frozen");
    String statefulSet = statefulSet("frozen").getMetadata().getUid();

    main.patchSpec("frozen", Map.of("storage", "2Gi"));

    assertThat(awaitReadyFalse(main, "frozen", "ClaimCannotGrow"))
        .startsWith(
            "PersistentVolumeClaim main/data-frozen-db-0, made by StatefulSet main/frozen-db,"
                + " cannot grow to 2Gi (it holds 1Gi): persistentvolumeclaims \"data-frozen-db-0\""
                + " is forbidden: only dynamically provisioned pvc can be resized")
        .contains("StatefulSet main/frozen-db is not recreated and nothing is deleted");
    assertThat(statefulSet("frozen").getMetadata().getUid()).isEqualTo(statefulSet);
    assertThat(
            claim("data-frozen-db-0")
                .getSpec()
                .getResources()
                .getRequests()
                .get("storage")
                .toString())
        .isEqualTo("1Gi");
  }

  @Test
  @Order(6)
  void deletingTheResourceNamesTheClaimsThatGoWithItsStatefulSet() {
    main.named("orders").delete();

    Waits.untilAsserted(
        () ->
            assertThat(events("main", "orders", "ClaimsDeleted"))
                .singleElement()
                .extracting(Event::getMessage)
                .isEqualTo(
                    "StatefulSet main/orders-db goes with Postgres main/orders, deleted; the"
                        + " claims it made go with it (persistentVolumeClaimRetentionPolicy"
                        + " whenDeleted: Delete): PersistentVolumeClaim main/data-orders-db-0"));
  }

  @Test
  @Order(7)
  void theRefusedResourcesCostAHandfulOfRequestsInAMinute() throws InterruptedException {
    Duration left = Duration.ofMinutes(1).minus(Duration.between(refusedSince, Instant.now()));
    if (!left.isNegative()) {
      Thread.sleep(left.toMillis());
    }
    List<RequestLog.Request> sent =
        requests.requests().subList(requestsBefore, requests.requests().size()).stream()
            .filter(request -> request.uri().contains("/namespaces/refused/"))
            .toList();
    System.out.println("StatefulRefusalsIT: requests about the refused resources in a minute:");
    sent.forEach(request -> System.out.println("  " + request.method() + " " + request.uri()));
    assertThat(sent).hasSizeLessThanOrEqualTo(5);
  }

  /**
   * Waits until every named resource is Ready; when one is not in time, fails with what the cluster
   * shows of them: their status, the namespace's claims, pods, StatefulSets and events, the
   * volumes.
   */
  private static void awaitReady(WebServers resources, String... names) {
    Waits.until(
        String.join(", ", names) + " Ready",
        () -> readyReasons(resources, names),
        reasons -> reasons.values().stream().allMatch("Ready"::equals),
        () -> state(resources, names));
  }

  /** Each resource's Ready reason, by name. */
  private static Map<String, String> readyReasons(WebServers resources, String... names) {
    Map<String, String> reasons = new LinkedHashMap<>();
    for (String name : names) {
      reasons.put(name, readyReason(resources, name));
    }
    return reasons;
  }

  /** Each PersistentVolume's phase, by name. */
  private static Map<String, String> volumePhases() {
    Map<String, String> phases = new TreeMap<>();
    for (PersistentVolume volume : admin.persistentVolumes().list().getItems()) {
      phases.put(volume.getMetadata().getName(), volume.getStatus().getPhase());
    }
    return phases;
  }

  private static String state(WebServers resources, String... names) {
    String namespace = resources.namespace();
    StringBuilder state = new StringBuilder();
    for (String name : names) {
      state.append(name).append(" status: ").append(resources.status(name)).append('\n');
    }
    for (PersistentVolumeClaim claim :
        admin.persistentVolumeClaims().inNamespace(namespace).list().getItems()) {
      state.append(
          "claim %s: %s, volume %s%n"
              .formatted(
                  claim.getMetadata().getName(),
                  claim.getStatus().getPhase(),
                  claim.getSpec().getVolumeName()));
    }
    for (PersistentVolume volume : admin.persistentVolumes().list().getItems()) {
      state.append(
          "volume %s: %s, claim %s%n"
              .formatted(
                  volume.getMetadata().getName(),
                  volume.getStatus().getPhase(),
                  volume.getSpec().getClaimRef() == null
                      ? null
                      : volume.getSpec().getClaimRef().getNamespace()
                          + "/"
                          + volume.getSpec().getClaimRef().getName()));
    }
    for (Pod pod : admin.pods().inNamespace(namespace).list().getItems()) {
      state.append(
          "pod %s: %s on %s, %s%n"
              .formatted(
                  pod.getMetadata().getName(),
                  pod.getStatus().getPhase(),
                  pod.getSpec().getNodeName(),
                  pod.getStatus().getConditions()));
    }
    for (StatefulSet set : admin.apps().statefulSets().inNamespace(namespace).list().getItems()) {
      state.append("statefulset %s: %s%n".formatted(set.getMetadata().getName(), set.getStatus()));
    }
    for (Event event : admin.v1().events().inNamespace(namespace).list().getItems()) {
      state.append(
          "event %s %s %s: %s%n"
              .formatted(
                  event.getType(),
                  event.getReason(),
                  event.getInvolvedObject().getName(),
                  event.getMessage()));
    }
    return state.toString();
  }

  private static String awaitReadyFalse(WebServers resources, String name, String reason) {
    Waits.until(
        name + "'s Ready reason", () -> readyReason(resources, name), seen -> seen.equals(reason));
    return String.valueOf(resources.condition(name, "Ready").orElseThrow().get("message"));
  }

  private static String readyReason(WebServers resources, String name) {
    return resources
        .condition(name, "Ready")
        .map(condition -> String.valueOf(condition.get("reason")))
        .orElse("");
  }

  /** What {@code diff} plans for one resource's objects with one template replaced. */
  private static Set<String> plannedWith(String template, String text, String resource)
      throws IOException {
    Path copy = Files.createDirectories(folder.resolve("edited-" + Instant.now().toEpochMilli()));
    TemplateFolder.copy(templates, copy);
    Files.writeString(copy.resolve("postgres").resolve(template), text);
    try (TemplateRegistry registry = TemplateRegistry.load(copy.resolve("watches.yaml"))) {
      return planned(new DryRunDiff(admin, registry).diffLive("main"), resource);
    }
  }

  /** The writes a plan shows for one resource's objects, as {@code ACTION Kind name}. */
  private static Set<String> planned(Plan plan, String resource) {
    Set<String> planned = new TreeSet<>();
    for (PlanEntry entry : plan.entries()) {
      String name = entry.ref().name();
      boolean its = name.startsWith(resource + "-") || name.startsWith("data-" + resource + "-");
      if (its && entry.action() != Action.UNCHANGED) {
        planned.add(entry.action() + " " + entry.ref().kind() + " " + name);
      }
    }
    return planned;
  }

  /** What the resource's Normal events since {@code since} say was done. */
  private static Set<String> changedSince(String namespace, String resource, Instant since) {
    Set<String> done = new TreeSet<>();
    for (Event event : events(namespace, resource, null)) {
      String last =
          event.getLastTimestamp() != null
              ? event.getLastTimestamp()
              : event.getMetadata().getCreationTimestamp();
      if (Instant.parse(last).isBefore(since) || !"Normal".equals(event.getType())) {
        continue;
      }
      for (String clause : event.getMessage().split("; ")) {
        VERBS.forEach(
            (verb, action) -> {
              if (clause.startsWith(verb + " ")
                  && Character.isUpperCase(clause.charAt(verb.length() + 1))) {
                for (String object : clause.substring(verb.length() + 1).split(", ")) {
                  String[] kindAndName = object.split(" ");
                  String name = kindAndName[1].substring(kindAndName[1].indexOf('/') + 1);
                  done.add(action + " " + kindAndName[0] + " " + name);
                }
              }
            });
      }
    }
    return done;
  }

  private static List<Event> events(String namespace, String resource, String reason) {
    return admin.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(event -> resource.equals(event.getInvolvedObject().getName()))
        .filter(event -> reason == null || reason.equals(event.getReason()))
        .toList();
  }

  private static int warnings(String namespace, String resource, String reason) {
    return events(namespace, resource, reason).stream()
        .mapToInt(event -> event.getCount() == null ? 1 : event.getCount())
        .sum();
  }

  private static Path migrate() {
    return templates.resolve("postgres").resolve("migrate.yaml.j2");
  }

  private static String withForce(String template) {
    String forced =
        template.replace(
            "  name: {{ metadata.name }}-migrate\n",
            "  name: {{ metadata.name }}-migrate\n  annotations:\n    " + FORCE + ": enabled\n");
    assertThat(forced).isNotEqualTo(template);
    return forced;
  }

  private static String withoutForce(String template) {
    return template.replace("  annotations:\n    " + FORCE + ": enabled\n", "");
  }

  private static Job job() {
    return admin.batch().v1().jobs().inNamespace("main").withName("migrations-migrate").get();
  }

  private static String image(Job job) {
    return job.getSpec().getTemplate().getSpec().getContainers().get(0).getImage();
  }

  private static StatefulSet statefulSet(String resource) {
    return admin.apps().statefulSets().inNamespace("main").withName(resource + "-db").get();
  }

  private static Pod pod(String resource) {
    return admin.pods().inNamespace("main").withName(resource + "-db-0").get();
  }

  private static PersistentVolumeClaim claim(String name) {
    return admin.persistentVolumeClaims().inNamespace("main").withName(name).get();
  }
}
