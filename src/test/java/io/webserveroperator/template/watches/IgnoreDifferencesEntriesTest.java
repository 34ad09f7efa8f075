package io.webserveroperator.template.watches;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.webserveroperator.OperatorException;
import io.webserveroperator.manifest.IgnoreDifference;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.Fixtures;
import io.webserveroperator.template.ReadinessErrorsTest;
import io.webserveroperator.template.TemplateRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A kind's ignoreDifferences as watches.yaml writes them, and the entries it refuses. */
class IgnoreDifferencesEntriesTest {

  private static final String WHERE = "templates/watches.yaml entry 1";

  @Test
  void readsArgoCdsKeys() {
    List<IgnoreDifference> read =
        IgnoreDifferencesEntries.read(
            List.of(
                Map.of(
                    "group", "apps",
                    "kind", "Deployment",
                    "name", "",
                    "jsonPointers", List.of("/spec/replicas"),
                    "managedFieldsManagers", List.of("kube-controller-manager"))),
            WHERE);

    assertThat(read)
        .singleElement()
        .satisfies(
            rule -> {
              assertThat(rule.matches(new ObjectRef("apps/v1", "Deployment", "shop", "web")))
                  .isTrue();
              assertThat(rule.matches(new ObjectRef("v1", "Service", "shop", "web"))).isFalse();
              assertThat(rule.managedFieldsManagers()).containsExactly("kube-controller-manager");
            });
    assertThat(IgnoreDifferencesEntries.read(null, WHERE)).isEmpty();
  }

  @Test
  void refusesWhatWouldSilentlyYieldNothingOrTheWrongField() {
    assertThatThrownBy(() -> read(Map.of("kind", "Deployment", "jqPathExpressions", List.of("."))))
        .isInstanceOf(OperatorException.class)
        .hasMessageStartingWith(
            WHERE + ", ignoreDifferences entry 1 has an unknown key 'jqPathExpressions'")
        .hasMessageContaining("use jsonPointers");
    assertThatThrownBy(
            () -> read(Map.of("kind", "Deployment", "jsonPointers", List.of("spec/replicas"))))
        .hasMessageContaining("'spec/replicas' is not a JSON pointer");
    assertThatThrownBy(() -> read(Map.of("kind", "Deployment")))
        .hasMessageContaining("needs 'jsonPointers'");
    assertThatThrownBy(() -> read(Map.of("jsonPointers", List.of("/spec/replicas"))))
        .hasMessageContaining("needs 'kind'");
    assertThatThrownBy(
            () ->
                read(
                    Map.of(
                        "kind", "Deployment",
                        "jsonPointers", List.of("/spec/replicas"),
                        "managedFieldsManagers", "kube-controller-manager")))
        .hasMessageContaining("managedFieldsManagers must be a list of strings");
    assertThatThrownBy(() -> IgnoreDifferencesEntries.read(Map.of("kind", "Deployment"), WHERE))
        .hasMessageContaining("ignoreDifferences must be a list");
  }

  @Test
  void aMalformedEntryFailsOnlyItsOwnKind(@TempDir Path dir) throws IOException {
    Map<String, Object> broken =
        Map.of(
            "group", "test.example.com",
            "version", "v1",
            "kind", "Broken",
            "templates", "kind",
            "ignoreDifferences",
                List.of(Map.of("kind", "Deployment", "jsonPointers", List.of("spec"))));
    Map<String, Object> good =
        Map.of("group", "test.example.com", "version", "v1", "kind", "Good", "templates", "kind");
    Files.writeString(
        dir.resolve("watches.yaml"), Fixtures.YAML.writeValueAsString(List.of(broken, good)));
    Files.createDirectories(dir.resolve("kind"));
    Files.writeString(dir.resolve("kind/out.yaml.j2"), ReadinessErrorsTest.OBJECT);

    try (TemplateRegistry registry = TemplateRegistry.load(dir.resolve("watches.yaml"))) {
      assertThat(registry.loadFailure(registry.watches().get(0)))
          .hasValueSatisfying(
              e ->
                  assertThat(e.reason())
                      .contains("watches.yaml entry 1, ignoreDifferences entry 1: 'spec'"));
      assertThat(registry.loadFailure(registry.watches().get(1))).isEmpty();
    }
  }

  private static List<IgnoreDifference> read(Map<String, Object> entry) {
    return IgnoreDifferencesEntries.read(List.of(entry), WHERE);
  }
}
