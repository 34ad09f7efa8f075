package io.webserveroperator.crd;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.UntypedMaps;
import io.webserveroperator.testing.Project;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Whether a CRD can hold the status the operator writes, read from the CRD alone. */
class StatusSchemaCheckTest {

  private static final Path FIXTURES =
      Project.file("src/test/resources/io/webserveroperator/crd/status");

  @Test
  void theProjectsCrdsHoldEveryEngineFieldAndTheStatusTemplatesOwn() {
    CrdFolder project = CrdFolder.read(Project.file("crds"));
    Map<String, Object> webServers =
        project.find("webapp.example.com", "WebServer").orElseThrow().body();

    assertThat(StatusSchemaCheck.check(webServers, "v1", Set.of("availableReplicas", "selector")))
        .isEmpty();
    assertThat(StatusSchemaCheck.check(webServers, "v1", Set.of("endpoint")))
        .get()
        .extracting(StatusSchemaCheck.Problem::undeclared)
        .isEqualTo(List.of("status.endpoint"));
  }

  @Test
  void aCrdWithoutTheStatusSubresourceCannotHoldAnyStatus() {
    Map<String, Object> crd = crd("without-subresource.yaml");

    assertThat(StatusSchemaCheck.check(crd, "v1", Set.of("anything")))
        .get()
        .extracting(StatusSchemaCheck.Problem::describe)
        .isEqualTo(
            "CRD caches.status.test.example.com, version v1, cannot hold the status the operator"
                + " writes: add subresources: {status: {}} to version v1");
  }

  @Test
  void aStatusSchemaWithoutTheInventoryNamesItAndTheStatusTemplatesFields() {
    Map<String, Object> crd = crd("without-inventory.yaml");

    assertThat(StatusSchemaCheck.check(crd, "v1", Set.of("depth", "conditions")))
        .get()
        .extracting(StatusSchemaCheck.Problem::describe)
        .isEqualTo(
            "CRD queues.status.test.example.com, version v1, cannot hold the status the operator"
                + " writes: declare status.inventory, status.depth in its openAPIV3Schema (or set"
                + " x-kubernetes-preserve-unknown-fields: true on status), as create api writes"
                + " them");
  }

  @Test
  void anInventoryWhoseEntriesDeclareNoFieldsDropsThemAll() {
    Map<String, Object> crd = crd("without-inventory.yaml");
    Map<String, Object> status =
        UntypedMaps.getMap(
            UntypedMaps.getMaps(crd, "spec", "versions").get(0),
            "schema",
            "openAPIV3Schema",
            "properties",
            "status",
            "properties");
    status.put("inventory", Map.of("type", "array", "items", Map.of("type", "object")));

    assertThat(StatusSchemaCheck.check(crd, "v1", Set.of()))
        .get()
        .extracting(StatusSchemaCheck.Problem::undeclared)
        .isEqualTo(
            List.of(
                "status.inventory[].apiVersion",
                "status.inventory[].kind",
                "status.inventory[].namespace",
                "status.inventory[].name",
                "status.inventory[].kept"));
  }

  private static Map<String, Object> crd(String file) {
    return CrdFolder.read(FIXTURES).all().stream()
        .filter(crd -> crd.file().getFileName().toString().equals(file))
        .findFirst()
        .orElseThrow()
        .body();
  }
}
