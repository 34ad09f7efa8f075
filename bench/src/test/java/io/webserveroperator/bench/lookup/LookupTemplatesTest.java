package io.webserveroperator.bench.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.RenderedObject;
import io.webserveroperator.template.GivenObjects;
import io.webserveroperator.template.TemplateRegistry;
import io.webserveroperator.testing.Project;
import io.webserveroperator.testing.WebServers;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LookupTemplatesTest {

  @TempDir Path temp;

  @Test
  void everyServiceCarriesWhatTheSharedConfigMapSays() {
    Path templates = LookupTemplates.copy(Project.file("templates"), temp.resolve("templates"));
    Map<String, Object> shared =
        Map.of(
            "apiVersion",
            "v1",
            "kind",
            "ConfigMap",
            "metadata",
            Map.of("name", LookupEditPhase.SHARED, "namespace", LookupEditPhase.NAMESPACE),
            "data",
            Map.of("region", "region-7"));

    try (TemplateRegistry registry = TemplateRegistry.load(templates.resolve("watches.yaml"))) {
      List<RenderedObject> objects =
          registry
              .render(
                  registry.watches().get(0),
                  WebServers.resource(
                      Map.of("name", "web", "namespace", "bench-operator"),
                      Map.of("image", "nginx", "replicas", 1)),
                  new GivenObjects(List.of(shared), List.of()))
              .objects();

      RenderedObject service =
          objects.stream().filter(o -> o.ref().kind().equals("Service")).findFirst().orElseThrow();
      assertThat(service.body().get("metadata").toString())
          .contains(LookupEditPhase.ANNOTATION + "=region-7");
    }
  }
}
