package io.webserveroperator.diff;

import static io.webserveroperator.diff.Fixtures.load;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Server noise is dropped and Secret values never show, as with {@code kubectl diff}. */
class DiffSanitizerTest {

  @Test
  void dropsStatusAndServerWrittenMetadata() {
    Map<String, Object> live = load("deployment-live.yaml");

    Map<String, Object> stripped = DiffSanitizer.strip(live);

    assertThat(stripped).doesNotContainKey("status").containsKeys("apiVersion", "kind", "spec");
    assertThat(Fixtures.map(stripped, "metadata"))
        .containsOnlyKeys("annotations", "labels", "name", "namespace", "ownerReferences");
    assertThat(live).containsKey("status");
    assertThat(Fixtures.map(live, "metadata")).containsKey("managedFields");
  }

  @Test
  void masksSecretValuesMarkingThoseThatChange() {
    DiffSanitizer.Sides sides =
        DiffSanitizer.sanitize(load("secret-live.yaml"), load("secret-dry-run.yaml"));

    assertThat(sides.before().get("data"))
        .isEqualTo(Map.of("password", "*** (before)", "username", "***"));
    assertThat(sides.after().get("data"))
        .isEqualTo(Map.of("password", "*** (after)", "token", "***", "username", "***"));
    assertThat(Fixtures.map(sides.after(), "metadata"))
        .doesNotContainKeys("managedFields", "resourceVersion", "uid", "creationTimestamp");
  }

  @Test
  void masksASecretBeingCreated() {
    DiffSanitizer.Sides sides = DiffSanitizer.sanitize(null, load("secret-desired.yaml"));

    assertThat(sides.before()).isNull();
    assertThat(sides.after().get("data")).isEqualTo(Map.of("password", "***"));
    assertThat(sides.after().get("stringData")).isEqualTo(Map.of("username", "***"));
  }

  @Test
  void leavesOtherKindsData() {
    Map<String, Object> configMap =
        Map.of(
            "apiVersion",
            "v1",
            "kind",
            "ConfigMap",
            "metadata",
            Map.of("name", "web"),
            "data",
            Map.of("index.html", "<h1>hello</h1>"));

    assertThat(DiffSanitizer.sanitize(configMap, configMap).after()).isEqualTo(configMap);
  }
}
