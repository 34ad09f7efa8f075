package io.webserveroperator.controller.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.apply.ChangeSetExecutor;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.apply.OwnershipConflictException;
import io.webserveroperator.apply.Wait;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Patch;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.diff.Refusal;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.manifest.Claim;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.Lifecycle;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.OwnershipPatch;
import io.webserveroperator.template.ReadinessRules;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A plan carried out ({@link PlanExecution} over the {@link ChangeSetExecutor}) against a writer
 * whose applies can be held until the test lets them go, on a real thread pool: which writes are in
 * flight together, what waits for what, what a refusal or a conflict leaves.
 */
class PlanExecutionTest {

  private static final ObjectRef DEPLOYMENT = new ObjectRef("apps/v1", "Deployment", "shop", "web");
  private static final ObjectRef SERVICE = new ObjectRef("v1", "Service", "shop", "web");
  private static final ObjectRef CONFIG = new ObjectRef("v1", "ConfigMap", "shop", "web");
  private static final ObjectRef INGRESS =
      new ObjectRef("networking.k8s.io/v1", "Ingress", "shop", "web");
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final Owner OWNER =
      new Owner("webapp.example.com/v1", "WebServer", "shop", "web", "uid-web");

  private static final Refusal EXISTS = new Refusal(409, "AlreadyExists", "exists", List.of());

  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final List<String> log = new CopyOnWriteArrayList<>();

  /** What {@link ObjectWriter#get} finds: objects the caches could not see. */
  private final Map<ObjectRef, Map<String, Object>> cluster = new ConcurrentHashMap<>();

  @AfterEach
  void stopPool() {
    pool.shutdownNow();
  }

  @Test
  void sendsEveryApplyOfAPlanAtOnce() {
    CountDownLatch bothSent = new CountDownLatch(2);
    ObjectWriter writer =
        writer(
            entry -> {
              bothSent.countDown();
              await(bothSent);
              return stored(entry);
            });

    ChangeSet result =
        executor(writer, pool)
            .run(plan(create(DEPLOYMENT), create(SERVICE)), request(List.of(), false));

    assertThat(result.failed()).isFalse();
    assertThat(result.changes())
        .as("in plan order, whichever answered first")
        .containsExactly(
            new Change(DEPLOYMENT, Action.CREATE, false),
            new Change(SERVICE, Action.CREATE, false));
    assertThat(result.inventory().refs()).containsExactly(DEPLOYMENT, SERVICE);
  }

  @Test
  void prunesOnlyOnceEveryApplyHasAnswered() {
    CountDownLatch configMayAnswer = new CountDownLatch(1);
    ObjectWriter writer =
        writer(
            entry -> {
              if (entry.ref().equals(CONFIG)) {
                await(configMayAnswer);
                // Late enough that a prune not waiting for this answer would come first.
                pause();
                log.add("applied ConfigMap");
              } else {
                log.add("applied Service");
                configMayAnswer.countDown();
              }
              return stored(entry);
            });

    ChangeSet result =
        executor(writer, pool)
            .run(
                plan(create(CONFIG), create(SERVICE), prune(INGRESS)),
                request(List.of(INGRESS), false));

    assertThat(log).containsExactly("applied Service", "applied ConfigMap", "pruned Ingress");
    assertThat(result.inventory().refs()).containsExactly(CONFIG, SERVICE);
  }

  @Test
  void prunesWaitWhileAChildIsNotReadyAndStayOwned() {
    // As created, a Deployment has no status yet: none of its replicas is updated.
    ChangeSet result =
        executor(writer(PlanExecutionTest::stored), Runnable::run)
            .run(
                plan(create(SERVICE), create(DEPLOYMENT), prune(INGRESS), orphan(CONFIG)),
                request(List.of(INGRESS, CONFIG), false));

    assertThat(result.failed()).isFalse();
    assertThat(result.readiness().notReady())
        .as("judged once, on the children as applied")
        .containsExactly(DEPLOYMENT);
    assertThat(log).doesNotContain("pruned Ingress");
    assertThat(result.deferred()).containsExactly(INGRESS);
    assertThat(result.inventory().refs())
        .as("a deferred prune stays owned; a kept object leaves the inventory as before")
        .containsExactlyInAnyOrder(INGRESS, SERVICE, DEPLOYMENT);
    assertThat(result.changes())
        .containsExactly(
            new Change(SERVICE, Action.CREATE, false),
            new Change(DEPLOYMENT, Action.CREATE, false),
            new Change(CONFIG, Action.ORPHAN, false));
  }

