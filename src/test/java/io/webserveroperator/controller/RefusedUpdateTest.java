package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.apply.ApplyException;
import io.webserveroperator.apply.ApplyException.Standstill;
import io.webserveroperator.apply.Change;
import io.webserveroperator.apply.ChangeSet;
import io.webserveroperator.apply.ChangeSetExecutor;
import io.webserveroperator.apply.ObjectWriter;
import io.webserveroperator.controller.release.PlanExecution;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.diff.Refusal;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.OwnershipPatch;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.ReadinessRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * An update the API server refuses, carried out by {@link PlanExecution} as the {@link Planner}
 * plans it again: what is asked of the cluster, in which order, and what is never deleted. The
 * refusals are shaped as the API server's answers (captured in {@code RefusalAnswersIT}).
 */
class RefusedUpdateTest {

  private static final Owner OWNER =
      new Owner("db.test.example.com/v1", "Postgres", "shop", "orders", "uid-orders");
  private static final ObjectRef DEPLOYMENT = new ObjectRef("apps/v1", "Deployment", "shop", "web");
  private static final ObjectRef STATEFUL_SET =
      new ObjectRef("apps/v1", "StatefulSet", "shop", "db");
  private static final ObjectRef CLAIM =
      new ObjectRef("v1", "PersistentVolumeClaim", "shop", "data");
  private static final String FORCE = "webserver-operator.io/force";

  /** As the API server answers a Deployment whose selector changes. */
  private static final Refusal SELECTOR_IMMUTABLE =
      new Refusal(
          422,
          "Invalid",
          "Deployment.apps \"web\" is invalid: spec.selector: Invalid value: ...: field is immutable",
          List.of(
              new Refusal.Cause(
                  "FieldValueInvalid",
                  "spec.selector",
                  "Invalid value: {\"matchLabels\":{\"app\":\"web\",\"tier\":\"web\"}}: field is"
                      + " immutable")));

  /** As the API server answers a StatefulSet whose claim templates change. */
  private static final Refusal STATEFUL_SET_SPEC =
      new Refusal(
          422,
          "Invalid",
          "StatefulSet.apps \"db\" is invalid: spec: Forbidden: updates to statefulset spec ...",
          List.of(
              new Refusal.Cause(
                  "FieldValueForbidden",
                  "spec",
                  "Forbidden: updates to statefulset spec for fields other than 'replicas',"
                      + " 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit',"
                      + " 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are"
                      + " forbidden")));

  /**
   * As the API server answers a claim of a StorageClass without allowVolumeExpansion that grows.
   */
  private static final Refusal NO_EXPANSION =
      new Refusal(
          403,
          "Forbidden",
          "persistentvolumeclaims \"data-db-0\" is forbidden: only dynamically provisioned pvc can"
              + " be resized and the storageclass that provisions the pvc must support resize",
          List.of());

  private final List<String> log = new ArrayList<>();
  private final Map<ObjectRef, Refusal> refusals = new LinkedHashMap<>();
  private final List<Map<String, Object>> claims = new ArrayList<>();
  private boolean acceptedAsNew = true;

  @Test
  void fieldsThatCannotChangeAreRecreatedAtOnceWhenTheTemplateSaysForce() {
    refusals.put(DEPLOYMENT, SELECTOR_IMMUTABLE);

    ChangeSet result = run(deployment(Map.of(FORCE, "enabled")));

    assertThat(result.failed()).isFalse();
    assertThat(result.changes()).containsExactly(new Change(DEPLOYMENT, Action.RECREATE, false));
    assertThat(log)
        .containsExactly(
            "apply UPDATE Deployment web",
            "accepted as new? Deployment web",
            "delete Deployment web",
            "create Deployment web");
  }

  @Test
  void withoutForceOneSentenceNamesTheObjectTheFieldTheValueAndTheAnnotation() {
    refusals.put(DEPLOYMENT, SELECTOR_IMMUTABLE);

    ChangeSet result = run(deployment(Map.of()));

    ApplyException failure = (ApplyException) result.failure();
    assertThat(failure.standstill()).isEqualTo(Standstill.FIELD_CANNOT_CHANGE);
    assertThat(failure.isTerminal()).isTrue();
    assertThat(failure)
        .hasMessage(
            "Deployment shop/web: the API server refuses this change of spec.selector (field is"
                + " immutable), though it would accept the object as new; the template changes"
                + " /spec/selector/matchLabels/tier to \"web\". To have the operator delete it and"
                + " create it again, annotate it webserver-operator.io/force: enabled in"
                + " web.yaml.j2.");
    assertThat(log).doesNotContain("delete Deployment web");
  }

