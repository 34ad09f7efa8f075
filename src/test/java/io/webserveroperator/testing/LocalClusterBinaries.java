package io.webserveroperator.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.webserveroperator.dev.KubeBinaries;
import java.util.List;

/**
 * Skips a test that starts a {@link io.webserveroperator.dev.LocalCluster} where its binaries are
 * missing: without Go, {@code hack/kube-binaries.sh} cannot build kwok and the controller manager,
 * while the API-server-only tests still run on what kube-api-test downloads.
 */
public final class LocalClusterBinaries {

  private LocalClusterBinaries() {}

  /** Skips the calling test unless every binary of the pinned Kubernetes version is present. */
  public static void assumePresent() {
    KubeBinaries binaries = KubeBinaries.forBuildVersion();
    List<String> missing = binaries.missing();
    assumeTrue(
        missing.isEmpty(),
        () ->
            "Missing "
                + missing
                + " in "
                + binaries.folder()
                + "; run hack/kube-binaries.sh (needs Go) for the local-cluster tests.");
  }
}
