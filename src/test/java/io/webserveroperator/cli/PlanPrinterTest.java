package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.webserveroperator.diff.Action;
import io.webserveroperator.diff.Plan;
import io.webserveroperator.diff.PlanEntry;
import io.webserveroperator.manifest.ObjectRef;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class PlanPrinterTest {

  static final ObjectMapper JSON = new ObjectMapper();
  static final ObjectRef DEPLOYMENT = new ObjectRef("apps/v1", "Deployment", "shop", "web");
  static final ObjectRef SERVICE = new ObjectRef("v1", "Service", "shop", "web");

  static Map<String, Object> deployment(int replicas) {
    return Map.of(
        "apiVersion",
        "apps/v1",
        "kind",
        "Deployment",
        "metadata",
        Map.of("name", "web", "namespace", "shop"),
        "spec",
        Map.of("replicas", replicas));
  }

  static final Map<String, Object> SERVICE_BODY =
      Map.of("apiVersion", "v1", "kind", "Service", "metadata", Map.of("name", "web"));

  static Plan plan() throws IOException {
    JsonNode replace =
        JSON.readTree("[{\"op\":\"replace\",\"path\":\"/spec/replicas\",\"value\":3}]");
    return new Plan(
        List.of(
            new PlanEntry(
                DEPLOYMENT,
                Action.UPDATE,
                deployment(3),
                deployment(2),
                replace,
                "d.yaml.j2",
                null),
            new PlanEntry(
                SERVICE,
                Action.UNCHANGED,
                SERVICE_BODY,
                SERVICE_BODY,
                JSON.createArrayNode(),
                "s.yaml.j2",
                null)));
  }

  @Test
  void unifiedShowsOnlyChangedObjects() throws IOException {
    String out = PlanPrinter.print(plan(), DiffFormat.UNIFIED, false);

    assertThat(out)
        .startsWith("apps/v1 Deployment shop/web (UPDATE)\n")
        .contains("-  replicas: 2\n+  replicas: 3\n")
        .doesNotContain("Service")
        .doesNotContain("\u001B[");
  }

  @Test
  void unifiedIsColouredForATerminal() throws IOException {
    assertThat(PlanPrinter.print(plan(), DiffFormat.UNIFIED, true))
        .contains("\u001B[31m-  replicas: 2\u001B[0m", "\u001B[32m+  replicas: 3\u001B[0m");
  }

  @Test
  void unifiedIsEmptyWithoutChanges() {
    Plan unchanged =
        new Plan(
            List.of(
                new PlanEntry(
                    SERVICE,
                    Action.UNCHANGED,
                    SERVICE_BODY,
                    SERVICE_BODY,
                    JSON.createArrayNode(),
                    "s.yaml.j2",
                    null)));

    assertThat(PlanPrinter.print(unchanged, DiffFormat.UNIFIED, false)).isEmpty();
    assertThat(PlanPrinter.print(unchanged, DiffFormat.JSON_PATCH, false).trim()).isEqualTo("[ ]");
  }

  @Test
  void jsonPatchListsObjectActionAndPatchOfEachChange() throws IOException {
    JsonNode out = JSON.readTree(PlanPrinter.print(plan(), DiffFormat.JSON_PATCH, false));

    assertThat(out)
        .isEqualTo(
            JSON.readTree(
                """
                [{"object": {"apiVersion": "apps/v1", "kind": "Deployment",
                             "namespace": "shop", "name": "web"},
                  "action": "UPDATE",
                  "patch": [{"op": "replace", "path": "/spec/replicas", "value": 3}]}]
                """));
  }

  @Test
  void jsonIsTheWholePlan() throws IOException {
    JsonNode out = JSON.readTree(PlanPrinter.print(plan(), DiffFormat.JSON, false));

    assertThat(out).isEqualTo(plan().toJson());
  }

  @Test
  void outputFormatsAreReadAsKubectlSpellsThem() {
    DiffFormat.Converter converter = new DiffFormat.Converter();

    assertThat(converter.convert("unified")).isEqualTo(DiffFormat.UNIFIED);
    assertThat(converter.convert("json-patch")).isEqualTo(DiffFormat.JSON_PATCH);
    assertThat(converter.convert("json")).isEqualTo(DiffFormat.JSON);
    assertThatThrownBy(() -> converter.convert("yaml"))
        .isInstanceOf(TypeConversionException.class)
        .hasMessageContaining("unified, json-patch, json");
  }
}
