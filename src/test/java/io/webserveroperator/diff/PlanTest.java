package io.webserveroperator.diff;

import static io.webserveroperator.diff.Fixtures.json;
import static io.webserveroperator.diff.Fixtures.load;
import static io.webserveroperator.diff.Fixtures.rendered;
import static io.webserveroperator.diff.Fixtures.set;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ManagedLabels;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Owner;
import io.webserveroperator.manifest.RenderedObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Planning a whole reconcile: creates, updates, prunes and the plan as JSON. */
class PlanTest {

  private static final ObjectRef DEPLOYMENT = new ObjectRef("apps/v1", "Deployment", "shop", "web");
  private static final ObjectRef SERVICE = new ObjectRef("v1", "Service", "shop", "web");
  private static final ObjectRef OLD_CONFIG =
      new ObjectRef("v1", "ConfigMap", "shop", "web-content-old");
  private static final ObjectRef GONE_INGRESS =
      new ObjectRef("networking.k8s.io/v1", "Ingress", "shop", "web");

  /** The resource of the fixtures: its uid is in their owner references. */
  static final Owner OWNER =
      new Owner(
          "webapp.example.com/v1",
          "WebServer",
          "shop",
          "web",
          "5b0c3d2e-8a41-4f7e-9c55-1f2a3b4c5d6e");

  private final Planner planner = new Planner();
  private final Map<ObjectRef, Map<String, Object>> cluster = new HashMap<>();

  @Test
  void missingLiveObjectIsCreatedWithAPatchAddingEverything() {
    Plan plan =
        planner.plan(
            List.of(rendered("service-desired.yaml")),
            this::live,
            Inventory.of(List.of()),
            OWNER,
            List.of());

    PlanEntry entry = plan.entries().get(0);
    assertThat(entry.action()).isEqualTo(Action.CREATE);
    assertThat(entry.live()).isNull();
    assertThat(entry.patch().operations().findValuesAsText("op")).containsOnly("add");
    assertThat(entry.patch().operations().findValuesAsText("path"))
        .containsExactly("/apiVersion", "/kind", "/metadata", "/spec");
  }

  @Test
  void prunesInventoryObjectsNoLongerRenderedAndSkipsThoseAlreadyGone() {
    cluster.put(DEPLOYMENT, load("deployment-live.yaml"));
    Map<String, Object> oldConfig = configMap(OLD_CONFIG);
    cluster.put(OLD_CONFIG, oldConfig);

    Plan plan =
        planner.plan(
            List.of(rendered("deployment-desired.yaml")),
            this::live,
            Inventory.of(List.of(DEPLOYMENT, OLD_CONFIG, GONE_INGRESS, OLD_CONFIG)),
            OWNER,
            List.of());

    assertThat(plan.entries())
        .extracting(PlanEntry::ref, PlanEntry::action)
        .containsExactly(tuple(DEPLOYMENT, Action.UNCHANGED), tuple(OLD_CONFIG, Action.PRUNE));
    PlanEntry prune = plan.byAction(Action.PRUNE).get(0);
    assertThat(prune.live()).isEqualTo(oldConfig);
    assertThat(prune.desired()).isNull();
    assertThat(prune.template()).isNull();
    assertThat(prune.patch().operations()).isEmpty();
  }

  @Test
  void objectRenderedUnderANewApiVersionIsNotPruned() {
    Map<String, Object> service = load("service-desired.yaml");
    cluster.put(SERVICE, load("service-live.yaml"));
    ObjectRef sameServiceOldVersion = new ObjectRef("v1beta1", "Service", "shop", "web");
    ObjectRef sameNameOtherGroup = new ObjectRef("example.com/v1", "Service", "shop", "web");
    cluster.put(sameNameOtherGroup, configMap(sameNameOtherGroup));

    Plan plan =
        planner.plan(
            List.of(rendered(service)),
            this::live,
            Inventory.of(List.of(sameServiceOldVersion, sameNameOtherGroup)),
            OWNER,
            List.of());

    assertThat(plan.byAction(Action.PRUNE))
        .extracting(PlanEntry::ref)
        .containsExactly(sameNameOtherGroup);
  }

  @Test
  void changesLeaveOutUnchangedEntries() {
    cluster.put(DEPLOYMENT, load("deployment-live.yaml"));
    Map<String, Object> scaled = load("deployment-desired.yaml");
    set(scaled, "spec.replicas", 3);

    Plan steady =
        planner.plan(
            List.of(rendered("deployment-desired.yaml")),
            this::live,
            Inventory.of(List.of()),
            OWNER,
            List.of());
    Plan changed =
        planner.plan(
            List.of(rendered(scaled), rendered("service-desired.yaml")),
            this::live,
            Inventory.of(List.of()),
            OWNER,
            List.of());

    assertThat(steady.hasChanges()).isFalse();
    assertThat(steady.changes()).isEmpty();
    assertThat(changed.hasChanges()).isTrue();
    assertThat(changed.changes())
        .extracting(PlanEntry::action)
        .containsExactly(Action.UPDATE, Action.CREATE);
    assertThat(changed.byAction(Action.UPDATE))
        .extracting(PlanEntry::ref)
        .containsExactly(DEPLOYMENT);
  }

