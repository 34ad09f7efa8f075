package io.webserveroperator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The line {@code dev} prints after a save never throws: a failure is the line. */
class PrunePreviewTest {

  static KubernetesClient unreachable() {
    return new KubernetesClientBuilder()
        .withConfig(
            new ConfigBuilder()
                .withMasterUrl("https://127.0.0.1:1")
                .withRequestRetryBackoffLimit(0)
                .build())
        .build();
  }

  @Test
  void anUnreachableClusterIsOneLineSayingWhy(@TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("watches.yaml"),
        "- {group: webapp.example.com, version: v1, kind: WebServer, templates: web}\n");
    Files.createDirectories(dir.resolve("web"));
    Files.writeString(
        dir.resolve("web/map.yaml.j2"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ metadata.name }}\n");
    try (KubernetesClient client = unreachable()) {
      String line = new PrunePreview(client, dir.resolve("watches.yaml")).get();

      assertThat(line)
          .startsWith("cannot tell what the edit would prune: ")
          .contains("127.0.0.1:1")
          .doesNotContain("\n");
    }
  }

  @Test
  void templatesThatDoNotLoadAreOneLineSayingWhy(@TempDir Path dir) {
    try (KubernetesClient client = unreachable()) {
      String line = new PrunePreview(client, dir.resolve("watches.yaml")).get();

      assertThat(line).startsWith("cannot tell what the edit would prune: ").doesNotContain("\n");
    }
  }
}
