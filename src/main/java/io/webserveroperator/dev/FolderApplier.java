package io.webserveroperator.dev;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.webserveroperator.manifest.YamlFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Server-side applies every {@code *.yaml} and {@code *.yml} file of a folder, in name order, the
 * way {@code kubectl apply --server-side -f DIR} would, and waits for applied CRDs to be served.
 * Namespaced objects without a namespace go to the client's namespace.
 */
public final class FolderApplier {

  /** The field manager of everything the dev command applies, apart from the operator's own. */
  public static final String FIELD_MANAGER = "webserver-operator-dev";

  private final KubernetesClient client;
  private final Duration crdTimeout;

  public FolderApplier(KubernetesClient client, Duration crdTimeout) {
    this.client = client;
    this.crdTimeout = crdTimeout;
  }

  /**
   * Applies the folder's files and returns one line per object, such as {@code WebServer
   * default/my-nginx-app}. Blocks until every applied CRD is Established.
   */
  public List<String> apply(Path folder) {
    if (!Files.isDirectory(folder)) {
      throw new DevClusterException("The folder " + folder.toAbsolutePath() + " does not exist.");
    }
    List<String> applied = new ArrayList<>();
    for (Path file : YamlFiles.in(folder)) {
      for (HasMetadata object : load(file)) {
        applied.add(applyOne(file, object));
      }
    }
    return applied;
  }

  private String applyOne(Path file, HasMetadata object) {
    try {
      HasMetadata live =
          client.resource(object).fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply();
      if (live instanceof CustomResourceDefinition crd) {
        awaitEstablished(crd.getMetadata().getName());
        awaitDiscovered(crd);
      }
      String namespace = live.getMetadata().getNamespace();
      return live.getKind()
          + " "
          + (namespace == null ? "" : namespace + "/")
          + live.getMetadata().getName();
    } catch (KubernetesClientException e) {
      throw new DevClusterException(
          object.getKind()
              + " "
              + object.getMetadata().getName()
              + " from "
              + file
              + " could not be applied: "
              + e.getMessage(),
          e);
    }
  }

  private void awaitEstablished(String name) {
    client
        .apiextensions()
        .v1()
        .customResourceDefinitions()
        .withName(name)
        .waitUntilCondition(
            crd ->
                crd != null
                    && crd.getStatus() != null
                    // A status the API server has only begun to write has no conditions yet.
                    && crd.getStatus().getConditions() != null
                    && crd.getStatus().getConditions().stream()
                        .anyMatch(
                            c -> "Established".equals(c.getType()) && "True".equals(c.getStatus())),
            crdTimeout.toMillis(),
            TimeUnit.MILLISECONDS);
  }

  /**
   * Waits until discovery lists the CRD's kind in every version it serves: Established comes first,
   * and an object of the kind applied in between is refused ("Could not find a registered
   * handler").
   */
  private void awaitDiscovered(CustomResourceDefinition crd) {
    String group = crd.getSpec().getGroup();
    String plural = crd.getSpec().getNames().getPlural();
    long deadline = System.nanoTime() + crdTimeout.toNanos();
    for (var version : crd.getSpec().getVersions()) {
      if (!Boolean.TRUE.equals(version.getServed())) {
        continue;
      }
      while (!discovered(group + "/" + version.getName(), plural)) {
        if (System.nanoTime() > deadline) {
          throw new DevClusterException(
              "The API server does not list " + plural + "." + group + " after " + crdTimeout);
        }
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new DevClusterException("Interrupted waiting for " + plural + "." + group, e);
        }
      }
    }
  }

  private boolean discovered(String groupVersion, String plural) {
    var resources = client.getApiResources(groupVersion);
    return resources != null
        && resources.getResources().stream().anyMatch(r -> plural.equals(r.getName()));
  }

  private List<HasMetadata> load(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return client.load(in).items();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      throw new DevClusterException(
          "The file " + file + " is not valid Kubernetes YAML: " + e.getMessage(), e);
    }
  }
}
