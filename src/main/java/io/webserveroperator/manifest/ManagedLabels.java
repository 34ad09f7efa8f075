package io.webserveroperator.manifest;

import java.util.Map;

/**
 * The names the operator stamps on everything it manages, in one place so that the renderer, the
 * applier and the pruner agree on them.
 */
public final class ManagedLabels {

  /** Label naming the tool that manages an object; its value is {@link #MANAGER}. */
  public static final String MANAGED_BY = "app.kubernetes.io/managed-by";

  /** Label naming the custom resource an object was rendered for (its {@code metadata.name}). */
  public static final String INSTANCE = "app.kubernetes.io/instance";

  /**
   * Label naming the operator replica (the shard) that reconciles a custom resource, copied onto
   * each of its children so that a replica's label-selected caches hold only its own share.
   */
  public static final String SHARD = "webserver-operator.io/shard";

  /** Value of {@link #MANAGED_BY}. */
  public static final String MANAGER = "webserver-operator";

  /** Field manager for server-side apply. */
  public static final String FIELD_MANAGER = "webserver-operator";

  private ManagedLabels() {}

  /** Whether an object carries the operator's managed-by label; only those are ever pruned. */
  public static boolean isManaged(Map<String, Object> object) {
    return MANAGER.equals(UntypedMaps.get(object, "metadata", "labels", MANAGED_BY));
  }
}