  @Test
  void anObjectTheApiServerWouldNotAcceptAsNewIsNeverDeletedEvenWithForce() {
    refusals.put(DEPLOYMENT, SELECTOR_IMMUTABLE);
    acceptedAsNew = false;

    ChangeSet result = run(deployment(Map.of(FORCE, "enabled")));

    ApplyException failure = (ApplyException) result.failure();
    assertThat(failure.standstill()).isEqualTo(Standstill.NONE);
    assertThat(failure.isTerminal()).as("invalid: waits for a change").isTrue();
    assertThat(failure)
        .hasMessage(
            "Deployment shop/web apply failed: spec.selector: Invalid value:"
                + " {\"matchLabels\":{\"app\":\"web\",\"tier\":\"web\"}}: field is immutable");
    assertThat(log)
        .containsExactly("apply UPDATE Deployment web", "accepted as new? Deployment web");
  }

  @Test
  void aForbiddenUpdateIsNeitherRecreatedNorRetried() {
    refusals.put(DEPLOYMENT, new Refusal(403, "Forbidden", "denied by a webhook", List.of()));

    ChangeSet result = run(deployment(Map.of(FORCE, "enabled")));

    ApplyException failure = (ApplyException) result.failure();
    assertThat(failure.isTerminal()).isTrue();
    assertThat(ReconcileFailure.of(failure).next()).isEqualTo(ReconcileResult.Next.WAIT_FOR_CHANGE);
    assertThat(log).containsExactly("apply UPDATE Deployment web");
  }

  @Test
  void aStatefulSetGrowsTheClaimsItMadeThenIsRecreatedOrphaningThem() {
    refusals.put(STATEFUL_SET, STATEFUL_SET_SPEC);
    claims.add(claim("data-db-0", "1Gi"));
    claims.add(claim("data-db-1", "5Gi"));
    claims.add(claim("data-other-0", "1Gi"));

    ChangeSet result = run(statefulSet("2Gi", Map.of(FORCE, "enabled")));

    assertThat(result.failed()).isFalse();
    assertThat(result.changes())
        .containsExactly(
            new Change(
                new ObjectRef("v1", "PersistentVolumeClaim", "shop", "data-db-0"),
                Action.EXPAND_CLAIM,
                false),
            new Change(STATEFUL_SET, Action.RECREATE, false, true));
    assertThat(log)
        .containsExactly(
            "apply UPDATE StatefulSet db",
            "accepted as new? StatefulSet db",
            "list claims {app=db}",
            "apply EXPAND_CLAIM PersistentVolumeClaim data-db-0 2Gi",
            "delete orphaning StatefulSet db",
            "create StatefulSet db");
  }

  @Test
  void aClaimThatCannotGrowLeavesTheStatefulSetInPlace() {
    refusals.put(STATEFUL_SET, STATEFUL_SET_SPEC);
    refusals.put(new ObjectRef("v1", "PersistentVolumeClaim", "shop", "data-db-0"), NO_EXPANSION);
    claims.add(claim("data-db-0", "1Gi"));

    ChangeSet result = run(statefulSet("2Gi", Map.of(FORCE, "enabled")));

    ApplyException failure = (ApplyException) result.failure();
    assertThat(failure.standstill()).isEqualTo(Standstill.CLAIM_CANNOT_GROW);
    assertThat(failure.ref()).isEqualTo(STATEFUL_SET);
    assertThat(failure)
        .hasMessageStartingWith(
            "PersistentVolumeClaim shop/data-db-0, made by StatefulSet shop/db, cannot grow to 2Gi"
                + " (it holds 1Gi): persistentvolumeclaims \"data-db-0\" is forbidden: only"
                + " dynamically provisioned pvc can be resized")
        .hasMessageContaining("StatefulSet shop/db is not recreated and nothing is deleted");
    assertThat(log).noneMatch(line -> line.startsWith("delete"));
  }

  @Test
  void aClaimIsNeverDeletedToBeMadeAgain() {
    refusals.put(
        CLAIM,
        new Refusal(
            422,
            "Invalid",
            "PersistentVolumeClaim \"data\" is invalid: ...",
            List.of(
                new Refusal.Cause(
                    "FieldValueForbidden",
                    "spec.resources.requests.storage",
                    "Forbidden: field can not be less than status.capacity"))));
    Map<String, Object> desired = claim("data", "1Gi");
    metadata(desired).put("annotations", Map.of(FORCE, "enabled"));

    ChangeSet result = run(update(CLAIM, desired, claim("data", "2Gi")));

    assertThat(result.failure())
        .hasMessageContaining("spec.resources.requests.storage (field can not be less than")
        .hasMessageContaining("A PersistentVolumeClaim is never deleted to be made again");
    assertThat(log).noneMatch(line -> line.startsWith("delete"));
  }

  private ChangeSet run(PlanEntry update) {
    KubernetesSerialization json = new KubernetesSerialization();
    ObjectWriter writer = new Writer();
    Planner planner = new Planner();
    return new PlanExecution(
            planner,
            new ChangeSetExecutor(writer, new NoCache(), json, Runnable::run, planner),
            writer,
            json)
        .run(
            new Plan(List.of(update)),
            new PlanExecution.Request(
                OWNER, Inventory.empty(), List.of(), ReadinessRules.none(), false, false));
  }

