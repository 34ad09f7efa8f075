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
   * Label naming the kind of the custom resource an object was rendered for, so that an object one
   * kind left in place is never taken by a resource of another kind with the same name.
   */
  public static final String OWNER_KIND = "webserver-operator.io/owner-kind";

  /** Label naming the API group of that kind; the core group has none. */
  public static final String OWNER_GROUP = "webserver-operator.io/owner-group";

  /**
   * Label naming the operator replica (the shard) that reconciles a custom resource, copied onto
   * each of its children so that a replica's label-selected caches hold only its own share.
   */
  public static final String SHARD = "webserver-operator.io/shard";

  /** Value of {@link #MANAGED_BY}. */
  public static final String MANAGER = "webserver-operator";

  /** Field manager for server-side apply. */
  public static final String FIELD_MANAGER = "webserver-operator";

  private static final int MAX_LABEL_VALUE = 63;

  private ManagedLabels() {}

  /**
   * A label value for {@code text}: itself when it fits a label's 63 characters, else its head and
   * a hash of the whole, so that two long API groups never share a value.
   */
  public static String labelValue(String text) {
    if (text.length() <= MAX_LABEL_VALUE) {
      return text;
    }
    String hash = ContentHash.hex(text, 10);
    String head =
        text.substring(0, MAX_LABEL_VALUE - hash.length() - 1).replaceAll("[^A-Za-z0-9]+$", "");
    return head + "-" + hash;
  }

  /** Whether an object carries the operator's managed-by label; only those are ever pruned. */
  public static boolean isManaged(Map<String, Object> object) {
    return MANAGER.equals(UntypedMaps.get(object, "metadata", "labels", MANAGED_BY));
  }
}