  @Test
  void anotherWebServersObjectIsAConflictAndNeverAnUpdate() {
    Map<String, Object> others = load("deployment-live.yaml");
    set(
        others,
        "metadata.ownerReferences",
        List.of(
            Map.of(
                "apiVersion",
                "webapp.example.com/v1",
                "kind",
                "WebServer",
                "name",
                "other",
                "uid",
                "uid-other",
                "controller",
                true)));
    cluster.put(DEPLOYMENT, others);
    Map<String, Object> scaled = load("deployment-desired.yaml");
    set(scaled, "spec.replicas", 3);

    Plan plan =
        planner.plan(
            List.of(rendered(scaled)),
            this::live,
            Inventory.of(List.of(DEPLOYMENT)),
            OWNER,
            List.of());

    PlanEntry entry = plan.entries().get(0);
    assertThat(entry.action()).isEqualTo(Action.CONFLICT);
    assertThat(entry.claim().reason())
        .isEqualTo(
            "Deployment shop/web exists and is controlled by WebServer other, not by WebServer"
                + " shop/web");
    assertThat(entry.patch().operations()).as("what applying would have changed").isNotEmpty();
  }

  @Test
  void anObjectKeptForThisNameIsAdopted() {
    Map<String, Object> kept = load("deployment-live.yaml");
    set(kept, "metadata.ownerReferences", List.of());
    cluster.put(DEPLOYMENT, kept);

    Plan plan =
        planner.plan(
            List.of(rendered("deployment-desired.yaml")),
            this::live,
            Inventory.of(List.of()),
            OWNER,
            List.of());

    assertThat(plan.entries()).extracting(PlanEntry::action).containsExactly(Action.ADOPT);
  }

  @Test
  void aLifecycleAnnotationRemovedFromTheTemplateIsRemovedFromTheLiveObject() {
    Map<String, Object> live = load("deployment-live.yaml");
    set(live, "metadata.annotations", Map.of("webserver-operator.io/force", "enabled"));
    cluster.put(DEPLOYMENT, live);

    PlanEntry entry =
        planner
            .plan(
                List.of(rendered(load("deployment-desired.yaml"))),
                this::live,
                Inventory.of(List.of()),
                OWNER,
                List.of())
            .entries()
            .get(0);

    assertThat(entry.action()).isEqualTo(Action.UPDATE);
    assertThat(entry.patch().operations().toString())
        .contains("\"op\":\"remove\",\"path\":\"/metadata/annotations");
  }

  @Test
  void aCreateOnlyObjectIsNeverUpdatedButALifecycleAnnotationTakesEffect() {
    cluster.put(DEPLOYMENT, load("deployment-live.yaml"));
    Map<String, Object> createOnly = load("deployment-desired.yaml");
    set(createOnly, "spec.replicas", 3);
    set(createOnly, "metadata.annotations", Map.of("webserver-operator.io/ssa", "IfNotPresent"));
    Map<String, Object> forced = load("deployment-desired.yaml");
    set(forced, "metadata.annotations", Map.of("webserver-operator.io/force", "enabled"));

    PlanEntry createOnlyEntry =
        planner
            .plan(
                List.of(rendered(createOnly)),
                this::live,
                Inventory.of(List.of()),
                OWNER,
                List.of())
            .entries()
            .get(0);
    PlanEntry forcedEntry =
        planner
            .plan(List.of(rendered(forced)), this::live, Inventory.of(List.of()), OWNER, List.of())
            .entries()
            .get(0);

    assertThat(createOnlyEntry.action()).isEqualTo(Action.UPDATE);
    assertThat(createOnlyEntry.patch().operations().toString())
        .contains("/metadata/annotations")
        .doesNotContain("replicas");
    assertThat(forcedEntry.action()).isEqualTo(Action.UPDATE);
    assertThat(forcedEntry.patch().operations().toString()).contains("force");
  }

  @Test
  void aKeptObjectNoLongerRenderedIsLeftInPlaceAndSomeoneElsesIsNeverPruned() {
    Map<String, Object> kept = new HashMap<>(configMap(OLD_CONFIG));
    kept.put(
        "metadata",
        Map.of(
            "name", OLD_CONFIG.name(),
            "namespace", "shop",
            "labels",
                Map.of(
                    ManagedLabels.MANAGED_BY, ManagedLabels.MANAGER, ManagedLabels.INSTANCE, "web"),
            "annotations", Map.of("webserver-operator.io/resource-policy", "keep")));
    cluster.put(OLD_CONFIG, kept);
    Map<String, Object> others = new HashMap<>(configMap(GONE_INGRESS));
    others.put(
        "metadata",
        Map.of(
            "name", GONE_INGRESS.name(),
            "namespace", "shop",
            "labels",
                Map.of(
                    ManagedLabels.MANAGED_BY,
                    ManagedLabels.MANAGER,
                    ManagedLabels.INSTANCE,
                    "cafe")));
    cluster.put(GONE_INGRESS, others);

    Plan plan =
        planner.plan(
            List.of(),
            this::live,
            Inventory.of(List.of(OLD_CONFIG, GONE_INGRESS)),
            OWNER,
            List.of());

    assertThat(plan.entries())
        .extracting(PlanEntry::ref, PlanEntry::action)
        .containsExactly(tuple(OLD_CONFIG, Action.ORPHAN));
  }

