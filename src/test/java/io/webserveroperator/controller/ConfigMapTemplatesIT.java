package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.testing.ConfigMapVolume;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.TemplatesConfigMap;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The operator with its templates in a folder written as the kubelet writes deploy/'s ConfigMap
 * volume: installing it keeps what existing WebServers own, a ConfigMap update reaches every
 * WebServer, and templates that render nothing never prune.
 */
class ConfigMapTemplatesIT {

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("configmap");
  KubernetesClient admin;
  String namespace;
  WebServers webServers;

  @BeforeEach
  void setUp() {
    admin = cluster.admin();
    namespace = cluster.namespace();
    webServers = cluster.webServers();
  }

  @Test
  void keepsExistingChildrenFollowsASwapAndNeverPrunesOnAnEmptyRender() {
    Operator before = cluster.startOperator();
    webServers.create("existing", Map.of("image", "nginx", "replicas", 1));
    Waits.until(
        "the WebServers with a Deployment", () -> children(), seen -> seen.contains("existing"));
    before.close();

    Map<String, String> data = TemplatesConfigMap.data();
    ConfigMapVolume volume = ConfigMapVolume.write(cluster.folder().resolve("volume"), data);
    cluster.operator().templates(volume.root()).start();
    webServers.create("new", Map.of("image", "nginx", "replicas", 1));
    Waits.until("the WebServers with a Deployment", () -> children(), seen -> seen.contains("new"));
    assertThat(children()).containsExactly("existing", "new");

    Map<String, String> withExtra = new TreeMap<>(data);
    withExtra.put(
        "webserver__zz-extra.yaml.j2",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ metadata.name }}-extra\n");
    volume.update(withExtra);
    Waits.untilAsserted(
        () ->
            assertThat(admin.configMaps().inNamespace(namespace).list().getItems())
                .extracting(c -> c.getMetadata().getName())
                .contains("existing-extra", "new-extra"));

    Map<String, String> renderingNothing = new TreeMap<>();
    withExtra.forEach(
        (key, text) ->
            renderingNothing.put(
                key,
                key.endsWith(".yaml.j2") ? "{% if false %}\n" + text + "{% endif %}\n" : text));
    volume.update(renderingNothing);
    for (String name : List.of("existing", "new")) {
      webServers.awaitReadyFalse(name, "RenderFailed", "rendered no objects");
    }
    assertThat(children()).containsExactly("existing", "new");
    assertThat(admin.configMaps().inNamespace(namespace).withName("new-extra").get()).isNotNull();
    assertThat(admin.v1().events().inNamespace(namespace).list().getItems())
        .extracting(Event::getReason)
        .doesNotContain("Pruned");
  }

  /** The WebServers whose Deployment and Service both exist. */
  private List<String> children() {
    return List.of("existing", "new").stream()
        .filter(
            name ->
                admin
                            .apps()
                            .deployments()
                            .inNamespace(namespace)
                            .withName(name + "-deployment")
                            .get()
                        != null
                    && admin.services().inNamespace(namespace).withName(name + "-service").get()
                        != null)
        .toList();
  }
}
