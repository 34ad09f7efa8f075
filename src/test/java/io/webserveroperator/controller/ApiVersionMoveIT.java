package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.RequestLog;
import io.webserveroperator.testing.StatefulKind;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A child is one object whatever API version of its group a template writes it with: moved from
 * {@code v1} to {@code v2}, it is updated in place, its inventory entry follows it, and once no
 * template renders it it is deleted through the version it was last applied with, never the old
 * one.
 */
class ApiVersionMoveIT {

  private static final String DIAL_V1 =
      """
      apiVersion: things.test.example.com/VERSION
      kind: Dial
      metadata:
        name: {{ metadata.name }}-dial
      spec:
        size: SIZE
      """;

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("versions");

  @Test
  void anObjectMovedToAnotherVersionIsUpdatedInPlaceAndPrunedThroughTheNewOne() throws IOException {
    KubernetesClient admin = cluster.admin();
    new FolderApplier(admin, Duration.ofSeconds(30))
        .apply(Project.file("src/test/resources/io/webserveroperator/controller/versions"));
    WebServers postgreses = StatefulKind.addTo(cluster);
    Path dial = StatefulKind.template(cluster, "dial.yaml.j2");
    Files.writeString(dial, DIAL_V1.replace("VERSION", "v1").replace("SIZE", "1"));
    RequestLog log = new RequestLog();
    cluster.operator().client(log.client(cluster.kubeconfig(), null)).start();
    postgreses.create("orders", Map.of("password", "p", "version", "16"));
    Waits.until("the Dial", () -> dial(admin), Objects::nonNull);
    String uid = dial(admin).getMetadata().getUid();

    Files.writeString(dial, DIAL_V1.replace("VERSION", "v2").replace("SIZE", "2"));

    Waits.untilAsserted(
        () -> {
          GenericKubernetesResource moved = dial(admin);
          assertThat(moved.getMetadata().getUid()).as("updated in place").isEqualTo(uid);
          assertThat(UntypedMaps.get(moved.getAdditionalProperties(), "spec", "size")).isEqualTo(2);
          assertThat(dialEntries(postgreses))
              .as("one entry, through the version last applied")
              .containsExactly("things.test.example.com/v2");
        });

    Files.delete(dial);

    Waits.untilAsserted(
        () -> {
          assertThat(dial(admin)).as("the Dial").isNull();
          assertThat(dialEntries(postgreses)).as("the Dial's inventory entries").isEmpty();
        });
    List<String> deletes =
        log.requests().stream()
            .filter(request -> request.method().equals("DELETE"))
            .map(RequestLog.Request::uri)
            .filter(uri -> uri.contains("/dials/"))
            .toList();
    assertThat(deletes)
        .singleElement()
        .satisfies(uri -> assertThat(uri).contains("/things.test.example.com/v2/"));
  }

  private GenericKubernetesResource dial(KubernetesClient admin) {
    return admin
        .genericKubernetesResources(
            new ResourceDefinitionContext.Builder()
                .withGroup("things.test.example.com")
                .withVersion("v1")
                .withKind("Dial")
                .withPlural("dials")
                .withNamespaced(true)
                .build())
        .inNamespace(cluster.namespace())
        .withName("orders-dial")
        .get();
  }

  private static List<String> dialEntries(WebServers postgreses) {
    return UntypedMaps.getMaps(postgreses.status("orders"), "inventory").stream()
        .filter(entry -> "Dial".equals(entry.get("kind")))
        .map(entry -> String.valueOf(entry.get("apiVersion")))
        .toList();
  }
}
