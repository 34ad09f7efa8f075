package io.webserveroperator.controller;

import static io.webserveroperator.controller.ResourceAnnotations.RECONCILE;
import static io.webserveroperator.controller.ResourceAnnotations.REQUESTED_AT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.apply.Change;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.rollout.RevisionChoice;
import io.webserveroperator.rollout.RevisionChooser;
import io.webserveroperator.rollout.Rollouts;
import io.webserveroperator.status.Reason;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplateRevision;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.WebServers;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The reconcile workflow on the project's WebServer templates, with the cluster edge faked: the
 * children live in {@link FakeChildren}, the WebServer, its status writes and events in {@link
 * FakeResources}: every request goes through them.
 */
class ReconcilerTest {

  private static final String NAMESPACE = "shop";
  private static final ObjectRef DEPLOYMENT =
      new ObjectRef("apps/v1", "Deployment", NAMESPACE, "web-deployment");
  private static final ObjectRef SERVICE = new ObjectRef("v1", "Service", NAMESPACE, "web-service");
  private static final ObjectRef INGRESS =
      new ObjectRef("networking.k8s.io/v1", "Ingress", NAMESPACE, "web-ingress");
  private static TemplateRegistry templates;

  private final FakeChildren cluster = new FakeChildren();
  private final FakeResources resources = new FakeResources();
  private final FakeLookups lookups = new FakeLookups();
  private RevisionChooser revisions = RevisionChooser.current();
  private Reconciler reconciler;

  @BeforeAll
  static void loadTemplates() {
    templates = TemplateRegistry.load(Project.file("templates/watches.yaml"));
  }

  @AfterAll
  static void close() {
    templates.close();
  }