  private static PlanEntry deployment(Map<String, String> annotations) {
    Map<String, Object> live = object(DEPLOYMENT);
    live.put("spec", Map.of("selector", Map.of("matchLabels", Map.of("app", "web"))));
    Map<String, Object> desired = object(DEPLOYMENT);
    metadata(desired).put("annotations", annotations);
    desired.put(
        "spec", Map.of("selector", Map.of("matchLabels", Map.of("app", "web", "tier", "web"))));
    return update(DEPLOYMENT, desired, live);
  }

  private static PlanEntry statefulSet(String storage, Map<String, String> annotations) {
    Map<String, Object> live = object(STATEFUL_SET);
    live.put("spec", statefulSetSpec("1Gi"));
    Map<String, Object> desired = object(STATEFUL_SET);
    metadata(desired).put("annotations", annotations);
    desired.put("spec", statefulSetSpec(storage));
    return update(STATEFUL_SET, desired, live);
  }

  private static Map<String, Object> statefulSetSpec(String storage) {
    return Map.of(
        "selector",
        Map.of("matchLabels", Map.of("app", "db")),
        "volumeClaimTemplates",
        List.of(
            Map.of(
                "metadata",
                Map.of("name", "data"),
                "spec",
                Map.of("resources", Map.of("requests", Map.of("storage", storage))))));
  }

  private static PlanEntry update(
      ObjectRef ref, Map<String, Object> desired, Map<String, Object> live) {
    return new Planner().compare(new RenderedObject(ref, desired, ref.name() + ".yaml.j2"), live);
  }

  private static Map<String, Object> claim(String name, String storage) {
    Map<String, Object> claim = object(new ObjectRef("v1", "PersistentVolumeClaim", "shop", name));
    claim.put("spec", Map.of("resources", Map.of("requests", Map.of("storage", storage))));
    return claim;
  }

  private static Map<String, Object> object(ObjectRef ref) {
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", ref.name());
    metadata.put("namespace", ref.namespace());
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("apiVersion", ref.apiVersion());
    object.put("kind", ref.kind());
    object.put("metadata", metadata);
    return object;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> metadata(Map<String, Object> object) {
    return (Map<String, Object>) object.get("metadata");
  }

  /** Refuses what {@link #refusals} says, logs every request, and holds nothing. */
  private final class Writer implements ObjectWriter {

    private final KubernetesSerialization json = new KubernetesSerialization();

    @Override
    public GenericKubernetesResource apply(PlanEntry entry) {
      String storage =
          entry.action() == Action.EXPAND_CLAIM
              ? " "
                  + ((Map<?, ?>)
                          ((Map<?, ?>) ((Map<?, ?>) entry.desired().get("spec")).get("resources"))
                              .get("requests"))
                      .get("storage")
              : "";
      boolean create = entry.action() == Action.CREATE;
      log.add(
          (create ? "create" : "apply " + entry.action())
              + " "
              + entry.ref().kind()
              + " "
              + entry.ref().name()
              + storage);
      Refusal refusal = refusals.get(entry.ref());
      if (refusal != null && !create) {
        throw new ApplyException(entry.ref(), "apply", refusal, null);
      }
      return json.convertValue(entry.desired(), GenericKubernetesResource.class);
    }

    @Override
    public boolean acceptedAsNew(PlanEntry entry) {
      log.add("accepted as new? " + entry.ref().kind() + " " + entry.ref().name());
      return acceptedAsNew;
    }

    @Override
    public List<Map<String, Object>> claims(String namespace, Map<String, String> labels) {
      log.add("list claims " + labels);
      return claims;
    }

    @Override
    public Optional<GenericKubernetesResource> get(ObjectRef ref) {
      return Optional.empty();
    }

    @Override
    public GenericKubernetesResource patchOwnership(ObjectRef ref, OwnershipPatch patch) {
      throw new AssertionError("no ownership patch here");
    }

    @Override
    public void patchFinalizers(ObjectRef resource, String version, List<String> finalizers) {
      throw new AssertionError("no finalizer here");
    }

    @Override
    public boolean prune(PlanEntry entry) {
      throw new AssertionError("nothing is pruned here");
    }

    @Override
    public boolean delete(ObjectRef ref) {
      log.add("delete " + ref.kind() + " " + ref.name());
      return true;
    }

    @Override
    public boolean deleteOrphaning(ObjectRef ref) {
      log.add("delete orphaning " + ref.kind() + " " + ref.name());
      return true;
    }
  }

  private static final class NoCache implements ReadCache {
    @Override
    public Optional<GenericKubernetesResource> get(ObjectRef ref) {
      return Optional.empty();
    }

    @Override
    public void wrote(GenericKubernetesResource object) {}
  }
}