  @Test
  void objectRenderedTwiceIsRefused() {
    RenderedObject first = rendered("service-desired.yaml");
    RenderedObject second = new RenderedObject(first.ref(), first.body(), "other.yaml.j2");

    assertThatThrownBy(
            () ->
                planner.plan(
                    List.of(first, second), this::live, Inventory.of(List.of()), OWNER, List.of()))
        .isInstanceOf(DiffException.class)
        .hasMessageContaining("Service shop/web: rendered twice")
        .hasMessageContaining("other.yaml.j2");
  }

  @Test
  void jsonPlanListsEveryObjectWithActionAndPatch() {
    cluster.put(DEPLOYMENT, load("deployment-live.yaml"));
    cluster.put(OLD_CONFIG, configMap(OLD_CONFIG));
    Map<String, Object> scaled = load("deployment-desired.yaml");
    set(scaled, "spec.replicas", 3);

    JsonNode json =
        planner
            .plan(
                List.of(rendered(scaled), rendered("service-desired.yaml")),
                this::live,
                Inventory.of(List.of(OLD_CONFIG)),
                OWNER,
                List.of())
            .toJson();

    assertThat(json.get("summary"))
        .isEqualTo(
            json(
                "{\"create\":1,\"update\":1,\"unchanged\":0,\"prune\":1,"
                    + "\"adopt\":0,\"conflict\":0,\"orphan\":0,\"recreate\":0,"
                    + "\"expand_claim\":0,\"refused\":0}"));
    JsonNode update = json.get("entries").get(0);
    assertThat(update.get("apiVersion").asText()).isEqualTo("apps/v1");
    assertThat(update.get("kind").asText()).isEqualTo("Deployment");
    assertThat(update.get("namespace").asText()).isEqualTo("shop");
    assertThat(update.get("name").asText()).isEqualTo("web");
    assertThat(update.get("action").asText()).isEqualTo("UPDATE");
    assertThat(update.get("template").asText()).isEqualTo("deployment.yaml.j2");
    assertThat(update.get("patch"))
        .isEqualTo(json("[{\"op\":\"replace\",\"path\":\"/spec/replicas\",\"value\":3}]"));
    assertThat(json.get("entries").get(2).get("action").asText()).isEqualTo("PRUNE");
  }

  @Test
  void jsonPlanMasksSecretValues() {
    cluster.put(new ObjectRef("v1", "Secret", "shop", "web-auth"), load("secret-live.yaml"));
    Map<String, Object> rotated = load("secret-desired.yaml");
    set(rotated, "stringData.username", "root");
    Map<String, Object> created = load("secret-desired.yaml");
    set(created, "metadata.name", "web-auth-new");

    JsonNode json =
        planner
            .plan(
                List.of(rendered(rotated), rendered(created)),
                this::live,
                Inventory.of(List.of()),
                OWNER,
                List.of())
            .toJson();

    String text = json.toString();
    assertThat(text).doesNotContain("cm9vdA==", "czNjcjN0", "YWRtaW4=");
    assertThat(json.at("/entries/0/patch/0/value").asText()).isEqualTo("***");
    assertThat(json.at("/entries/1/patch").findValues("password")).hasSize(1);
  }

  @Test
  void pruneEntryMustNotCarryADesiredObject() {
    assertThatThrownBy(
            () ->
                new PlanEntry(
                    OLD_CONFIG,
                    Action.PRUNE,
                    Map.of(),
                    Map.of(),
                    Patch.of(json("[]")),
                    "x.yaml.j2",
                    null))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private Optional<Map<String, Object>> live(ObjectRef ref) {
    return Optional.ofNullable(cluster.get(ref));
  }

  private static Map<String, Object> configMap(ObjectRef ref) {
    return Map.of(
        "apiVersion", ref.apiVersion(),
        "kind", ref.kind(),
        "metadata",
            Map.of(
                "name",
                ref.name(),
                "namespace",
                ref.namespace(),
                "labels",
                Map.of(
                    ManagedLabels.MANAGED_BY,
                    ManagedLabels.MANAGER,
                    ManagedLabels.INSTANCE,
                    "web")),
        "data", Map.of("index.html", "<h1>old</h1>"));
  }
}
