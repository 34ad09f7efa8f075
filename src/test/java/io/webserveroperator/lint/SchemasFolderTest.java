package io.webserveroperator.lint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.webserveroperator.testing.Project;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The committed schemas/ (hack/schemas.sh) cover every built-in kind a template may render, not
 * only those the project's templates render today, and validate them as they do a Deployment.
 */
class SchemasFolderTest {

  private static final OpenApiSchemas SCHEMAS = OpenApiSchemas.folder(Project.file("schemas"));

  @ParameterizedTest
  @CsvSource({
    "v1, ConfigMap",
    "v1, Secret",
    "v1, Service",
    "v1, ServiceAccount",
    "v1, PersistentVolumeClaim",
    "apps/v1, Deployment",
    "apps/v1, StatefulSet",
    "apps/v1, DaemonSet",
    "batch/v1, Job",
    "batch/v1, CronJob",
    "policy/v1, PodDisruptionBudget",
    "networking.k8s.io/v1, Ingress",
    "networking.k8s.io/v1, NetworkPolicy",
    "autoscaling/v2, HorizontalPodAutoscaler",
    "rbac.authorization.k8s.io/v1, Role",
    "rbac.authorization.k8s.io/v1, RoleBinding",
    "rbac.authorization.k8s.io/v1, ClusterRole",
    "discovery.k8s.io/v1, EndpointSlice",
    "coordination.k8s.io/v1, Lease",
    "scheduling.k8s.io/v1, PriorityClass",
    "storage.k8s.io/v1, StorageClass",
    "admissionregistration.k8s.io/v1, ValidatingWebhookConfiguration"
  })
  void coversTheBuiltInKind(String apiVersion, String kind) {
    assertThat(SCHEMAS.has(apiVersion, kind)).as("%s %s", apiVersion, kind).isTrue();
  }

  @Test
  void aMisspeltFieldOfAStatefulSetOrPodDisruptionBudgetIsRefused() throws Exception {
    JsonNode statefulSet = fixture("statefulset-misspelt.yaml");
    JsonNode budget = fixture("poddisruptionbudget.yaml");

    assertThat(SCHEMAS.validate("apps/v1", "StatefulSet", statefulSet).orElseThrow())
        .singleElement()
        .satisfies(error -> assertThat(error.toString()).contains("replica"));
    assertThat(SCHEMAS.validate("policy/v1", "PodDisruptionBudget", budget).orElseThrow())
        .isEmpty();
  }

  @Test
  void everyKindOfAGroupVersionLeavesOutListsAndTheApiMachinerysKinds() {
    List<String> kinds = OpenApiSchemas.folder(Project.file("schemas")).useEveryKindOf("apps/v1");

    assertThat(kinds)
        .containsExactlyInAnyOrder(
            "ControllerRevision", "DaemonSet", "Deployment", "ReplicaSet", "StatefulSet");
  }

  private static JsonNode fixture(String name) throws Exception {
    return new YAMLMapper()
        .readTree(
            Project.file("src/test/resources/io/webserveroperator/lint/schemas/" + name).toFile());
  }
}
