package io.webserveroperator.manifest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What must change on a live object, and nothing else, for it to belong to its resource as the
 * rendered object says: the operator's labels, the lifecycle annotations (and the adopt annotation
 * gone), the controller owner reference there or not. A create-only object is adopted by this patch
 * alone, so that none of its other fields is ever written past its creation; a lifecycle annotation
 * added to or removed from a template takes effect by it ({@code keep} added: the owner reference
 * goes, and with it the garbage collector's hold); and after a server-side apply it takes back what
 * apply cannot (an owner reference that such a patch, not an apply, once set).
 *
 * <p>Sent as a JSON merge patch guarded by the live {@code resourceVersion}: a change that lands in
 * between fails the patch (409) rather than being overwritten. Pure.
 *
 * @param before the changed fields as they are live, as a partial object (for {@code diff})
 * @param after the same fields as they will be
 * @param mergePatch the body to send, or an empty map when nothing differs
 */
public record OwnershipPatch(
    Map<String, Object> before, Map<String, Object> after, Map<String, Object> mergePatch) {

  /** The labels that say whose an object is, all stamped by {@link Ownership}. */
  private static final List<String> OWNERSHIP_LABELS =
      List.of(
          ManagedLabels.MANAGED_BY,
          ManagedLabels.INSTANCE,
          ManagedLabels.OWNER_KIND,
          ManagedLabels.OWNER_GROUP,
          ManagedLabels.SHARD);

  private static final OwnershipPatch NONE = new OwnershipPatch(Map.of(), Map.of(), Map.of());

  /** Whether the live object is already owned as the rendered one says. */
  public boolean isEmpty() {
    return mergePatch.isEmpty();
  }

  /**
   * What changes {@code live} into an object owned as {@code desired} says.
   *
   * @param desired the rendered object, stamped by {@link Ownership}
   * @param live the object as it is in the cluster
   * @param owner the resource; an owner reference to its uid is added or removed as {@code desired}
   *     has one or not
   * @param adopting whether the resource takes the object over now, which removes the adopt
   *     annotation its owner set; an object already the resource's keeps any such annotation
   */
  public static OwnershipPatch between(
      Map<String, Object> desired, Map<String, Object> live, Owner owner, boolean adopting) {
    Map<String, Object> wanted = UntypedMaps.getMapOrEmpty(desired, "metadata");
    Map<String, Object> found = UntypedMaps.getMapOrEmpty(live, "metadata");
    Changes changes = new Changes();
    Map<String, Object> wantedLabels = UntypedMaps.getMapOrEmpty(wanted, "labels");
    Map<String, Object> foundLabels = UntypedMaps.getMapOrEmpty(found, "labels");
    for (String label : OWNERSHIP_LABELS) {
      Object value = wantedLabels.get(label);
      if (value != null && !value.equals(foundLabels.get(label))) {
        changes.set("labels", label, foundLabels.get(label), value);
      }
    }
    Map<String, Object> wantedAnnotations = UntypedMaps.getMapOrEmpty(wanted, "annotations");
    Map<String, Object> foundAnnotations = UntypedMaps.getMapOrEmpty(found, "annotations");
    for (String annotation : Lifecycle.ANNOTATIONS) {
      Object value = wantedAnnotations.get(annotation);
      if (!Objects.equals(value, foundAnnotations.get(annotation))) {
        changes.set("annotations", annotation, foundAnnotations.get(annotation), value);
      }
    }
    if (adopting && foundAnnotations.containsKey(Lifecycle.ADOPT)) {
      changes.set("annotations", Lifecycle.ADOPT, foundAnnotations.get(Lifecycle.ADOPT), null);
    }
    if (owner.uid() != null) {
      List<Map<String, Object>> references = UntypedMaps.getMaps(found, "ownerReferences");
      Map<String, Object> ours = referenceTo(owner, UntypedMaps.getMaps(wanted, "ownerReferences"));
      boolean held = owner.isReferencedBy(live);
      if (ours != null && !held) {
        List<Object> added = new ArrayList<>(references);
        added.add(ours);
        changes.references(references, added);
      } else if (ours == null && held) {
        List<Object> kept = new ArrayList<>(references);
        kept.removeIf(reference -> owner.uid().equals(((Map<?, ?>) reference).get("uid")));
        changes.references(references, kept);
      }
    }
    return changes.patch(found.get("resourceVersion"));
  }

  private static Map<String, Object> referenceTo(
      Owner owner, List<Map<String, Object>> references) {
    return references.stream()
        .filter(reference -> owner.uid().equals(reference.get("uid")))
        .findFirst()
        .orElse(null);
  }

  /** The changed metadata fields, collected on both sides and as the merge patch. */
  private static final class Changes {
    private final Map<String, Object> before = new LinkedHashMap<>();
    private final Map<String, Object> after = new LinkedHashMap<>();
    private final Map<String, Object> patch = new LinkedHashMap<>();

    void set(String map, String key, Object was, Object value) {
      if (was != null) {
        UntypedMaps.getOrCreateMap(before, map).put(key, was);
      }
      if (value != null) {
        UntypedMaps.getOrCreateMap(after, map).put(key, value);
      }
      // A null in a merge patch removes the key.
      UntypedMaps.getOrCreateMap(patch, map).put(key, value);
    }

    void references(List<Map<String, Object>> was, List<Object> now) {
      if (!was.isEmpty()) {
        before.put("ownerReferences", List.copyOf(was));
      }
      if (!now.isEmpty()) {
        after.put("ownerReferences", List.copyOf(now));
      }
      // A merge patch replaces a list whole; the resourceVersion guards what it replaces.
      patch.put("ownerReferences", now);
    }

    OwnershipPatch patch(Object resourceVersion) {
      if (patch.isEmpty()) {
        return NONE;
      }
      if (resourceVersion != null) {
        patch.put("resourceVersion", resourceVersion);
      }
      return new OwnershipPatch(
          Map.of("metadata", before), Map.of("metadata", after), Map.of("metadata", patch));
    }
  }
}