  @Test
  void prunesOnceEveryChildIsReady() {
    ChangeSet result =
        executor(writer(PlanExecutionTest::stored), Runnable::run)
            .run(plan(create(SERVICE), prune(INGRESS)), request(List.of(INGRESS), false));

    assertThat(log).containsExactly("pruned Ingress");
    assertThat(result.deferred()).isEmpty();
    assertThat(result.readiness().allReady()).isTrue();
    assertThat(result.inventory().refs()).containsExactly(SERVICE);
  }

  @Test
  void aRefusalKeepsTheAppliesBesideItAndPrunesNothing() {
    CountDownLatch allSent = new CountDownLatch(3);
    ObjectWriter writer =
        writer(
            entry -> {
              allSent.countDown();
              await(allSent);
              if (!entry.ref().equals(SERVICE)) {
                throw new ApplyException(entry.ref(), "apply", 409, "conflict", null);
              }
              return stored(entry);
            });

    ChangeSet result =
        executor(writer, pool)
            .run(
                plan(create(DEPLOYMENT), create(SERVICE), create(CONFIG), prune(INGRESS)),
                request(List.of(INGRESS), false));

    assertThat(((ApplyException) result.failure()).ref())
        .as("the earliest refusal in plan order")
        .isEqualTo(DEPLOYMENT);
    assertThat(result.changes()).containsExactly(new Change(SERVICE, Action.CREATE, false));
    assertThat(result.inventory().refs()).containsExactlyInAnyOrder(INGRESS, SERVICE);
    assertThat(result.children()).containsOnlyKeys(SERVICE);
    assertThat(log).doesNotContain("pruned Ingress");
  }

  @Test
  void anApplyNotYetSentWhenAnotherIsRefusedIsNotSent() {
    ObjectWriter writer =
        writer(
            entry -> {
              log.add("applied " + entry.ref().kind());
              throw new ApplyException(entry.ref(), "apply", 422, "invalid", null);
            });

    ChangeSet result =
        executor(writer, Runnable::run)
            .run(plan(create(DEPLOYMENT), create(SERVICE)), request(List.of(), false));

    assertThat(((ApplyException) result.failure()).ref()).isEqualTo(DEPLOYMENT);
    assertThat(log).containsExactly("applied Deployment");
    assertThat(result.changes()).isEmpty();
  }

