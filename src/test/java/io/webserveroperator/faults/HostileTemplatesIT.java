package io.webserveroperator.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.testing.ControlPlaneExtension;
import io.webserveroperator.testing.HostileTemplates;
import io.webserveroperator.testing.Waits;
import io.webserveroperator.testing.WebServers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every hostile template of {@link HostileTemplates}, put beside the real WebServer templates and
 * selected by {@code spec.content.case}, fails only the WebServer that selects it: Ready=False,
 * reason RenderFailed, a message naming the file and the cause, a Warning event and no child
 * applied. Meanwhile WebServers that select nothing keep reconciling, created before and after the
 * hostile ones, although two workers keep re-rendering endless loops under backoff.
 */
class HostileTemplatesIT {

  /**
   * "At once" for a good resource's spec change while two workers re-render endless loops under
   * backoff: shorter than {@link Waits#TIMEOUT} on purpose.
   */
  static final Duration AT_ONCE = Duration.ofSeconds(20);

  static final String FILE = "webserver/" + HostileTemplates.FILE;

  @RegisterExtension final ControlPlaneExtension cluster = new ControlPlaneExtension("hostile");

  @Test
  void eachHostileTemplateFailsOnlyItsOwnResourceWhileOthersReconcile() throws IOException {
    KubernetesClient admin = cluster.admin();
    String namespace = cluster.namespace();
    WebServers webServers = cluster.webServers();
    Path templates = cluster.templates();
    List<HostileTemplates.Case> cases = new ArrayList<>(HostileTemplates.all());
    cases.add(
        new HostileTemplates.Case(
            "duplicate",
            "is rendered twice, also by webserver/deployment.yaml.j2",
            """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: {{ metadata.name }}-deployment
            """));
    Files.writeString(
        templates.resolve("webserver").resolve(HostileTemplates.FILE), combined(cases));

    cluster.startOperator();
    webServers.create("good-before", Map.of("image", "nginx", "replicas", 1));
    for (HostileTemplates.Case hostile : cases) {
      webServers.create(
          hostile.name(),
          Map.of("image", "nginx", "replicas", 1, "content", Map.of("case", hostile.name())));
    }
    webServers.create(
        "good-after",
        Map.of("image", "nginx", "replicas", 1, "content", Map.of("index.html", "<h1>hi</h1>")));

    for (String good : List.of("good-before", "good-after")) {
      Waits.untilAsserted(
          () ->
              assertThat(webServers.status(good).get("inventory"))
                  .as("children of %s", good)
                  .asList()
                  .hasSizeGreaterThanOrEqualTo(2));
    }
    for (HostileTemplates.Case hostile : cases) {
      Waits.untilAsserted(
          () ->
              assertThat(webServers.condition(hostile.name(), "Ready"))
                  .as(hostile.name())
                  .hasValueSatisfying(
                      ready -> {
                        assertThat(ready)
                            .containsEntry("status", "False")
                            .containsEntry("reason", "RenderFailed");
                        assertThat((String) ready.get("message"))
                            .startsWith("WebServer " + namespace + "/" + hostile.name())
                            .contains(FILE)
                            .contains(hostile.cause());
                      }));
      assertThat(webServers.warnings(hostile.name()))
          .as("events of %s", hostile.name())
          .contains("RenderFailed");
      assertThat(cluster.deployment(hostile.name()))
          .as("nothing is applied for %s", hostile.name())
          .isNull();
    }

    // The workers are still free: a spec change of a good resource goes through at once.
    webServers.patchSpec("good-before", Map.of("replicas", 3));
    Waits.until(
        Waits.await("the replicas of good-before").atMost(AT_ONCE),
        () -> cluster.deployment("good-before").getSpec().getReplicas(),
        seen -> seen == 3);
  }

  private static String combined(List<HostileTemplates.Case> cases) {
    StringBuilder text =
        new StringBuilder("{% if spec.content is defined and spec.content.case is defined %}\n");
    for (HostileTemplates.Case hostile : cases) {
      text.append("{% if spec.content.case == '")
          .append(hostile.name())
          .append("' %}\n")
          .append(hostile.template())
          .append("{% endif %}\n");
    }
    return text.append("{% endif %}\n").toString();
  }
}
