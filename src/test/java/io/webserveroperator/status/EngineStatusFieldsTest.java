package io.webserveroperator.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.crd.CrdFolder;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.rollout.Rollouts;
import io.webserveroperator.template.ReadinessReport;
import io.webserveroperator.testing.Project;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The one list of the status fields the engine writes keeps up with what it writes. */
class EngineStatusFieldsTest {

  @Test
  void listsEveryFieldTheStatusBuilderWrites() {
    Map<String, Object> status =
        StatusBuilder.handled(
            StatusBuilder.build(
                Map.of(),
                3,
                Map.of("availableReplicas", 1),
                Inventory.of(List.of(new ObjectRef("v1", "ConfigMap", "default", "a"))),
                Outcome.applied(),
                ReadinessReport.none(),
                List.of(),
                Instant.EPOCH),
            "token");
    Set<String> written = new HashSet<>(status.keySet());
    written.remove("availableReplicas");

    assertThat(EngineStatusFields.names()).containsAll(written);
  }

  @Test
  void listsTheTemplateRevisionTheRolloutWrites() {
    assertThat(EngineStatusFields.names()).contains(Rollouts.STATUS_FIELD);
  }

  @Test
  void theWebServersHandWrittenCrdDeclaresEveryOneOfThemAsListed() {
    Map<String, Object> crd =
        CrdFolder.read(Project.file("crds"))
            .find("webapp.example.com", "WebServer")
            .orElseThrow()
            .body();
    Map<String, Object> status =
        UntypedMaps.getMap(
            UntypedMaps.getMaps(crd, "spec", "versions").get(0),
            "schema",
            "openAPIV3Schema",
            "properties",
            "status",
            "properties");

    for (EngineStatusFields.Field field : EngineStatusFields.all()) {
      Map<String, Object> declared = UntypedMaps.getMap(status, field.name());
      assertThat(declared).as(field.name()).isNotNull();
      assertThat(withoutDescriptions(declared))
          .as(field.name())
          .isEqualTo(withoutDescriptions(field.schema()));
    }
  }

  @SuppressWarnings("unchecked")
  private static Object withoutDescriptions(Object schema) {
    if (schema instanceof Map<?, ?> map) {
      Map<String, Object> copy = new java.util.LinkedHashMap<>();
      map.forEach(
          (k, v) -> {
            if (!"description".equals(k)) {
              copy.put(k.toString(), withoutDescriptions(v));
            }
          });
      return copy;
    }
    if (schema instanceof List<?> list) {
      return list.stream().map(EngineStatusFieldsTest::withoutDescriptions).toList();
    }
    return schema;
  }
}
