package io.webserveroperator.manifest;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code inventory} a resource's status keeps: every object the operator applied for it, which
 * is what pruning deletes when a template stops rendering one, each kept object marked so. Keyed by
 * the object's identity (group, kind, namespace, name): an object a template moves to another API
 * version of its group is one entry, listed with the version it was last applied through, so that a
 * later prune deletes it through that version. Written sorted, so that its order never causes a
 * status write; read back leniently, since anyone may edit a status. Immutable.
 */
public final class Inventory {

  private static final Comparator<ObjectRef> ORDER =
      Comparator.comparing(ObjectRef::apiVersion)
          .thenComparing(ObjectRef::kind)
          .thenComparing(r -> r.namespace() == null ? "" : r.namespace())
          .thenComparing(ObjectRef::name);

  private static final Inventory EMPTY = new Inventory(Map.of());

  /**
   * One listed object.
   *
   * @param ref the object, through the API version it was last applied with
   * @param kept whether its {@code resource-policy: keep} leaves it in place and no owner reference
   *     ties it to the resource
   */
  public record Entry(ObjectRef ref, boolean kept) {}

  private final Map<ObjectRef.Identity, Entry> entries;

  private Inventory(Map<ObjectRef.Identity, Entry> entries) {
    this.entries = entries;
  }

  /** An inventory that lists nothing. */
  public static Inventory empty() {
    return EMPTY;
  }

  /** An inventory of {@code refs}, none kept; a later ref of the same identity wins. */
  public static Inventory of(Collection<ObjectRef> refs) {
    Inventory inventory = EMPTY;
    for (ObjectRef ref : refs) {
      inventory = inventory.with(ref, false);
    }
    return inventory;
  }

  /**
   * The inventory read back from a status, as this version and every earlier one wrote it; entries
   * that do not parse are skipped.
   */
  public static Inventory fromStatus(Map<String, Object> status) {
    Map<ObjectRef.Identity, Entry> read = new LinkedHashMap<>();
    for (Map<String, Object> entry : UntypedMaps.getMaps(status, "inventory")) {
      parse(entry)
          .ifPresent(
              ref ->
                  read.put(ref.identity(), new Entry(ref, Boolean.TRUE.equals(entry.get("kept")))));
    }
    return new Inventory(read);
  }

  /** The listed objects, in the order they were listed. */
  public List<ObjectRef> refs() {
    return entries.values().stream().map(Entry::ref).toList();
  }

  /** The listed objects marked kept. */
  public List<ObjectRef> kept() {
    return entries.values().stream().filter(Entry::kept).map(Entry::ref).toList();
  }

  /** Whether the object is listed, through whichever API version of its group. */
  public boolean contains(ObjectRef ref) {
    return entries.containsKey(ref.identity());
  }

  /** Whether the object is listed and marked kept. */
  public boolean isKept(ObjectRef ref) {
    Entry entry = entries.get(ref.identity());
    return entry != null && entry.kept();
  }

  public boolean isEmpty() {
    return entries.isEmpty();
  }

  /** This inventory with the object listed through {@code ref}'s API version. */
  public Inventory with(ObjectRef ref, boolean kept) {
    Map<ObjectRef.Identity, Entry> changed = new LinkedHashMap<>(entries);
    changed.put(ref.identity(), new Entry(ref, kept));
    return new Inventory(changed);
  }

  /** This inventory without the object. */
  public Inventory without(ObjectRef ref) {
    if (!contains(ref)) {
      return this;
    }
    Map<ObjectRef.Identity, Entry> changed = new LinkedHashMap<>(entries);
    changed.remove(ref.identity());
    return new Inventory(changed);
  }

  /** This inventory with exactly the objects of {@code kept} marked kept. */
  public Inventory withKept(Set<ObjectRef.Identity> kept) {
    Map<ObjectRef.Identity, Entry> changed = new LinkedHashMap<>();
    entries.forEach(
        (identity, entry) ->
            changed.put(identity, new Entry(entry.ref(), kept.contains(identity))));
    return new Inventory(changed);
  }

  /** The inventory as written to the status, sorted. */
  public List<Map<String, Object>> toStatus() {
    List<Entry> sorted = new ArrayList<>(entries.values());
    sorted.sort(Comparator.comparing(Entry::ref, ORDER));
    return sorted.stream()
        .map(
            entry -> {
              ObjectRef ref = entry.ref();
              Map<String, Object> written = new LinkedHashMap<>();
              written.put("apiVersion", ref.apiVersion());
              written.put("kind", ref.kind());
              if (ref.namespace() != null) {
                written.put("namespace", ref.namespace());
              }
              written.put("name", ref.name());
              if (entry.kept()) {
                written.put("kept", true);
              }
              return written;
            })
        .toList();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Inventory inventory && entries.equals(inventory.entries);
  }

  @Override
  public int hashCode() {
    return entries.hashCode();
  }

  @Override
  public String toString() {
    return entries.values().toString();
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
