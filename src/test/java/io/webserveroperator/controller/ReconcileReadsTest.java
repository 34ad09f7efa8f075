package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.diff.Planner;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.rollout.RevisionChooser;
import io.webserveroperator.template.Lookup;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reconcile whose templates read the cluster: a lookup whose cache has not listed is waited for
 * and rendered again, a change of what a lookup found or of a child the templates read is no
 * settled input, and the resource is told of exactly the lookups its last render made.
 */
class ReconcileReadsTest {

  private static final Lookup DEFAULTS = Lookup.named("v1", "ConfigMap", "platform", "defaults");
  private static final ObjectRef SETTINGS =
      new ObjectRef("v1", "ConfigMap", "shop", "web-settings");
  private static final ObjectRef ENDPOINTS =
      new ObjectRef("v1", "ConfigMap", "shop", "web-endpoints");

  @TempDir Path dir;
  private final FakeChildren cluster = new FakeChildren();
  private final FakeResources resources = new FakeResources();
  private final FakeLookups lookups = new FakeLookups();
  private TemplateRegistry templates;
  private Reconciler reconciler;

  @BeforeEach
  void templates() throws IOException {
    Files.createDirectories(dir.resolve("web"));
    Files.writeString(
        dir.resolve("watches.yaml"),
        """
        - group: webapp.example.com
          version: v1
          kind: WebServer
          templates: web
          lookups:
          - {apiVersion: v1, kind: ConfigMap, namespaces: [platform]}
        """);
    Files.writeString(
        dir.resolve("web/settings.yaml.j2"),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ metadata.name }}-settings
        data:
          region: {{ lookup('v1', 'ConfigMap', 'platform', 'defaults').data.region }}
        """);
    Files.writeString(
        dir.resolve("web/endpoints.yaml.j2"),
        """
        {% set settings = children.ConfigMap[metadata.name ~ '-settings'] %}
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ metadata.name }}-endpoints
        data:
          copied: {{ settings.data.region if settings is defined else 'pending' }}
        """);
    templates = TemplateRegistry.load(dir.resolve("watches.yaml"));
    reconciler =
        new Reconciler(
            templates.watches().get(0),
            WebServers.KIND,
            resources,
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
                RevisionChooser.current()));
  }

  @AfterEach
  void close() {
    templates.close();
  }

  @Test
  void aLookupWhoseCacheHasNotListedIsWaitedForAndTheRenderMadeAgain() {
    lookups.put(platformDefaults("eu-west-1", "1"));
    lookups.listOnAwait(DEFAULTS);
    ObjectRef web = resources.put(webServer());

    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.next()).isEqualTo(ReconcileResult.Next.DONE);
    assertThat(lookups.awaited()).isEqualTo(1);
    assertThat(data(SETTINGS)).containsEntry("region", "eu-west-1");
    assertThat(lookups.readBy(web)).containsExactly(DEFAULTS);
  }

  @Test
  void aLookupWhoseCacheDoesNotListInTimeAppliesNothingAndIsRetriedSayingWhy() {
    lookups.neverLists(DEFAULTS);
    ObjectRef web = resources.put(webServer());

    ReconcileResult result = reconciler.reconcile(web);

    assertThat(result.next()).isEqualTo(ReconcileResult.Next.RETRY);
    assertThat(cluster.writes()).isEmpty();
    assertThat(resources.events())
        .singleElement()
        .asString()
        .startsWith(
            "Warning LookupPending: waiting for the caches of lookup('v1', 'ConfigMap',"
                + " 'platform', 'defaults') to list");
    assertThat(lookups.readBy(web)).as("told when it lists").containsExactly(DEFAULTS);
  }

  @Test
  void whatALookupFoundAndTheChildrenReadAreInputsOfTheSettledState() {
    lookups.put(platformDefaults("eu-west-1", "1"));
    ObjectRef web = resources.put(webServer());
    reconciler.reconcile(web);
    assertThat(data(ENDPOINTS))
        .as("its sibling is created by the same reconcile")
        .containsEntry("copied", "pending");

    reconciler.reconcile(web);
    assertThat(data(ENDPOINTS))
        .as("the children read changed: rendered again")
        .containsEntry("copied", "eu-west-1");
    reconciler.reconcile(web);
    List<String> settled = cluster.writes();
    reconciler.reconcile(web);
    assertThat(cluster.writes()).as("settled: nothing read has changed").isEqualTo(settled);

    lookups.put(platformDefaults("us-east-2", "2"));
    reconciler.reconcile(web);

    assertThat(data(SETTINGS)).containsEntry("region", "us-east-2");
    assertThat(cluster.writes()).hasSize(settled.size() + 1);
  }

  private Map<String, Object> data(ObjectRef ref) {
    @SuppressWarnings("unchecked")
    Map<String, Object> data =
        (Map<String, Object>) cluster.get(ref).orElseThrow().getAdditionalProperties().get("data");
    return data;
  }

  private static GenericKubernetesResource platformDefaults(String region, String version) {
    GenericKubernetesResource defaults = new GenericKubernetesResource();
    defaults.setApiVersion("v1");
    defaults.setKind("ConfigMap");
    defaults.setMetadata(
        new ObjectMetaBuilder()
            .withName("defaults")
            .withNamespace("platform")
            .withResourceVersion(version)
            .build());
    defaults.setAdditionalProperty("data", Map.of("region", region));
    return defaults;
  }

  private static Map<String, Object> webServer() {
    return WebServers.resource(
        Map.of("name", "web", "namespace", "shop", "uid", "uid-1", "generation", 1),
        Map.of("image", "nginx", "replicas", 1));
  }
}
