package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.webserveroperator.OperatorException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the operator may list and watch a kind where it would watch it (and, sharded
 * automatically, patch it for the shard label), asked of the API server ({@code
 * SelfSubjectAccessReview}, which every identity may send) before its informers start: an informer
 * that may not list retries until its wait runs out, where this says at once which rule is missing.
 */
public final class KindAccess {

  private static final Logger LOG = LoggerFactory.getLogger(KindAccess.class);
  private final KubernetesClient client;

  public KindAccess(KubernetesClient client) {
    this.client = client;
  }

  /**
   * Checks {@code verbs} on {@code kind} in each of {@code namespaces} (all namespaces when empty
   * or the kind is cluster-scoped). When the API server cannot answer, the check is skipped with a
   * warning, and the informer's own wait decides.
   *
   * @throws OperatorException naming the verbs refused, where, and the rule to grant
   */
  public void require(ResourceDefinitionContext kind, List<String> namespaces, List<String> verbs) {
    List<String> scopes =
        namespaces.isEmpty() || !kind.isNamespaceScoped() ? List.of("") : namespaces;
    List<String> refused = new ArrayList<>();
    for (String namespace : scopes) {
      List<String> denied = new ArrayList<>();
      for (String verb : verbs) {
        try {
          if (!allowed(kind, namespace, verb)) {
            denied.add(verb);
          }
        } catch (KubernetesClientException e) {
          LOG.warn(
              "Cannot ask the API server whether the operator may {} {}; starting its informers"
                  + " anyway: {}",
              verb,
              resource(kind),
              e.getMessage());
          return;
        }
      }
      if (!denied.isEmpty()) {
        refused.add(
            String.join(" and ", denied)
                + " "
                + resource(kind)
                + (namespace.isEmpty() ? " in all namespaces" : " in namespace " + namespace));
      }
    }
    if (!refused.isEmpty()) {
      throw new OperatorException(
          "The operator may not "
              + String.join(", nor ", refused)
              + ": grant its ServiceAccount the rule {apiGroups: [\""
              + group(kind)
              + "\"], resources: ["
              + kind.getPlural()
              + "], verbs: ["
              + String.join(", ", verbs)
              + "]} in its ClusterRole, with those for "
              + kind.getPlural()
              + "/status and the kinds its templates render (lint --print-rbac prints them all).");
    }
  }

  private boolean allowed(ResourceDefinitionContext kind, String namespace, String verb) {
    SelfSubjectAccessReview review =
        new SelfSubjectAccessReviewBuilder()
            .withNewSpec()
            .withNewResourceAttributes()
            .withGroup(group(kind))
            .withVersion(kind.getVersion())
            .withResource(kind.getPlural())
            .withVerb(verb)
            .withNamespace(namespace.isEmpty() ? null : namespace)
            .endResourceAttributes()
            .endSpec()
            .build();
    SelfSubjectAccessReview answer =
        client.authorization().v1().selfSubjectAccessReview().create(review);
    return answer.getStatus() != null && Boolean.TRUE.equals(answer.getStatus().getAllowed());
  }

  private static String resource(ResourceDefinitionContext kind) {
    String group = group(kind);
    return group.isEmpty() ? kind.getPlural() : kind.getPlural() + "." + group;
  }

  private static String group(ResourceDefinitionContext kind) {
    return kind.getGroup() == null ? "" : kind.getGroup();
  }
}
