package io.webserveroperator.testing;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Installs the project's CRDs from {@code crds/} into any cluster, for tests of their own. */
public final class Crds {

  private Crds() {}

  /** Applies every CRD and waits until each is Established. */
  public static void install(KubernetesClient client) {
    try (var files = Files.list(Project.root().resolve("crds"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
        try (InputStream in = Files.newInputStream(file)) {
          CustomResourceDefinition crd =
              client.apiextensions().v1().customResourceDefinitions().load(in).item();
          client.resource(crd).serverSideApply();
          client
              .apiextensions()
              .v1()
              .customResourceDefinitions()
              .withName(crd.getMetadata().getName())
              .waitUntilCondition(
                  c ->
                      c != null
                          && c.getStatus() != null
                          && c.getStatus().getConditions().stream()
                              .anyMatch(
                                  s ->
                                      "Established".equals(s.getType())
                                          && "True".equals(s.getStatus())),
                  30,
                  TimeUnit.SECONDS);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
