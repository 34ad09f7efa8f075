package io.webserveroperator.manifest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code inventory} a resource's status keeps: every object the operator applied for it, which
 * is what pruning deletes when a template stops rendering one. Written sorted, so that its order
 * never causes a status write; read back leniently, since anyone may edit a status.
 */
public final class Inventory {

  private static final Comparator<ObjectRef> ORDER =
      Comparator.comparing(ObjectRef::apiVersion)
          .thenComparing(ObjectRef::kind)
          .thenComparing(r -> r.namespace() == null ? "" : r.namespace())
          .thenComparing(ObjectRef::name);

  private Inventory() {}

  /** The inventory as written to the status. */
  public static List<Map<String, Object>> toStatus(List<ObjectRef> refs) {
    return refs.stream()
        .distinct()
        .sorted(ORDER)
        .map(
            ref -> {
              Map<String, Object> entry = new LinkedHashMap<>();
              entry.put("apiVersion", ref.apiVersion());
              entry.put("kind", ref.kind());
              if (ref.namespace() != null) {
                entry.put("namespace", ref.namespace());
              }
              entry.put("name", ref.name());
              return entry;
            })
        .toList();
  }

  /** The inventory read back from a status; entries that do not parse are skipped. */
  public static List<ObjectRef> fromStatus(Map<String, Object> status) {
    if (status == null || !(status.get("inventory") instanceof List<?> list)) {
      return List.of();
    }
    List<ObjectRef> refs = new ArrayList<>();
    for (Object item : list) {
      if (item instanceof Map<?, ?> entry) {
        try {
          refs.add(
              new ObjectRef(
                  text(entry.get("apiVersion")),
                  text(entry.get("kind")),
                  text(entry.get("namespace")),
                  text(entry.get("name"))));
        } catch (IllegalArgumentException malformed) {
          // Someone edited the status by hand; an entry without identity cannot be pruned anyway.
        }
      }
    }
    return refs;
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }
}
