package io.webserveroperator.crd;

/**
 * A change of a CRD that breaks what exists: resources stored under the old schema, or clients that
 * write them.
 *
 * @param version the CRD version it is in; empty for a change of the whole CRD (its names, scope)
 * @param path the field, {@code .spec.backup.schedule}, {@code .spec.tags[*]}; empty for the
 *     version or the CRD itself
 * @param what what changes and why it breaks, as a phrase
 */
public record BreakingChange(String version, String path, String what) {

  @Override
  public String toString() {
    return (version.isEmpty() ? "" : version + " ") + (path.isEmpty() ? "" : path + ": ") + what;
  }
}
