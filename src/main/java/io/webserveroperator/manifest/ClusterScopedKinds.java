package io.webserveroperator.manifest;

import java.util.Set;
import java.util.function.Predicate;

/**
 * Which kinds live outside namespaces. The pure core cannot ask the API server, so it knows the
 * well-known built-in kinds; the cluster layer can supply a discovery-backed predicate instead.
 */
public final class ClusterScopedKinds {

  /** Built-in Kubernetes kinds that are cluster-scoped. */
  public static final Set<String> WELL_KNOWN =
      Set.of(
          "Namespace",
          "Node",
          "PersistentVolume",
          "ClusterRole",
          "ClusterRoleBinding",
          "StorageClass",
          "CustomResourceDefinition",
          "IngressClass",
          "PriorityClass",
          "RuntimeClass",
          "ValidatingWebhookConfiguration",
          "MutatingWebhookConfiguration",
          "ValidatingAdmissionPolicy",
          "ValidatingAdmissionPolicyBinding",
          "APIService",
          "CSIDriver",
          "CSINode",
          "VolumeAttachment",
          "CertificateSigningRequest",
          "FlowSchema",
          "PriorityLevelConfiguration",
          "ComponentStatus",
          "TokenReview",
          "SelfSubjectReview",
          "SelfSubjectAccessReview",
          "SelfSubjectRulesReview",
          "SubjectAccessReview");

  private ClusterScopedKinds() {}

  /** A scope hook that answers from {@link #WELL_KNOWN} by kind alone. */
  public static Predicate<ObjectRef> wellKnown() {
    return ref -> WELL_KNOWN.contains(ref.kind());
  }
}