  @Test
  void anErrorThatIsNoRefusalIsThrownOnceEveryApplyHasAnswered() {
    CountDownLatch serviceSent = new CountDownLatch(1);
    CountDownLatch deploymentFailed = new CountDownLatch(1);
    ObjectWriter writer =
        writer(
            entry -> {
              if (entry.ref().equals(DEPLOYMENT)) {
                await(serviceSent);
                deploymentFailed.countDown();
                throw new IllegalStateException("bug in the writer");
              }
              serviceSent.countDown();
              await(deploymentFailed);
              pause();
              log.add("applied Service");
              return stored(entry);
            });

    assertThatThrownBy(
            () ->
                executor(writer, pool)
                    .run(plan(create(DEPLOYMENT), create(SERVICE)), request(List.of(), false)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("bug in the writer");
    assertThat(log).containsExactly("applied Service");
  }

  @Test
  void aConflictInThePlanSendsNothing() {
    ObjectWriter writer = writer(entry -> fail("nothing may be applied"));

    ChangeSet result =
        executor(writer, pool)
            .run(
                plan(create(DEPLOYMENT), conflict(CONFIG), prune(INGRESS)),
                request(List.of(INGRESS), false));

    assertThat(result.failure())
        .isInstanceOf(OwnershipConflictException.class)
        .hasMessageContaining("ConfigMap shop/web is someone else's");
    assertThat(result.changes()).isEmpty();
    assertThat(result.inventory().refs()).containsExactly(INGRESS);
    assertThat(log).isEmpty();
  }

  @Test
  void aCreateThatFindsSomeoneElsesObjectUndoesTheCreatesBesideIt() {
    cluster.put(CONFIG, annotated(CONFIG, Map.of()));
    ObjectWriter writer =
        writer(
            entry -> {
              log.add("applied " + entry.ref().kind());
              if (cluster.containsKey(entry.ref())) {
                throw ApplyException.existed(entry.ref(), EXISTS, null);
              }
              return stored(entry);
            });

    ChangeSet result =
        executor(writer, Runnable::run)
            .run(plan(create(DEPLOYMENT), create(CONFIG)), request(List.of(), false));

    assertThat(result.failure())
        .isInstanceOf(OwnershipConflictException.class)
        .hasMessage(
            "ConfigMap shop/web exists and is not managed by WebServer shop/web; annotate it"
                + " webserver-operator.io/adopt=true to let WebServer shop/web take it over, or"
                + " rename the object in the template. Nothing was applied or pruned.");
    assertThat(log)
        .containsExactly(
            "applied Deployment", "applied ConfigMap", "read ConfigMap", "deleted Deployment");
    assertThat(result.changes()).isEmpty();
    assertThat(result.inventory().refs()).isEmpty();
    assertThat(cluster).containsKey(CONFIG);
  }

  @Test
  void afterAConflictItLooksBeforeCreatingAndSendsNothingWhileItLasts() {
    cluster.put(CONFIG, annotated(CONFIG, Map.of()));
    ObjectWriter writer = writer(entry -> fail("nothing may be applied"));

    ChangeSet result =
        executor(writer, Runnable::run)
            .run(
                plan(create(DEPLOYMENT), create(CONFIG)),
                new PlanExecution.Request(
                    OWNER, Inventory.empty(), List.of(), ReadinessRules.none(), false, true));

    assertThat(result.failure()).isInstanceOf(OwnershipConflictException.class);
    assertThat(log).containsExactly("read Deployment", "read ConfigMap");
  }

  @Test
  void aCreateThatFindsAnObjectMarkedForAdoptionAdoptsItAndRemovesTheMark() {
    cluster.put(CONFIG, annotated(CONFIG, Map.of(Lifecycle.ADOPT, "true")));
    ObjectWriter writer =
        writer(
            entry -> {
              log.add("applied " + entry.ref().kind() + " as " + entry.action());
              if (entry.action() == Action.CREATE && cluster.containsKey(entry.ref())) {
                throw ApplyException.existed(entry.ref(), EXISTS, null);
              }
              // Server-side apply leaves the annotations it does not own.
              return entry.action() == Action.ADOPT
                  ? storedWithAnnotations(entry, Map.of(Lifecycle.ADOPT, "true"))
                  : stored(entry);
            });

    ChangeSet result =
        executor(writer, Runnable::run)
            .run(plan(create(DEPLOYMENT), create(CONFIG)), request(List.of(), false));

    assertThat(result.failed()).isFalse();
    assertThat(result.changes())
        .containsExactly(
            new Change(DEPLOYMENT, Action.CREATE, false), new Change(CONFIG, Action.ADOPT, false));
    assertThat(log)
        .containsExactly(
            "applied Deployment as CREATE",
            "applied ConfigMap as CREATE",
            "read ConfigMap",
            "applied ConfigMap as ADOPT",
            "owned ConfigMap {annotations={webserver-operator.io/adopt=null}}");
    assertThat(result.inventory().refs()).containsExactly(DEPLOYMENT, CONFIG);
  }

  @Test
  void aWaveStartsOnlyOnceTheLowerWavesAreReady() {
    // As created, a Deployment has no status: not ready, so wave 1 is left as it is.
    ChangeSet result =
        executor(writer(PlanExecutionTest::stored), Runnable::run)
            .run(
                plan(
                    create(CONFIG, Map.of(Ordering.WAVE, "1")),
                    create(DEPLOYMENT, Map.of()),
                    create(SERVICE, Map.of(Ordering.WAVE, "-1"))),
                request(List.of(), false));

    assertThat(result.changes())
        .containsExactly(
            new Change(SERVICE, Action.CREATE, false),
            new Change(DEPLOYMENT, Action.CREATE, false));
    assertThat(result.waits())
        .singleElement()
        .satisfies(
            wait ->
                assertThat(wait.message())
                    .isEqualTo(
                        "ConfigMap shop/web (wave 1) waits for Deployment shop/web (0 of 1"
                            + " replicas updated)"));
    assertThat(result.inventory().refs()).containsExactly(SERVICE, DEPLOYMENT);
  }

  @Test
  void anUpdateOfALaterWaveWaitsAndItsObjectStaysAsItIs() {
    ChangeSet result =
        executor(writer(PlanExecutionTest::stored), Runnable::run)
            .run(
                plan(create(DEPLOYMENT, Map.of(Ordering.WAVE, "-1")), update(CONFIG, Map.of())),
                request(List.of(CONFIG), false));

    assertThat(result.changes()).containsExactly(new Change(DEPLOYMENT, Action.CREATE, false));
    assertThat(log).doesNotContain("applied UPDATE");
    assertThat(result.children())
        .as("the status template still sees the object that waits, as it is")
        .containsKeys(DEPLOYMENT, CONFIG);
    assertThat(result.inventory().refs()).contains(CONFIG);
  }

  @Test
  void anObjectWaitsForTheSiblingItDependsOnAndGoesOnceItIsReady() {
    ChangeSet waiting =
        executor(writer(PlanExecutionTest::stored), Runnable::run)
            .run(
                plan(
                    create(CONFIG, Map.of(Ordering.DEPENDS_ON, "Deployment/web")),
                    create(DEPLOYMENT, Map.of())),
                request(List.of(), false));
    ChangeSet going =
        executor(writer(PlanExecutionTest::stored), Runnable::run)
            .run(
                plan(
                    create(CONFIG, Map.of(Ordering.DEPENDS_ON, "Service/web")),
                    create(SERVICE, Map.of())),
                request(List.of(), false));

    assertThat(waiting.changes()).containsExactly(new Change(DEPLOYMENT, Action.CREATE, false));
    assertThat(waiting.waits()).extracting(Wait::object).containsExactly(CONFIG);
    assertThat(going.changes())
        .as("a Service is ready once it exists: its dependent goes in the same reconcile")
        .containsExactly(
            new Change(SERVICE, Action.CREATE, false), new Change(CONFIG, Action.CREATE, false));
    assertThat(going.waits()).isEmpty();
  }

  @Test
  void prunesGoInReverseWavesEachOnceTheHigherIsGone() {
    ChangeSet result =
        executor(writer(PlanExecutionTest::stored), Runnable::run)
            .run(
                plan(
                    prune(INGRESS, Map.of(Ordering.WAVE, "0")),
                    prune(CONFIG, Map.of(Ordering.WAVE, "2"))),
                request(List.of(INGRESS, CONFIG), false));

    assertThat(log).containsExactly("pruned ConfigMap");
    assertThat(result.deferred()).containsExactly(INGRESS);
    assertThat(result.inventory().refs()).containsExactly(INGRESS);
  }

  @Test
  void anObjectThatReplacesAnotherDeletesItAndWaitsUntilItIsGone() {
    ObjectRef statefulSet = new ObjectRef("apps/v1", "StatefulSet", "shop", "web");
    ChangeSet result =
        executor(writer(PlanExecutionTest::stored), Runnable::run)
            .run(
                plan(
                    create(statefulSet, Map.of(Ordering.REPLACES, "Deployment/web")),
                    prune(DEPLOYMENT, Map.of())),
                request(List.of(DEPLOYMENT), false));

    assertThat(log).containsExactly("pruned Deployment");
    assertThat(result.changes()).containsExactly(new Change(DEPLOYMENT, Action.PRUNE, false));
    assertThat(result.waits())
        .singleElement()
        .satisfies(
            wait ->
                assertThat(wait.message())
                    .contains("waits for Deployment/web, which it replaces, to be gone"));
    assertThat(result.deferred()).as("not told as a prune that waits").isEmpty();
  }

  private PlanExecution executor(ObjectWriter writer, Executor applies) {
    KubernetesSerialization serialization = new KubernetesSerialization();
    return new PlanExecution(
        new Planner(),
        new ChangeSetExecutor(writer, new NoCache(), serialization, applies, new Planner()),
        writer,
        serialization);
  }

  private ObjectWriter writer(Function<PlanEntry, GenericKubernetesResource> apply) {
    return new ObjectWriter() {
      @Override
      public GenericKubernetesResource apply(PlanEntry entry) {
        return apply.apply(entry);
      }

      @Override
      public Optional<GenericKubernetesResource> get(ObjectRef ref) {
        log.add("read " + ref.kind());
        return Optional.ofNullable(cluster.get(ref))
            .map(
                live ->
                    new KubernetesSerialization()
                        .convertValue(live, GenericKubernetesResource.class));
      }

      @Override
      public GenericKubernetesResource patchOwnership(ObjectRef ref, OwnershipPatch patch) {
        log.add("owned " + ref.kind() + " " + patch.mergePatch().get("metadata"));
        return new KubernetesSerialization()
            .convertValue(cluster.get(ref), GenericKubernetesResource.class);
      }

      @Override
      public void patchFinalizers(
          ObjectRef resource, String resourceVersion, List<String> finalizers) {
        log.add("finalizers " + finalizers);
      }

      @Override
      public boolean prune(PlanEntry entry) {
        log.add("pruned " + entry.ref().kind());
        return true;
      }

      @Override
      public boolean delete(ObjectRef ref) {
        log.add("deleted " + ref.kind());
        cluster.remove(ref);
        return true;
      }

      @Override
      public boolean deleteOrphaning(ObjectRef ref) {
        throw new AssertionError("nothing is recreated here: " + ref);
      }

      @Override
      public boolean acceptedAsNew(PlanEntry entry) {
        throw new AssertionError("nothing is refused here: " + entry.ref());
      }

      @Override
      public List<Map<String, Object>> claims(String namespace, Map<String, String> labels) {
        throw new AssertionError("no claim is read here");
      }
    };
  }

  private static PlanExecution.Request request(List<ObjectRef> inventory, boolean drift) {
    return new PlanExecution.Request(
        OWNER, Inventory.of(inventory), List.of(), ReadinessRules.none(), drift, false);
  }

  private static PlanEntry conflict(ObjectRef ref) {
    return new PlanEntry(
        ref,
        Action.CONFLICT,
        object(ref),
        annotated(ref, Map.of()),
        noPatch(),
        "t.yaml.j2",
        new Claim(Claim.Standing.CONFLICT, ref + " is someone else's"));
  }

  private static PlanEntry create(ObjectRef ref) {
    return rendered(ref, Action.CREATE, object(ref), null, noPatch());
  }

  private static PlanEntry create(ObjectRef ref, Map<String, String> annotations) {
    return rendered(ref, Action.CREATE, annotated(ref, annotations), null, noPatch());
  }

  private static PlanEntry update(ObjectRef ref, Map<String, String> annotations) {
    ArrayNode oneChange =
        JsonNodeFactory.instance.arrayNode().add(JsonNodeFactory.instance.objectNode());
    return rendered(
        ref, Action.UPDATE, annotated(ref, annotations), object(ref), Patch.of(oneChange));
  }

  private static PlanEntry rendered(
      ObjectRef ref,
      Action action,
      Map<String, Object> desired,
      Map<String, Object> live,
      Patch patch) {
    return new PlanEntry(ref, action, desired, live, patch, "t.yaml.j2", null);
  }

  private static PlanEntry prune(ObjectRef ref) {
    return unrendered(ref, Action.PRUNE, object(ref));
  }

  private static PlanEntry prune(ObjectRef ref, Map<String, String> annotations) {
    return unrendered(ref, Action.PRUNE, annotated(ref, annotations));
  }

  private static PlanEntry orphan(ObjectRef ref) {
    return unrendered(ref, Action.ORPHAN, object(ref));
  }

  private static PlanEntry unrendered(ObjectRef ref, Action action, Map<String, Object> live) {
    return new PlanEntry(ref, action, null, live, noPatch(), null, null);
  }

  private static Patch noPatch() {
    return Patch.of(JsonNodeFactory.instance.arrayNode());
  }

  private static Plan plan(PlanEntry... entries) {
    return new Plan(List.of(entries));
  }

  private static Map<String, Object> object(ObjectRef ref) {
    return Map.of(
        "apiVersion",
        ref.apiVersion(),
        "kind",
        ref.kind(),
        "metadata",
        Map.of("name", ref.name(), "namespace", ref.namespace()));
  }

  /**
   * The object with these annotations and without the operator's labels: as a user makes it by
   * hand, and as these tests render it.
   */
  private static Map<String, Object> annotated(ObjectRef ref, Map<String, String> annotations) {
    Map<String, Object> object = new LinkedHashMap<>(object(ref));
    object.put(
        "metadata",
        Map.of("name", ref.name(), "namespace", ref.namespace(), "annotations", annotations));
    return object;
  }

  private static GenericKubernetesResource stored(PlanEntry entry) {
    return new KubernetesSerialization()
        .convertValue(entry.desired(), GenericKubernetesResource.class);
  }

  private static GenericKubernetesResource storedWithAnnotations(
      PlanEntry entry, Map<String, String> annotations) {
    GenericKubernetesResource object = stored(entry);
    object.getMetadata().setAnnotations(annotations);
    return object;
  }

  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Waits for the latch; fails the apply (and so the test) when it does not open in time. */
  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("Waited " + WAIT + " for the other applies");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A cache that holds nothing; what the executor tells it does not matter here. */
  private static final class NoCache implements ReadCache {
    @Override
    public Optional<GenericKubernetesResource> get(ObjectRef ref) {
      return Optional.empty();
    }

    @Override
    public void wrote(GenericKubernetesResource object) {}
  }
}
