package io.webserveroperator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import org.junit.jupiter.api.Test;

class RecentWritesTest {

  final RecentWrites writes = new RecentWrites();

  @Test
  void aWriteIsReadUntilTheCacheHasSeenIt() {
    writes.wrote("ns/web", version("5"), () -> version("4"));

    assertThat(writes.resolve("ns/web", version("4")).getMetadata().getResourceVersion())
        .isEqualTo("5");

    writes.observed("ns/web", version("5"), false);

    assertThat(writes.resolve("ns/web", version("5")).getMetadata().getResourceVersion())
        .isEqualTo("5");
    assertThat(writes.resolve("ns/web", null)).as("forgotten once seen").isNull();
  }

  @Test
  void aWriteWhoseEventCameFirstIsNotRemembered() {
    // The informer delivered version 5 and then 6 before the writer got its response for 5.
    writes.wrote("ns/web", version("5"), () -> version("6"));

    assertThat(writes.resolve("ns/web", version("6")).getMetadata().getResourceVersion())
        .isEqualTo("6");
  }

  @Test
  void aNewerVersionOrADeletionClearsTheWrite() {
    writes.wrote("ns/a", version("5"), () -> null);
    writes.wrote("ns/b", version("5"), () -> null);

    writes.observed("ns/a", version("9"), false);
    writes.observed("ns/b", version("5"), true);

    assertThat(writes.resolve("ns/a", null)).isNull();
    assertThat(writes.resolve("ns/b", null)).isNull();
  }

  @Test
  void anOlderEventKeepsTheWrite() {
    writes.wrote("ns/web", version("5"), () -> version("3"));

    writes.observed("ns/web", version("4"), false);

    assertThat(writes.resolve("ns/web", version("4")).getMetadata().getResourceVersion())
        .isEqualTo("5");
  }

  private static GenericKubernetesResource version(String resourceVersion) {
    GenericKubernetesResource object = new GenericKubernetesResource();
    object.setMetadata(
        new ObjectMetaBuilder()
            .withName("web")
            .withNamespace("ns")
            .withResourceVersion(resourceVersion)
            .build());
    return object;
  }
}
