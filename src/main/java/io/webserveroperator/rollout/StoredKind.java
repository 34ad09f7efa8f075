package io.webserveroperator.rollout;

import java.util.Objects;

/**
 * A kind whose template revisions are stored, as the labels of their ConfigMaps name it: all there
 * is to know of a kind that the local watches.yaml may not list.
 *
 * @param kind the kind, e.g. {@code WebServer}
 * @param group its API group, {@code ""} for the core group
 */
public record StoredKind(String kind, String group) {

  public StoredKind {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(group, "group");
  }

  /** {@code WebServer.webapp.example.com}, as kubectl names a kind with its group. */
  @Override
  public String toString() {
    return group.isEmpty() ? kind : kind + "." + group;
  }
}
