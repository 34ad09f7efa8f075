package io.webserveroperator.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The claims a StatefulSet makes, read from its object alone. */
class StatefulSetClaimsTest {

  @Test
  void namesOneClaimPerTemplateAndOrdinalAndReadsItsRetentionPolicy() {
    Map<String, Object> statefulSet =
        Map.of(
            "apiVersion",
            "apps/v1",
            "kind",
            "StatefulSet",
            "metadata",
            Map.of("name", "db", "namespace", "shop"),
            "spec",
            Map.of(
                "replicas",
                2,
                "ordinals",
                Map.of("start", 3),
                "selector",
                Map.of("matchLabels", Map.of("app", "db")),
                "persistentVolumeClaimRetentionPolicy",
                Map.of("whenDeleted", "Delete"),
                "volumeClaimTemplates",
                List.of(
                    Map.of(
                        "metadata",
                        Map.of("name", "data"),
                        "spec",
                        Map.of("resources", Map.of("requests", Map.of("storage", "1Gi")))))));

    StatefulSetClaims claims = StatefulSetClaims.of(statefulSet).orElseThrow();

    assertThat(claims.claims())
        .extracting(ObjectRef::name)
        .containsExactly("data-db-3", "data-db-4");
    assertThat(claims.selector()).containsExactly(Map.entry("app", "db"));
    assertThat(claims.deletedWithIt()).isTrue();
    assertThat(claims.templateOf("data-db-17")).isPresent();
    assertThat(claims.templateOf("data-dbx-1")).isEmpty();
    assertThat(claims.templateOf("data-db-")).isEmpty();
  }

  @Test
  void aStatefulSetWithoutClaimTemplatesOrAnotherKindMakesNone() {
    assertThat(
            StatefulSetClaims.of(
                Map.of(
                    "apiVersion",
                    "apps/v1",
                    "kind",
                    "StatefulSet",
                    "metadata",
                    Map.of("name", "x"))))
        .isEmpty();
    assertThat(
            StatefulSetClaims.of(
                Map.of(
                    "apiVersion",
                    "apps/v1",
                    "kind",
                    "Deployment",
                    "metadata",
                    Map.of("name", "x"))))
        .isEmpty();
  }

  @Test
  void withoutAPolicyTheClaimsStayAsKubernetesDefaults() {
    Map<String, Object> statefulSet =
        Map.of(
            "apiVersion",
            "apps/v1",
            "kind",
            "StatefulSet",
            "metadata",
            Map.of("name", "db", "namespace", "shop"),
            "spec",
            Map.of("volumeClaimTemplates", List.of(Map.of("metadata", Map.of("name", "data")))));

    StatefulSetClaims claims = StatefulSetClaims.of(statefulSet).orElseThrow();

    assertThat(claims.deletedWithIt()).isFalse();
    assertThat(claims.policyWritten()).isFalse();
    assertThat(claims.claims()).extracting(ObjectRef::name).containsExactly("data-db-0");
  }
}
