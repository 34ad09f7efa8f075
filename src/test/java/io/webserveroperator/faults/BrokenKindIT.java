package io.webserveroperator.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A second kind in watches.yaml whose template nests 2,000 blocks does not load: its resource gets
 * Ready=False, reason TemplatesInvalid, with the file, line and cause, and a TemplatesInvalid
 * event, while WebServers reconcile as usual; a good edit of the template makes the kind reconcile.
 */
class BrokenKindIT {

  static final ResourceDefinitionContext GADGET =
      new ResourceDefinitionContext.Builder()
          .withGroup("test.example.com")
          .withVersion("v1")
          .withKind("Gadget")
          .withPlural("gadgets")
          .withNamespaced(true)
          .build();

  static final String CONFIG_MAP =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ metadata.name }}-gadget\n";

  static final String TOO_DEEP =
      "{% if true %}".repeat(2_000) + CONFIG_MAP + "{% endif %}".repeat(2_000);

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("broken-kind");

  @Test
  void aKindWhoseTemplatesDoNotLoadFailsOnlyItsOwnResourcesUntilAnEditRepairsIt()
      throws IOException {
    KubernetesClient admin = cluster.admin();
    new FolderApplier(admin, Duration.ofSeconds(30))
        .apply(Project.file("src/test/resources/io/webserveroperator/faults/gadget-crd"));
    String namespace = cluster.namespace();
    WebServers webServers = cluster.webServers();
    WebServers gadgets = new WebServers(admin, namespace, GADGET);
    Path templates = cluster.templates();
    Files.writeString(
        templates.resolve("watches.yaml"),
        "- {group: test.example.com, version: v1, kind: Gadget, templates: gadget}\n",
        StandardOpenOption.APPEND);
    Files.createDirectories(templates.resolve("gadget"));
    Files.writeString(templates.resolve("gadget/gadget.yaml.j2"), TOO_DEEP);

    cluster.startOperator();
    gadgets.create("box", Map.of());
    webServers.create("web", Map.of("image", "nginx", "replicas", 1));

    gadgets.awaitReadyFalse(
        "box",
        "TemplatesInvalid",
        "Gadget " + namespace + "/box: gadget/gadget.yaml.j2:1:",
        "blocks nest more than 100 deep");
    assertThat(gadgets.warnings("box")).contains("TemplatesInvalid");
    Waits.until("the Deployment of web", () -> cluster.deployment("web"), Objects::nonNull);
    assertThat(admin.configMaps().inNamespace(namespace).withName("box-gadget").get()).isNull();

    Path fixed = Files.writeString(cluster.folder().resolve("gadget.yaml.j2"), CONFIG_MAP);
    Files.move(fixed, templates.resolve("gadget/gadget.yaml.j2"), StandardCopyOption.ATOMIC_MOVE);

    Waits.untilAsserted(
        () ->
            assertThat(gadgets.condition("box", "Ready"))
                .hasValueSatisfying(ready -> assertThat(ready).containsEntry("status", "True")));
    assertThat(admin.configMaps().inNamespace(namespace).withName("box-gadget").get()).isNotNull();
    webServers.patchSpec("web", Map.of("replicas", 2));
    Waits.until(
        "the replicas of web",
        () -> cluster.deployment("web").getSpec().getReplicas(),
        seen -> seen == 2);
  }
}
