package io.webserveroperator.testing;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.webserveroperator.dev.FolderApplier;
import java.time.Duration;

/** Installs the project's CRDs from {@code crds/} into any cluster, for tests of their own. */
public final class Crds {

  private Crds() {}

  /** Applies every CRD and waits until each is Established, as {@code dev} does. */
  public static void install(KubernetesClient client) {
    new FolderApplier(client, Duration.ofSeconds(30)).apply(Project.file("crds"));
  }
}
