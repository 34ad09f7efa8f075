package io.webserveroperator.manifest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code inventory} a resource's status keeps: every object the operator applied for it, which
 * is what pruning deletes when a template stops rendering one, each kept object marked so. Written
 * sorted, so that its order never causes a status write; read back leniently, since anyone may edit
 * a status.
 */
public final class Inventory {

  private static final Comparator<ObjectRef> ORDER =
      Comparator.comparing(ObjectRef::apiVersion)
          .thenComparing(ObjectRef::kind)
          .thenComparing(r -> r.namespace() == null ? "" : r.namespace())
          .thenComparing(ObjectRef::name);

  private Inventory() {}

  /** The inventory as written to the status, with no object kept. */
  public static List<Map<String, Object>> toStatus(List<ObjectRef> refs) {
    return toStatus(refs, Set.of());
  }

  /**
   * The inventory as written to the status.
   *
   * @param kept the objects whose {@code resource-policy: keep} leaves them in place when the
   *     resource is deleted or stops rendering them; their entries say {@code kept: true}
   */
  public static List<Map<String, Object>> toStatus(List<ObjectRef> refs, Set<ObjectRef> kept) {
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
              if (kept.contains(ref)) {
                entry.put("kept", true);
              }
              return entry;
            })
        .toList();
  }

  /** The inventory read back from a status; entries that do not parse are skipped. */
  public static List<ObjectRef> fromStatus(Map<String, Object> status) {
    List<ObjectRef> refs = new ArrayList<>();
    UntypedMaps.getMaps(status, "inventory").forEach(entry -> parse(entry).ifPresent(refs::add));
    return refs;
  }

  /** The entries of a status inventory that say {@code kept: true}. */
  public static Set<ObjectRef> keptFromStatus(Map<String, Object> status) {
    Set<ObjectRef> kept = new HashSet<>();
    UntypedMaps.getMaps(status, "inventory").stream()
        .filter(entry -> Boolean.TRUE.equals(entry.get("kept")))
        .forEach(entry -> parse(entry).ifPresent(kept::add));
    return kept;
  }

  private static Optional<ObjectRef> parse(Map<?, ?> entry) {
    try {
      return Optional.of(
          new ObjectRef(
              text(entry.get("apiVersion")),
              text(entry.get("kind")),
              text(entry.get("namespace")),
              text(entry.get("name"))));
    } catch (IllegalArgumentException malformed) {
      // Someone edited the status by hand; an entry without identity cannot be pruned anyway.
      return Optional.empty();
    }
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }
}
