package io.webserveroperator.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.dev.KubeBinaries;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code kubectl kustomize} of a project folder: what {@code kubectl apply -k} would send. */
public final class Kustomize {

  private Kustomize() {}

  /** The objects {@code kubectl kustomize FOLDER} builds, with the pinned version's kubectl. */
  public static List<HasMetadata> build(KubernetesClient client, String folder) {
    try {
      Process process =
          new ProcessBuilder(
                  KubeBinaries.forBuildVersion().kubectl().toString(),
                  "kustomize",
                  Project.file(folder).toString())
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      byte[] yaml = process.getInputStream().readAllBytes();
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).as("kubectl kustomize %s exit code", folder).isZero();
      return client.load(new ByteArrayInputStream(yaml)).items();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
