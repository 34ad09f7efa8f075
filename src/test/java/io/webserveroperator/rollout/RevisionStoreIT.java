package io.webserveroperator.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.manifest.OperatorName;
import io.webserveroperator.status.EventSink;
import io.webserveroperator.status.Reason;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.template.TemplateRevision;
import io.webserveroperator.template.watches.TemplatedKind;
import io.webserveroperator.testing.KubeTestBed;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Template revisions kept in a real API server: stored once, read back by the next operator,
 * numbered anew when the templates are edited back, and stored again when deleted by hand. The kind
 * has no rollout policy and no resources here; RolloutIT moves resources.
 */
class RevisionStoreIT {

  /** No resource pauses here, so no event is sent. */
  private static final EventSink NO_EVENTS =
      new EventSink() {
        @Override
        public void normal(GenericKubernetesResource resource, Reason reason, String message) {}

        @Override
        public void warning(GenericKubernetesResource resource, Reason reason, String message) {}
      };

  @TempDir Path templates;
  private KubernetesClient admin;
  private String namespace;
  private RevisionStore store;
  private TemplateRegistry registry;
  private TemplatedKind watch;
  private Rollouts rollouts;

  @BeforeEach
  void setUp() throws IOException {
    admin = KubeTestBed.get().client();
    namespace = KubeTestBed.get().newNamespace("revisions");
    store = new RevisionStore(admin, namespace, OperatorName.defaults());
    TemplateFolder.copyInto(templates);
    registry = TemplateRegistry.load(templates.resolve("watches.yaml"));
    watch = registry.watches().get(0);
  }

  @AfterEach
  void tearDown() {
    if (rollouts != null) {
      rollouts.close();
    }
    registry.close();
  }

  @Test
  void theFirstRevisionIsStoredOnceAndReadBackByTheNextOperator() {
    String hash = registry.current(watch).orElseThrow().hash();

    rollouts = lead(registry);

    assertThat(configMaps()).singleElement().satisfies(map -> assertRevision(map, hash, 1));
    assertThat(rollouts.state(watch).orElseThrow().phase()).isEqualTo(RolloutState.Phase.COMPLETE);
    rollouts.close();
    String version = configMaps().get(0).getMetadata().getResourceVersion();

    rollouts = lead(registry);

    assertThat(configMaps())
        .as("a restarted operator writes nothing for the revision it finds")
        .singleElement()
        .satisfies(map -> assertThat(map.getMetadata().getResourceVersion()).isEqualTo(version));
    assertThat(store.list(watch))
        .singleElement()
        .satisfies(
            stored ->
                assertThat(stored.revision().sources())
                    .containsKey("webserver/deployment.yaml.j2"));
  }

  @Test
  void anEditIsTheNextRevisionAndAnEditBackRenumbersTheFirst() throws IOException {
    registry.watchForChanges(w -> rollouts.templatesChanged(w), (w, e) -> {});
    String first = registry.current(watch).orElseThrow().hash();
    rollouts = lead(registry);
    Path service = templates.resolve("webserver/service.yaml.j2");
    String original = Files.readString(service);

    Files.writeString(service, original.replace("name: http", "name: web"));
    Waits.until("how many revision ConfigMaps", () -> configMaps().size(), seen -> seen == 2);
    String second = registry.current(watch).orElseThrow().hash();
    Waits.until(
        "the rollout's number",
        () -> rollouts.state(watch).orElseThrow().number(),
        seen -> seen == 2);
    assertThat(rollouts.state(watch).orElseThrow().target()).isEqualTo(second);

    Files.writeString(service, original);
    Waits.until(
        "the rollout's number",
        () -> rollouts.state(watch).orElseThrow().number(),
        seen -> seen == 3);

    assertThat(rollouts.state(watch).orElseThrow().target()).isEqualTo(first);
    assertThat(configMaps()).as("no copy of the first revision").hasSize(2);
    assertThat(admin.configMaps().inNamespace(namespace).withName(store.name(watch, first)).get())
        .satisfies(map -> assertRevision(map, first, 3));
  }

  @Test
  void aRevisionDeletedByHandIsStoredAgainWhenItsRolloutMoves() throws IOException {
    registry.watchForChanges(w -> rollouts.templatesChanged(w), (w, e) -> {});
    String first = registry.current(watch).orElseThrow().hash();
    rollouts = lead(registry);
    admin.configMaps().inNamespace(namespace).withName(store.name(watch, first)).delete();
    Waits.until("the revision ConfigMaps", () -> configMaps(), seen -> seen.isEmpty());
    Path service = templates.resolve("webserver/service.yaml.j2");
    String original = Files.readString(service);

    // Away and back: the second move saves its state on the deleted revision.
    Files.writeString(service, original.replace("name: http", "name: web"));
    Waits.until(
        "the rollout's number",
        () -> rollouts.state(watch).orElseThrow().number(),
        seen -> seen == 2);
    Files.writeString(service, original);
    Waits.until(
        "the rollout's number",
        () -> rollouts.state(watch).orElseThrow().number(),
        seen -> seen == 3);

    assertThat(admin.configMaps().inNamespace(namespace).withName(store.name(watch, first)).get())
        .satisfies(map -> assertRevision(map, first, 3));
  }

  private Rollouts lead(TemplateRegistry templates) {
    Rollouts led =
        new Rollouts(templates, store, NO_EVENTS, Clock.systemUTC(), resource -> false, w -> {});
    led.register(watch, List::of);
    led.lead();
    return led;
  }

  private List<ConfigMap> configMaps() {
    return admin
        .configMaps()
        .inNamespace(namespace)
        .withLabel(RevisionStore.KIND_LABEL, "WebServer")
        .list()
        .getItems();
  }

  private static void assertRevision(ConfigMap map, String hash, int number) {
    assertThat(map.getMetadata().getName()).isEqualTo("webserver.webapp.example.com-" + hash);
    assertThat(map.getMetadata().getAnnotations())
        .containsEntry(RevisionStore.NUMBER_ANNOTATION, Integer.toString(number));
    assertThat(map.getData()).containsKey(RevisionStore.FILES_KEY);
    assertThat(TemplateRevision.of(sources(map)).hash()).isEqualTo(hash);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> sources(ConfigMap map) {
    return new KubernetesSerialization()
        .unmarshal(map.getData().get(RevisionStore.FILES_KEY), Map.class);
  }
}