  @BeforeEach
  void newReconciler() {
    Reconciler.Parts parts =
        new Reconciler.Parts(
            templates,
            cluster,
            lookups,
            new Planner(),
            cluster,
            Runnable::run,
            resources,
            resources,
            new KubernetesSerialization(),
            Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC),
            (watch, resource) -> revisions.choose(watch, resource));
    reconciler = new Reconciler(templates.watches().get(0), WebServers.KIND, resources, parts);
  }

  @Test
  void createsEveryRenderedChildAndListsItInTheInventory() {
    ObjectRef web = resources.put(webServer(2, null));

    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.next()).isEqualTo(ReconcileResult.Next.DONE);
    assertThat(result.changes())
        .containsExactly(
            new Change(DEPLOYMENT, Action.CREATE, false),
            new Change(SERVICE, Action.CREATE, false));
    assertThat(cluster.writes()).containsExactly("apply " + DEPLOYMENT, "apply " + SERVICE);
    assertThat(resources.events())
        .as("one Event naming every object created")
        .containsExactly("Normal Created: Created " + DEPLOYMENT + ", " + SERVICE);
    assertThat(result.statusWritten()).isTrue();
    assertThat(inventory(web)).containsExactlyInAnyOrder(DEPLOYMENT.name(), SERVICE.name());
  }

  @Test
  void aSecondReconcileWithNothingChangedWritesNothing() {
    ObjectRef web = resources.put(webServer(2, null));
    reconciler.reconcile(web);
    List<String> writes = cluster.writes();
    int statusWrites = resources.statusWrites();

    ReconcileResult again = reconciler.reconcile(web);

    assertThat(again.next()).isEqualTo(ReconcileResult.Next.DONE);
    assertThat(again.changes()).isEmpty();
    assertThat(again.statusWritten()).isFalse();
    assertThat(cluster.writes()).isEqualTo(writes);
    assertThat(resources.statusWrites()).isEqualTo(statusWrites);
    assertThat(resources.events()).hasSize(1);
  }

  @Test
  void aSpecChangeUpdatesOnlyTheChildWhoseRenderChanged() {
    ObjectRef web = resources.put(webServer(2, null));
    reconciler.reconcile(web);
    int before = cluster.writes().size();

    resources.put(webServer(3, null));
    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.changes()).containsExactly(new Change(DEPLOYMENT, Action.UPDATE, false));
    assertThat(cluster.writes().subList(before, cluster.writes().size()))
        .containsExactly("apply " + DEPLOYMENT);
    assertThat(resources.events()).last().isEqualTo("Normal Updated: Updated " + DEPLOYMENT);
  }

  @Test
  void aSpecChangeThatLandsBeforeTheStatusWriteIsStillReconciled() {
    ObjectRef web = resources.put(webServer(2, null));
    Map<String, Object> edited = webServer(3, null);
    edited.put(
        "metadata", Map.of("name", "web", "namespace", NAMESPACE, "uid", "uid-1", "generation", 2));
    resources.editDuringNextStatusWrite(edited);
    reconciler.reconcile(web);
    int before = cluster.writes().size();

    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.changes()).containsExactly(new Change(DEPLOYMENT, Action.UPDATE, false));
    assertThat(cluster.writes().subList(before, cluster.writes().size()))
        .containsExactly("apply " + DEPLOYMENT);
  }

  @Test
  void anEditOfAChildIsPutBackAsDrift() {
    ObjectRef web = resources.put(webServer(2, null));
    reconciler.reconcile(web);

    cluster.edit(DEPLOYMENT, "replicas", 5);
    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.changes()).containsExactly(new Change(DEPLOYMENT, Action.UPDATE, true));
    assertThat(resources.events())
        .last()
        .isEqualTo("Normal DriftCorrected: Corrected drift of " + DEPLOYMENT);
  }

  @Test
  void aChildDeletedBehindItsBackIsCreatedAgain() {
    ObjectRef web = resources.put(webServer(2, null));
    reconciler.reconcile(web);

    cluster.delete(DEPLOYMENT);
    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.changes()).containsExactly(new Change(DEPLOYMENT, Action.CREATE, false));
    assertThat(cluster.contains(DEPLOYMENT)).isTrue();
  }

  @Test
  void prunesAChildTheTemplatesNoLongerRender() {
    ObjectRef web = resources.put(webServer(2, "www.example.com"));
    reconciler.reconcile(web);
    assertThat(cluster.contains(INGRESS)).isTrue();
    rollOut(DEPLOYMENT, 2);

    resources.put(webServer(2, null));
    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.changes()).containsExactly(new Change(INGRESS, Action.PRUNE, false));
    assertThat(cluster.contains(INGRESS)).isFalse();
    assertThat(cluster.writes()).last().isEqualTo("delete " + INGRESS);
    assertThat(inventory(web)).containsExactlyInAnyOrder(DEPLOYMENT.name(), SERVICE.name());
    assertThat(resources.events()).last().isEqualTo("Normal Pruned: Pruned " + INGRESS);
  }

  @Test
  void aReconcileThatUpdatesAndPrunesRecordsOneEventNamingBoth() {
    ObjectRef web = resources.put(webServer(2, "www.example.com"));
    reconciler.reconcile(web);
    rollOut(DEPLOYMENT, 2);
    int before = resources.events().size();

    // A Service update leaves every child ready, so the prune comes in the same reconcile.
    Map<String, Object> nodePort = webServer(2, null);
    spec(nodePort).put("serviceType", "NodePort");
    resources.put(nodePort);
    reconciler.reconcile(web);

    assertThat(resources.events().subList(before, resources.events().size()))
        .containsExactly("Normal Applied: Updated " + SERVICE + "; Pruned " + INGRESS);
  }

  @Test
  void aPruneWaitsUntilEveryRenderedChildIsReady() {
    ObjectRef web = resources.put(webServer(2, "www.example.com"));
    reconciler.reconcile(web);

    resources.put(webServer(2, null));
    ReconcileResult waiting = reconciler.reconcile(web);

    assertThat(waiting.changes()).isEmpty();
    assertThat(cluster.contains(INGRESS)).as("the Deployment has no available replica").isTrue();
    assertThat(inventory(web))
        .as("still owned, so it is pruned later or cleaned up with the resource")
        .containsExactlyInAnyOrder(DEPLOYMENT.name(), SERVICE.name(), INGRESS.name());
    assertThat(resources.events())
        .last()
        .isEqualTo(
            "Normal PruneDeferred: " + INGRESS + " is deleted once " + DEPLOYMENT + " is ready");
    assertThat(ready(web)).containsEntry("status", "False").containsEntry("reason", "Progressing");

    // The Deployment controller's status write is a change of a child: it brings a reconcile.
    rollOut(DEPLOYMENT, 2);
    ReconcileResult pruned = reconciler.reconcile(web);

    assertThat(pruned.changes()).containsExactly(new Change(INGRESS, Action.PRUNE, false));
    assertThat(cluster.contains(INGRESS)).isFalse();
    assertThat(inventory(web)).containsExactlyInAnyOrder(DEPLOYMENT.name(), SERVICE.name());
    assertThat(ready(web)).containsEntry("status", "True");
    assertThat(resources.events()).last().isEqualTo("Normal Pruned: Pruned " + INGRESS);
  }

  @Test
  void whileAPruneWaitsItIsToldOnceAndReconcilesWriteOnlyWhatChanged() {
    ObjectRef web = resources.put(webServer(2, "www.example.com"));
    reconciler.reconcile(web);
    resources.put(webServer(2, null));
    reconciler.reconcile(web);
    List<String> events = resources.events();
    List<String> writes = cluster.writes();
    int statusWrites = resources.statusWrites();

    ReconcileResult settled = reconciler.reconcile(web);
    writeDeploymentStatus(2, 1);
    ReconcileResult halfway = reconciler.reconcile(web);
    writeDeploymentStatus(2, 1);
    ReconcileResult sameAgain = reconciler.reconcile(web);

    assertThat(List.of(settled, halfway, sameAgain))
        .allSatisfy(result -> assertThat(result.changes()).isEmpty());
    assertThat(halfway.statusWritten()).as("the Ready message names 1 of 2").isTrue();
    assertThat((String) ready(web).get("message")).contains("1 of 2 replicas available");
    assertThat(settled.statusWritten()).isFalse();
    assertThat(sameAgain.statusWritten()).isFalse();
    assertThat(resources.statusWrites()).isEqualTo(statusWrites + 1);
    assertThat(resources.events()).as("PruneDeferred, once").isEqualTo(events);
    assertThat(cluster.writes()).isEqualTo(writes);
    assertThat(cluster.contains(INGRESS)).isTrue();
  }

  @Test
  void aResourceDeletedWhileAPruneWaitsLeavesTheOldObjectToTheGarbageCollector() {
    ObjectRef web = resources.put(webServer(2, "www.example.com"));
    reconciler.reconcile(web);
    resources.put(webServer(2, null));
    reconciler.reconcile(web);
    List<String> writes = cluster.writes();

    Map<String, Object> deleted = webServer(2, null);
    deleted.put(
        "metadata",
        Map.of(
            "name", "web",
            "namespace", NAMESPACE,
            "uid", "uid-1",
            "generation", 1,
            "deletionTimestamp", "2026-01-01T00:00:00Z"));
    resources.put(deleted);
    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result).isEqualTo(ReconcileResult.nothing());
    assertThat(inventory(web)).contains(INGRESS.name());
    assertThat(cluster.writes()).as("nothing is applied or pruned any more").isEqualTo(writes);
    assertThat(cluster.get(INGRESS).orElseThrow().getMetadata().getOwnerReferences())
        .as("the garbage collector deletes it with the WebServer")
        .singleElement()
        .satisfies(owner -> assertThat(owner.getUid()).isEqualTo("uid-1"));
  }

  @Test
  void aRenderErrorAppliesAndPrunesNothingAndWaitsForAChange() {
    ObjectRef web = resources.put(webServer(2, "www.example.com"));
    reconciler.reconcile(web);
    List<String> writes = cluster.writes();

    Map<String, Object> noImage = webServer(2, null);
    spec(noImage).remove("image");
    resources.put(noImage);
    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.next()).isEqualTo(ReconcileResult.Next.WAIT_FOR_CHANGE);
    assertThat(result.error()).contains("deployment.yaml.j2").contains("spec.image");
    assertThat(cluster.writes()).isEqualTo(writes);
    assertThat(ready(web)).containsEntry("status", "False").containsEntry("reason", "RenderFailed");
    assertThat(inventory(web))
        .as("the inventory keeps what the broken render would have pruned")
        .containsExactlyInAnyOrder(DEPLOYMENT.name(), SERVICE.name(), INGRESS.name());
    assertThat(resources.events()).last().asString().startsWith("Warning RenderFailed: ");
  }

  @Test
  void anInvalidObjectWaitsForAChange() {
    ObjectRef web = resources.put(webServer(2, null));
    cluster.refuseAppliesWith(422);

    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.next()).isEqualTo(ReconcileResult.Next.WAIT_FOR_CHANGE);
    assertThat(result.error()).isEqualTo(DEPLOYMENT + " apply failed: refused by the fake");
    assertThat(ready(web)).containsEntry("status", "False").containsEntry("reason", "Invalid");
    assertThat(resources.events())
        .containsExactly(
            "Warning ApplyFailed: " + DEPLOYMENT + " apply failed: refused by the fake");
  }

  @Test
  void aConflictIsRetriedAndPrunesNothing() {
    ObjectRef web = resources.put(webServer(2, "www.example.com"));
    reconciler.reconcile(web);

    resources.put(webServer(3, null));
    cluster.refuseAppliesWith(409);
    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.next()).isEqualTo(ReconcileResult.Next.RETRY);
    assertThat(ready(web)).containsEntry("status", "False").containsEntry("reason", "ApplyFailed");
    assertThat(cluster.contains(INGRESS)).as("no prune while an apply failed").isTrue();
    assertThat(cluster.writes()).last().isEqualTo("apply " + DEPLOYMENT);
  }

  @Test
  void aResourceNoLongerInTheCacheIsDoneWithoutARequest() {
    ReconcileResult result =
        reconciler.reconcile(
            new ObjectRef("webapp.example.com/v1", "WebServer", NAMESPACE, "gone"));

    assertThat(result).isEqualTo(ReconcileResult.done(List.of(), false));
    assertThat(cluster.writes()).isEmpty();
  }

  @Test
  void aSuspendedResourceGetsTheSuspendedConditionOnceAndNothingElseIsWritten() {
    ObjectRef web = resources.put(webServer(2, "www.example.com"));
    reconciler.reconcile(web);
    List<String> writes = cluster.writes();
    List<String> events = resources.events();
    int statusWrites = resources.statusWrites();
    Map<String, Object> ready = ready(web);

    resources.put(annotated(webServer(2, "www.example.com"), RECONCILE, "disabled"));
    ReconcileResult suspended = reconciler.reconcile(web);

    assertThat(suspended.next()).isEqualTo(ReconcileResult.Next.DONE);
    assertThat(suspended.statusWritten()).isTrue();
    assertThat(condition(web, "Suspended"))
        .containsEntry("status", "True")
        .containsEntry("reason", "ReconcileDisabled");
    assertThat((String) condition(web, "Suspended").get("message"))
        .contains("kubectl annotate webserver web -n shop " + RECONCILE + "-");
    assertThat(ready(web)).as("Ready is left as the last reconcile wrote it").isEqualTo(ready);

    // A spec change (new replicas, no Ingress), a hand edit and a resync: none is acted on.
    resources.put(nextGeneration(annotated(webServer(3, null), RECONCILE, "disabled")));
    cluster.edit(DEPLOYMENT, "replicas", 5);
    for (int i = 0; i < 3; i++) {
      ReconcileResult again = reconciler.reconcile(web);
      assertThat(again.changes()).isEmpty();
      assertThat(again.statusWritten()).isFalse();
    }

    assertThat(cluster.writes()).as("no apply, no prune, no drift correction").isEqualTo(writes);
    assertThat(cluster.contains(INGRESS)).isTrue();
    assertThat(cluster.get(DEPLOYMENT).orElseThrow().<Integer>get("spec", "replicas")).isEqualTo(5);
    assertThat(resources.statusWrites()).as("the condition, once").isEqualTo(statusWrites + 1);
    assertThat(resources.events()).isEqualTo(events);
  }

  @Test
  void removingTheAnnotationReconcilesAtOnceAndRemovesTheSuspendedCondition() {
    ObjectRef web = resources.put(webServer(2, "www.example.com"));
    reconciler.reconcile(web);
    resources.put(annotated(webServer(2, "www.example.com"), RECONCILE, "disabled"));
    reconciler.reconcile(web);
    resources.put(annotated(webServer(3, null), RECONCILE, "disabled"));
    cluster.edit(SERVICE, "type", "NodePort");
    reconciler.reconcile(web);

    resources.put(webServer(3, null));
    ReconcileResult resumed = reconciler.reconcile(web);
    rollOut(DEPLOYMENT, 3);
    ReconcileResult rolledOut = reconciler.reconcile(web);

    assertThat(resumed.changes())
        .extracting(Change::ref, Change::action)
        .containsExactlyInAnyOrder(tuple(DEPLOYMENT, Action.UPDATE), tuple(SERVICE, Action.UPDATE));
    assertThat(rolledOut.changes())
        .as("the prune held back waits for the updated Deployment")
        .containsExactly(new Change(INGRESS, Action.PRUNE, false));
    assertThat(cluster.get(SERVICE).orElseThrow().<String>get("spec", "type"))
        .isEqualTo("ClusterIP");
    assertThat(cluster.contains(INGRESS)).isFalse();
    assertThat(conditionTypes(web)).doesNotContain("Suspended");
    assertThat(inventory(web)).containsExactlyInAnyOrder(DEPLOYMENT.name(), SERVICE.name());
  }

  @Test
  void anUnknownReconcileValueIsOneWarningAndTheResourceIsReconciledAsUsual() {
    ObjectRef web = resources.put(annotated(webServer(2, null), RECONCILE, "Disabled"));

    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.changes()).hasSize(2);
    assertThat(cluster.contains(DEPLOYMENT)).isTrue();
    assertThat(conditionTypes(web)).doesNotContain("Suspended");
    assertThat(resources.events())
        .filteredOn(event -> event.startsWith("Warning"))
        .singleElement()
        .asString()
        .startsWith("Warning UnknownAnnotationValue: ")
        .contains(RECONCILE, "'Disabled'", "'disabled'");

    resources.put(annotated(webServer(3, null), RECONCILE, "Disabled"));
    reconciler.reconcile(web);
    assertThat(resources.events())
        .as("warned once per value, not on every reconcile")
        .filteredOn(event -> event.startsWith("Warning"))
        .hasSize(1);

    resources.put(annotated(webServer(3, null), RECONCILE, "enabled"));
    reconciler.reconcile(web);
    assertThat(resources.events())
        .as("enabled, Flux's value for resuming, is known")
        .filteredOn(event -> event.startsWith("Warning"))
        .hasSize(1);
  }

  @Test
  void aNewReconcileRequestRunsEveryStepDespiteSettledInputsAndIsRecordedOnce() {
    ObjectRef web = resources.put(webServer(2, null));
    reconciler.reconcile(web);
    List<String> writes = cluster.writes();
    int statusWrites = resources.statusWrites();

    // The annotation's write moves the resourceVersion, which alone would end the settled
    // shortcut: keeping the version proves the request is read for itself.
    resources.annotateKeepingVersion(web, REQUESTED_AT, "1767225600");
    ReconcileResult requested = reconciler.reconcile(web);

    assertThat(requested.statusWritten()).isTrue();
    assertThat(resources.status(web)).containsEntry("lastHandledReconcileAt", "1767225600");
    assertThat(cluster.writes()).as("nothing had changed").isEqualTo(writes);

    ReconcileResult handled = reconciler.reconcile(web);
    resources.put(annotated(webServer(2, null), REQUESTED_AT, "1767225600"));
    ReconcileResult handledAfterAWrite = reconciler.reconcile(web);

    assertThat(List.of(handled, handledAfterAWrite))
        .allSatisfy(result -> assertThat(result.statusWritten()).isFalse());
    assertThat(resources.statusWrites()).isEqualTo(statusWrites + 1);
    assertThat(cluster.writes()).isEqualTo(writes);
  }

  @Test
  void aReconcileRequestOnASuspendedResourceIsHandledWhenItResumes() {
    ObjectRef web = resources.put(webServer(2, null));
    reconciler.reconcile(web);
    Map<String, Object> suspended = annotated(webServer(2, null), RECONCILE, "disabled");
    resources.put(annotated(suspended, REQUESTED_AT, "t1"));
    reconciler.reconcile(web);

    assertThat(resources.status(web)).doesNotContainKey("lastHandledReconcileAt");

    resources.put(annotated(webServer(2, null), REQUESTED_AT, "t1"));
    reconciler.reconcile(web);

    assertThat(resources.status(web)).containsEntry("lastHandledReconcileAt", "t1");
    assertThat(conditionTypes(web)).doesNotContain("Suspended");
  }

  /** Plays the Deployment controller once every replica is available. */
  private void rollOut(ObjectRef deployment, int replicas) {
    cluster.writeStatus(
        deployment,
        Map.of(
            "observedGeneration", 1,
            "replicas", replicas,
            "updatedReplicas", replicas,
            "readyReplicas", replicas,
            "availableReplicas", replicas));
  }

  /** Plays the Deployment controller midway: every replica updated, {@code available} of them. */
  private void writeDeploymentStatus(int replicas, int available) {
    cluster.writeStatus(
        DEPLOYMENT,
        Map.of(
            "observedGeneration", 1,
            "replicas", replicas,
            "updatedReplicas", replicas,
            "readyReplicas", available,
            "availableReplicas", available));
  }

  /** The resource with {@code metadata.generation} 2, as the API server makes a spec change. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> nextGeneration(Map<String, Object> resource) {
    Map<String, Object> metadata =
        new LinkedHashMap<>((Map<String, Object>) resource.get("metadata"));
    metadata.put("generation", 2);
    Map<String, Object> copy = new LinkedHashMap<>(resource);
    copy.put("metadata", metadata);
    return copy;
  }

  /** The resource with that annotation added. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> annotated(
      Map<String, Object> resource, String key, String value) {
    Map<String, Object> metadata =
        new LinkedHashMap<>((Map<String, Object>) resource.get("metadata"));
    Map<String, Object> annotations = new LinkedHashMap<>();
    if (metadata.get("annotations") instanceof Map<?, ?> old) {
      old.forEach((k, v) -> annotations.put((String) k, v));
    }
    annotations.put(key, value);
    metadata.put("annotations", annotations);
    Map<String, Object> copy = new LinkedHashMap<>(resource);
    copy.put("metadata", metadata);
    return copy;
  }

  @Test
  void theStatusNamesTheTemplateRevisionTheChildrenWereAppliedFrom() {
    ObjectRef web = resources.put(webServer(2, null));

    reconciler.reconcile(web);

    assertThat(resources.status(web))
        .containsEntry(
            Rollouts.STATUS_FIELD,
            templates.current(templates.watches().get(0)).orElseThrow().hash());
  }

  @Test
  void aResourceRendersFromTheRevisionItsRolloutGivesIt() {
    TemplatedKind watch = templates.watches().get(0);
    Map<String, String> files = new TreeMap<>(templates.current(watch).orElseThrow().sources());
    files.replaceAll(
        (path, text) ->
            path.endsWith("deployment.yaml.j2")
                ? text.replace("- name: nginx", "- name: older")
                : text);
    TemplateRevision older = TemplateRevision.of(files);
    templates.remember(watch, older);
    revisions = (w, resource) -> RevisionChoice.of(older.hash());
    ObjectRef web = resources.put(webServer(2, null));

    reconciler.reconcile(web);

    assertThat(cluster.get(DEPLOYMENT).orElseThrow().toString()).contains("name=older");
    assertThat(resources.status(web)).containsEntry(Rollouts.STATUS_FIELD, older.hash());
  }

  @Test
  void aPinToAnUnknownRevisionAppliesNothingAndSaysSo() {
    revisions = (w, resource) -> RevisionChoice.refused("pinned to a revision that is not stored");
    ObjectRef web = resources.put(webServer(2, null));

    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.next()).isEqualTo(ReconcileResult.Next.WAIT_FOR_CHANGE);
    assertThat(cluster.writes()).isEmpty();
    assertThat(ready(web))
        .containsEntry("status", "False")
        .containsEntry("reason", Reason.REVISION_NOT_FOUND.text())
        .containsEntry("message", "pinned to a revision that is not stored");
    assertThat(resources.status(web)).doesNotContainKey(Rollouts.STATUS_FIELD);
  }

  private static Map<String, Object> webServer(int replicas, String ingressHost) {
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("image", "nginx:1.27");
    spec.put("replicas", replicas);
    if (ingressHost != null) {
      spec.put("ingress", Map.of("host", ingressHost));
    }
    return WebServers.resource(
        Map.of("name", "web", "namespace", NAMESPACE, "uid", "uid-1", "generation", 1), spec);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(Map<String, Object> resource) {
    return (Map<String, Object>) resource.get("spec");
  }

  @SuppressWarnings("unchecked")
  private List<String> inventory(ObjectRef web) {
    return ((List<Map<String, Object>>) resources.status(web).get("inventory"))
        .stream().map(entry -> (String) entry.get("name")).toList();
  }

  private Map<String, Object> ready(ObjectRef web) {
    return condition(web, "Ready");
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> condition(ObjectRef web, String type) {
    return ((List<Map<String, Object>>) resources.status(web).get("conditions"))
        .stream().filter(condition -> type.equals(condition.get("type"))).findFirst().orElseThrow();
  }

  @SuppressWarnings("unchecked")
  private List<Object> conditionTypes(ObjectRef web) {
    return ((List<Map<String, Object>>) resources.status(web).get("conditions"))
        .stream().map(condition -> condition.get("type")).toList();
  }
}
