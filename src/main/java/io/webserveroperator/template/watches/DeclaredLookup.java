package io.webserveroperator.template.watches;

import java.util.List;
import java.util.Objects;

/**
 * One entry of a kind's {@code lookups} in {@code watches.yaml}: a kind its templates may read with
 * {@code lookup}, and where. Whoever can edit a template can then read no more of the cluster than
 * these entries name, however much the operator's own identity may read.
 *
 * @param apiVersion the kind's {@code apiVersion}, e.g. {@code v1} or {@code apps/v1}
 * @param kind the kind, e.g. {@code ConfigMap}
 * @param namespaces the namespaces it may be read in; empty for the resource's own (and for a
 *     cluster-scoped kind, where namespaces do not apply)
 */
public record DeclaredLookup(String apiVersion, String kind, List<String> namespaces) {

  public DeclaredLookup {
    Objects.requireNonNull(apiVersion, "apiVersion");
    Objects.requireNonNull(kind, "kind");
    namespaces = namespaces == null ? List.of() : List.copyOf(namespaces);
  }

  /** The API group: the part of {@code apiVersion} before the slash; empty for the core group. */
  public String group() {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  /** Whether it lets a resource in {@code home} read this kind in {@code namespace}. */
  public boolean allows(String apiVersion, String kind, String namespace, String home) {
    if (!this.apiVersion.equals(apiVersion) || !this.kind.equals(kind)) {
      return false;
    }
    if (namespace == null) {
      return true; // cluster-scoped
    }
    return namespaces.isEmpty() ? namespace.equals(home) : namespaces.contains(namespace);
  }

  /** The entry as watches.yaml writes it, for messages: {@code {apiVersion: v1, ...}}. */
  public static String describe(String apiVersion, String kind, String namespace, String home) {
    String where =
        namespace == null || namespace.equals(home) ? "" : ", namespaces: [" + namespace + "]";
    return "{apiVersion: " + apiVersion + ", kind: " + kind + where + "}";
  }
}
