package io.webserveroperator.testing;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.dev.FolderApplier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * A stateful kind beside WebServer, as a platform engineer would write one for a database: {@code
 * Postgres} in {@code db.test.example.com}, whose templates render a credentials Secret made once
 * and kept ({@code ssa: IfNotPresent}, {@code resource-policy: keep}) and a ConfigMap. Its CRD and
 * templates are fixtures under {@code src/test/resources/io/webserveroperator/stateful}; tests of
 * later features add their own files to the copy.
 */
public final class StatefulKind {

  /** The kind as the API server serves it. */
  public static final ResourceDefinitionContext KIND =
      new ResourceDefinitionContext.Builder()
          .withGroup("db.test.example.com")
          .withVersion("v1")
          .withKind("Postgres")
          .withPlural("postgreses")
          .withNamespaced(true)
          .build();

  private static final String FIXTURES = "src/test/resources/io/webserveroperator/stateful";

  private StatefulKind() {}

  /**
   * Installs the kind's CRD in the test bed (waiting until it is served), adds its templates and
   * its {@code watches.yaml} entry to the test's copy of the templates, and returns its resources
   * in the test's namespace. Call it before the operator starts.
   */
  public static WebServers addTo(ControlPlaneExtension cluster) {
    install(cluster.admin(), cluster.templates());
    return new WebServers(cluster.admin(), cluster.namespace(), KIND);
  }

  /**
   * Installs the kind's CRD in any cluster (waiting until it is served), and adds its templates and
   * its {@code watches.yaml} entry to {@code templates}, whose watches.yaml is made if there is
   * none.
   */
  public static void install(KubernetesClient client, Path templates) {
    new FolderApplier(client, Duration.ofSeconds(30)).apply(Project.file(FIXTURES + "/crd"));
    TemplateFolder.copy(Project.file(FIXTURES + "/templates"), templates);
    try {
      Files.writeString(
          templates.resolve("watches.yaml"),
          Files.readString(Project.file(FIXTURES + "/watches-entry.yaml")),
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A template file of the kind in the test's copy, to edit. */
  public static Path template(ControlPlaneExtension cluster, String name) {
    return cluster.templates().resolve("postgres").resolve(name);
  }
}
