package io.webserveroperator.dev;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The pinned versions reach the jar, and the binaries folder follows kube-api-test's layout. */
class ToolVersionsTest {

  @Test
  void mavenFillsInThePomVersions() {
    ToolVersions versions = ToolVersions.fromClasspath();
    assertThat(versions.kubernetes()).matches("\\d+\\.\\d+\\.\\d+");
    assertThat(versions.etcd()).matches("\\d+\\.\\d+\\.\\d+");
    assertThat(versions.kwok()).matches("\\d+\\.\\d+\\.\\d+");
  }

  @Test
  void unfilledPlaceholderIsRejectedWithAHint() {
    assertThatThrownBy(() -> new ToolVersions("${kubernetes.version}", "3.6.16", "0.8.0"))
        .isInstanceOf(DevClusterException.class)
        .hasMessageContaining("./mvnw");
  }

  @Test
  void binariesFolderIsNamedByVersionOsAndArch() {
    Path folder = KubeBinaries.forVersion("1.34.4").folder();
    assertThat(folder.getFileName().toString()).matches("1\\.34\\.4-(linux|darwin|windows)-\\w+");
    assertThat(folder.getParent().getFileName().toString()).isEqualTo("k8s");
  }

  @Test
  void missingBinariesAreNamedWithTheWayToGetThem() {
    KubeBinaries empty = new KubeBinaries(Path.of("/nonexistent/k8s/1.34.4-linux-amd64"));
    assertThat(empty.missing()).containsExactlyElementsOf(KubeBinaries.NAMES);
    assertThatThrownBy(empty::requireAll)
        .isInstanceOf(DevClusterException.class)
        .hasMessageContaining("kwok")
        .hasMessageContaining("hack/kube-binaries.sh");
  }
}
