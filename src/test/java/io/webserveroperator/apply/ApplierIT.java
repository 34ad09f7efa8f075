package io.webserveroperator.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.kube.KindResolver;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.testing.KubeTestBed;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The create-only apply against a real API server: it creates what is not there, as server-side
 * apply does, and never merges into an object that is, whoever made it and whatever its kind.
 */
class ApplierIT {

  private KubernetesClient admin;
  private String namespace;
  private Applier applier;

  @BeforeEach
  void setUp() {
    KubeTestBed bed = KubeTestBed.get();
    admin = bed.client();
    namespace = bed.newNamespace("applier");
    applier = new Applier(admin, new KindResolver(admin), ApplyOptions.defaults());
  }

  @Test
  void createsWhatIsNotThereAsAServerSideApplyOfItsOwn() {
    ObjectRef ref = new ObjectRef("v1", "ConfigMap", namespace, "fresh");

    GenericKubernetesResource created = applier.create(ref, configMap("fresh", "ours"));

    assertThat(created.getMetadata().getResourceVersion()).isNotEqualTo(Applier.CREATE_ONLY);
    assertThat(created.getMetadata().getManagedFields())
        .singleElement()
        .satisfies(
            fields -> {
              assertThat(fields.getManager()).isEqualTo("webserver-operator");
              assertThat(fields.getOperation()).isEqualTo("Apply");
            });
    assertThat(admin.configMaps().inNamespace(namespace).withName("fresh").get().getData())
        .containsEntry("index.html", "ours");
  }

  @Test
  void neverMergesIntoAConfigMapSomeoneMadeAndLeavesItUntouched() {
    ConfigMap theirs =
        admin
            .configMaps()
            .inNamespace(namespace)
            .resource(
                new ConfigMapBuilder()
                    .withNewMetadata()
                    .withName("taken")
                    .endMetadata()
                    .addToData("precious", "theirs")
                    .build())
            .create();
    ObjectRef ref = new ObjectRef("v1", "ConfigMap", namespace, "taken");

    assertThatThrownBy(() -> applier.create(ref, configMap("taken", "ours")))
        .isInstanceOfSatisfying(
            ApplyException.class, e -> assertThat(e.existed()).as("existed").isTrue());

    ConfigMap after = admin.configMaps().inNamespace(namespace).withName("taken").get();
    assertThat(after.getMetadata().getResourceVersion())
        .isEqualTo(theirs.getMetadata().getResourceVersion());
    assertThat(after.getData()).containsExactly(Map.entry("precious", "theirs"));
  }

  @Test
  void neverMergesIntoAServiceSomeoneMade() {
    var theirs =
        admin
            .services()
            .inNamespace(namespace)
            .resource(
                new ServiceBuilder()
                    .withNewMetadata()
                    .withName("taken-service")
                    .endMetadata()
                    .withNewSpec()
                    .addNewPort()
                    .withName("user")
                    .withPort(8080)
                    .endPort()
                    .endSpec()
                    .build())
            .create();
    ObjectRef ref = new ObjectRef("v1", "Service", namespace, "taken-service");
    Map<String, Object> ours =
        Map.of(
            "apiVersion",
            "v1",
            "kind",
            "Service",
            "metadata",
            Map.of("name", "taken-service", "namespace", namespace),
            "spec",
            Map.of("ports", List.of(Map.of("name", "http", "port", 80))));

    assertThatThrownBy(() -> applier.create(ref, ours))
        .isInstanceOfSatisfying(ApplyException.class, e -> assertThat(e.existed()).isTrue());

    var after = admin.services().inNamespace(namespace).withName("taken-service").get();
    assertThat(after.getMetadata().getResourceVersion())
        .isEqualTo(theirs.getMetadata().getResourceVersion());
    assertThat(after.getSpec().getPorts()).singleElement().extracting("name").isEqualTo("user");
  }

  private Map<String, Object> configMap(String name, String text) {
    return Map.of(
        "apiVersion",
        "v1",
        "kind",
        "ConfigMap",
        "metadata",
        Map.of("name", name, "namespace", namespace),
        "data",
        Map.of("index.html", text));
  }
}
