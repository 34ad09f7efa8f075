package io.webserveroperator.templatetest;

import io.webserveroperator.manifest.ObjectRef;
import java.util.ArrayList;
import java.util.List;

/**
 * Which rendered object an assertion looks at, by kind, name and apiVersion; a part left out
 * matches anything. One resource renders several objects, so this replaces helm-unittest's document
 * index.
 *
 * @param kind the object's kind, or null
 * @param name its metadata.name, or null
 * @param apiVersion its apiVersion, or null
 */
record DocumentSelector(String kind, String name, String apiVersion) {

  /** Every object. */
  static final DocumentSelector ANY = new DocumentSelector(null, null, null);

  boolean matches(ObjectRef ref) {
    return (kind == null || kind.equals(ref.kind()))
        && (name == null || name.equals(ref.name()))
        && (apiVersion == null || apiVersion.equals(ref.apiVersion()));
  }

  /** {@code Deployment shop-deployment}, {@code any object}. */
  String describe() {
    List<String> parts = new ArrayList<>();
    if (apiVersion != null) {
      parts.add(apiVersion);
    }
    parts.add(kind == null ? "object" : kind);
    if (name != null) {
      parts.add(name);
    }
    return (kind == null && name == null && apiVersion == null ? "any " : "")
        + String.join(" ", parts);
  }
}
