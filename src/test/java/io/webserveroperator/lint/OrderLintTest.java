package io.webserveroperator.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.Ordering;
import io.webserveroperator.manifest.RenderedObject;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What lint says of the order of one render: names that wait for nothing, claims that block. */
class OrderLintTest {

  private static final String JOB_TEMPLATE =
      """
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: {{ metadata.name }}-createdb
        annotations:
          webserver-operator.io/depends-on: StatefulSet/{{ metadata.name }}
      spec: {}
      """;
  private static final String CLAIM_TEMPLATE =
      """
      apiVersion: v1
      kind: PersistentVolumeClaim
      metadata:
        name: {{ metadata.name }}-data
        annotations:
          webserver-operator.io/wave: "-1"
      spec: {}
      """;

  @Test
  void aDependsOnNamingNoRenderedSiblingIsAWarningAtItsLine() {
    RenderedObject job =
        object(
            "batch/v1",
            "Job",
            "orders-createdb",
            "job.yaml.j2",
            Ordering.DEPENDS_ON,
            "StatefulSet/ordres");
    RenderedObject statefulSet =
        object("apps/v1", "StatefulSet", "orders", "sts.yaml.j2", null, null);

    List<Finding> findings = check(List.of(job, statefulSet));

    assertThat(findings)
        .singleElement()
        .satisfies(
            finding -> {
              assertThat(finding.level()).isEqualTo(Finding.Level.WARNING);
              assertThat(finding.file()).isEqualTo("templates/postgres/job.yaml.j2");
              assertThat(finding.line()).isEqualTo(6);
              assertThat(finding.message())
                  .isEqualTo(
                      "Job shop/orders-createdb depends on StatefulSet/ordres, which no template"
                          + " renders for samples/orders.yaml, so it waits for nothing; check the"
                          + " name");
            });
  }

  @Test
  void aDependsOnARenderedSiblingIsFine() {
    RenderedObject job =
        object(
            "batch/v1",
            "Job",
            "orders-createdb",
            "job.yaml.j2",
            Ordering.DEPENDS_ON,
            "StatefulSet/orders");
    RenderedObject statefulSet =
        object("apps/v1", "StatefulSet", "orders", "sts.yaml.j2", null, null);

    assertThat(check(List.of(job, statefulSet))).isEmpty();
  }

  @Test
  void aClaimInAnEarlierWaveThanThePodThatMountsItIsAWarning() {
    RenderedObject claim =
        object("v1", "PersistentVolumeClaim", "orders-data", "claim.yaml.j2", Ordering.WAVE, "-1");
    RenderedObject statefulSet =
        object("apps/v1", "StatefulSet", "orders", "sts.yaml.j2", null, null);
    statefulSet
        .body()
        .put(
            "spec",
            Map.of(
                "template",
                Map.of(
                    "spec",
                    Map.of(
                        "volumes",
                        List.of(
                            Map.of(
                                "name",
                                "data",
                                "persistentVolumeClaim",
                                Map.of("claimName", "orders-data")))))));

    assertThat(check(List.of(claim, statefulSet)))
        .singleElement()
        .satisfies(
            finding -> {
              assertThat(finding.line()).isEqualTo(6);
              assertThat(finding.message())
                  .startsWith(
                      "PersistentVolumeClaim shop/orders-data (wave -1) is mounted by StatefulSet"
                          + " shop/orders (wave 0): if its StorageClass binds WaitForFirstConsumer");
            });
    assertThat(check(List.of(claim))).as("nobody mounts it").isEmpty();
  }

  private static List<Finding> check(List<RenderedObject> objects) {
    return OrderLint.check(
        objects,
        name -> name.startsWith("job") ? JOB_TEMPLATE : CLAIM_TEMPLATE,
        name -> Path.of("templates/postgres").resolve(name),
        "samples/orders.yaml");
  }

  private static RenderedObject object(
      String apiVersion, String kind, String name, String template, String key, String value) {
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", name);
    metadata.put("namespace", "shop");
    if (key != null) {
      metadata.put("annotations", Map.of(key, value));
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("apiVersion", apiVersion);
    body.put("kind", kind);
    body.put("metadata", metadata);
    return new RenderedObject(new ObjectRef(apiVersion, kind, "shop", name), body, template);
  }
}
