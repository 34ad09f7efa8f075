package io.webserveroperator.bench.edit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.ClusterReads;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.WebServers;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrderedTemplatesTest {

  @TempDir Path temp;

  @Test
  void theCopyGoesInTwoWavesWithOnePreInstallHook() {
    Path templates = OrderedTemplates.copy(Project.file("templates"), temp.resolve("templates"));

    try (TemplateRegistry registry = TemplateRegistry.load(templates.resolve("watches.yaml"))) {
      List<RenderedObject> objects =
          registry
              .render(
                  registry.watches().get(0),
                  WebServers.resource(
                      Map.of("name", "web", "namespace", "bench-operator"),
                      Map.of("image", "nginx", "replicas", 1)),
                  ClusterReads.NONE)
              .objects();

      assertThat(objects)
          .extracting(
              object -> object.ref().kind(),
              object -> Ordering.of(object.body()).wave(),
              object -> Ordering.of(object.body()).hooks())
          .containsExactlyInAnyOrder(
              tuple("Deployment", 0, Set.of()),
              tuple("ConfigMap", 0, Set.of(Ordering.Hook.PRE_INSTALL)),
              tuple("Service", -1, Set.of()));
      RenderedObject deployment =
          objects.stream()
              .filter(o -> o.ref().kind().equals("Deployment"))
              .findFirst()
              .orElseThrow();
      assertThat(Ordering.of(deployment.body()).dependsOn())
          .extracting(Ordering.Sibling::toString)
          .containsExactly("Service/web-service");
    }
  }
}
