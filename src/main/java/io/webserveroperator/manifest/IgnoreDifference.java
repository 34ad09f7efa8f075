package io.webserveroperator.manifest;

import java.util.List;
import java.util.Objects;

/**
 * One {@code ignoreDifferences} entry of a kind in {@code watches.yaml}, with Argo CD's names: the
 * fields of some rendered objects that another manager (an HPA, a webhook, a person) may own. Such
 * a field is never compared and never taken back: when one of {@code managedFieldsManagers} has set
 * it, it is left out of what the operator applies, so that the other manager keeps it; without
 * {@code managedFieldsManagers}, the operator sets it when it creates the object and applies its
 * live value afterwards, so that it is never corrected. A field the template stops setting keeps
 * its live value until a listed manager owns it, so that handing it over never drops it
 * (helm#12650).
 *
 * @param group the objects' API group, empty for the core group
 * @param kind their kind
 * @param namespace only objects in this namespace, or null for all
 * @param name only the object of this name, or null for all of the kind
 * @param jsonPointers the fields, as RFC 6901 JSON pointers ({@code /spec/replicas})
 * @param managedFieldsManagers yield a field only once one of these field managers has set it
 *     ({@code kube-controller-manager} for an HPA); empty for never correcting it at all
 */
public record IgnoreDifference(
    String group,
    String kind,
    String namespace,
    String name,
    List<JsonPointer> jsonPointers,
    List<String> managedFieldsManagers) {

  public IgnoreDifference {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(kind, "kind");
    namespace = namespace == null || namespace.isEmpty() ? null : namespace;
    name = name == null || name.isEmpty() ? null : name;
    jsonPointers = List.copyOf(jsonPointers);
    managedFieldsManagers = List.copyOf(managedFieldsManagers);
    if (jsonPointers.isEmpty()) {
      throw new IllegalArgumentException("an ignoreDifferences entry needs jsonPointers");
    }
  }

  /** Whether the entry is about this object. */
  public boolean matches(ObjectRef ref) {
    return group.equals(ref.group())
        && kind.equals(ref.kind())
        && (namespace == null || namespace.equals(ref.namespace()))
        && (name == null || name.equals(ref.name()));
  }
}
