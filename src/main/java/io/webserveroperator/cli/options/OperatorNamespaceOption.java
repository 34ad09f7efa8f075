package io.webserveroperator.cli.options;

import io.fabric8.kubernetes.client.KubernetesClient;
import picocli.CommandLine.Option;

/**
 * {@code --operator-namespace}: the operator's own namespace, where its Lease and its template
 * revisions live. One rule for {@code run}, which keeps them there, and for {@code rollout status}
 * and {@code diff --template-revision}, which read them: the flag, else {@code POD_NAMESPACE} (set
 * in the operator's pod), else the namespace of the client's context (in a pod, its
 * ServiceAccount's), else {@code default}.
 */
public final class OperatorNamespaceOption {

  @Option(
      names = "--operator-namespace",
      paramLabel = "NAMESPACE",
      defaultValue = "${env:POD_NAMESPACE}",
      description =
          "Namespace of the operator's Lease and template revisions (env POD_NAMESPACE; default:"
              + " the kubeconfig context's namespace, in a pod its own, else 'default').")
  String namespace;

  /** The operator's namespace, by the rule above, for a client of the cluster it runs in. */
  public String namespace(KubernetesClient client) {
    if (namespace != null && !namespace.isBlank()) {
      return namespace;
    }
    String context = client.getNamespace();
    return context == null || context.isBlank() ? "default" : context;
  }
}
