package io.webserveroperator.testing;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;

/**
 * The RBAC part of {@code deploy/} (namespace, ServiceAccount, roles and bindings), applied as it
 * is, for tests that check what the operator's ServiceAccount may do or run the operator as it.
 */
public final class DeployRbac {

  /** The operator's namespace in {@code deploy/}. */
  public static final String NAMESPACE = "webserver-operator-system";

  /** The operator's ServiceAccount in {@link #NAMESPACE}. */
  public static final String SERVICE_ACCOUNT = "webserver-operator";

  private static final List<String> FILES =
      List.of(
          "namespace.yaml",
          "serviceaccount.yaml",
          "clusterrole.yaml",
          "clusterrolebinding.yaml",
          "role.yaml",
          "rolebinding.yaml");

  private DeployRbac() {}

  /** Server-side applies the files; idempotent, so several tests may share one API server. */
  public static void apply(KubernetesClient client) {
    for (String file : FILES) {
      try (InputStream in = Files.newInputStream(Project.file("deploy/" + file))) {
        for (HasMetadata object : client.load(in).items()) {
          client.resource(object).fieldManager("deploy-rbac").forceConflicts().serverSideApply();
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
