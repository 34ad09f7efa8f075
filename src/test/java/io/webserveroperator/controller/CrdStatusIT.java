package io.webserveroperator.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.dev.FolderApplier;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.Quiet;
import io.webserveroperator.testing.StatefulKind;
import io.webserveroperator.testing.TemplateFolder;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A kind whose CRD cannot hold the status the operator writes does not start, loudly, and the other
 * kinds go on: one operator watches a Cache whose CRD has no status subresource, a Queue whose
 * status schema declares neither the inventory nor the field its status template renders, and the
 * Postgres test kind, whose CRD holds everything.
 */
class CrdStatusIT {

  private static final Path FIXTURES =
      Project.file("src/test/resources/io/webserveroperator/controller/crdcheck");

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("crd-status");

  @Test
  void aKindWhoseCrdCannotHoldTheStatusDoesNotStartWhileAnotherKindRuns()
      throws IOException, InterruptedException {
    new FolderApplier(cluster.admin(), Waits.TIMEOUT)
        .apply(Project.file("src/test/resources/io/webserveroperator/crd/status"));
    WebServers postgreses = StatefulKind.addTo(cluster);
    TemplateFolder.copy(FIXTURES.resolve("templates"), cluster.templates());
    Files.writeString(
        cluster.templates().resolve("watches.yaml"),
        Files.readString(FIXTURES.resolve("watches-entries.yaml")),
        StandardOpenOption.APPEND);
    WebServers caches =
        new WebServers(cluster.admin(), cluster.namespace(), kind("Cache", "caches"));
    WebServers queues =
        new WebServers(cluster.admin(), cluster.namespace(), kind("Queue", "queues"));

    Operator operator = cluster.startOperator();
    caches.create("sessions", Map.of());
    queues.create("orders", Map.of());
    postgreses.create("shop", Map.of("password", "p", "version", "17"));

    Waits.until(
        "shop's Ready condition",
        () -> postgreses.condition("shop", "Ready"),
        seen -> seen.map(ready -> "True".equals(ready.get("status"))).orElse(false));
    HttpResponse<String> ready = readyz(operator);
    assertThat(ready.statusCode()).isEqualTo(503);
    assertThat(ready.body())
        .isEqualTo(
            "CRD caches.status.test.example.com, version v1, cannot hold the status the operator"
                + " writes: add subresources: {status: {}} to version v1\n"
                + "CRD queues.status.test.example.com, version v1, cannot hold the status the"
                + " operator writes: declare status.inventory, status.depth in its openAPIV3Schema"
                + " (or set x-kubernetes-preserve-unknown-fields: true on status), as create api"
                + " writes them\n");
    // Nothing of theirs is ever applied, and nothing at all is written for them.
    Quiet.holds(
        Duration.ofSeconds(2),
        () ->
            assertThat(
                    cluster.admin().configMaps().inNamespace(cluster.namespace()).list().getItems())
                .extracting(configMap -> configMap.getMetadata().getName())
                .doesNotContain("sessions-cache", "orders-queue"));
    assertThat(caches.status("sessions")).isEmpty();
    assertThat(queues.status("orders")).isEmpty();
  }

  private static ResourceDefinitionContext kind(String kind, String plural) {
    return new ResourceDefinitionContext.Builder()
        .withGroup("status.test.example.com")
        .withVersion("v1")
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(true)
        .build();
  }

  private static HttpResponse<String> readyz(Operator operator)
      throws IOException, InterruptedException {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + operator.healthPort() + "/readyz"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }
}
