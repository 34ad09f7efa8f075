package io.webserveroperator.template.watches;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * What an edit of {@code watches.yaml} changes, kind by kind ({@link TemplatedKind#identity}): the
 * kinds it adds, those it removes, and those it keeps with other settings.
 *
 * @param added kinds the new file lists and the old did not, in the new file's order
 * @param removed kinds the old file listed and the new does not, in the old file's order
 * @param changed kinds both list, whose entries differ, in the new file's order
 */
public record WatchesChange(
    List<TemplatedKind> added, List<TemplatedKind> removed, List<Kept> changed) {

  /**
   * A kind both files list, with different entries.
   *
   * @param before its entry in the old file
   * @param after its entry in the new file
   */
  public record Kept(TemplatedKind before, TemplatedKind after) {

    public Kept {
      Objects.requireNonNull(before, "before");
      Objects.requireNonNull(after, "after");
    }

    /** The keys of the entry that differ, in watches.yaml's words. */
    public List<String> keys() {
      Map<String, Function<TemplatedKind, Object>> keys = new LinkedHashMap<>();
      keys.put("templates", TemplatedKind::templates);
      keys.put("status", TemplatedKind::status);
      keys.put("allowOtherNamespaces", TemplatedKind::allowOtherNamespaces);
      keys.put("allowedClusterScopedKinds", TemplatedKind::allowedClusterScopedKinds);
      keys.put("allowEmpty", TemplatedKind::allowEmpty);
      keys.put("ignoreDifferences", TemplatedKind::ignoreDifferences);
      keys.put("readiness", TemplatedKind::readiness);
      keys.put("rollout", TemplatedKind::rollout);
      keys.put("lookups", TemplatedKind::lookups);
      List<String> changed = new ArrayList<>();
      keys.forEach(
          (key, value) -> {
            if (!Objects.equals(value.apply(before), value.apply(after))) {
              changed.add(key);
            }
          });
      // Only where its messages say the entry is (it moved in the file), or what is wrong with it.
      return changed.isEmpty() ? List.of("its place in the file") : List.copyOf(changed);
    }
  }

  public WatchesChange {
    added = List.copyOf(added);
    removed = List.copyOf(removed);
    changed = List.copyOf(changed);
  }

  /** What changes from {@code before} to {@code after}. */
  public static WatchesChange between(List<TemplatedKind> before, List<TemplatedKind> after) {
    Map<String, TemplatedKind> old = byIdentity(before);
    Map<String, TemplatedKind> now = byIdentity(after);
    List<TemplatedKind> added = new ArrayList<>();
    List<Kept> changed = new ArrayList<>();
    for (TemplatedKind watch : after) {
      TemplatedKind was = old.get(watch.identity());
      if (was == null) {
        added.add(watch);
      } else if (!was.equals(watch)) {
        changed.add(new Kept(was, watch));
      }
    }
    List<TemplatedKind> removed =
        before.stream().filter(watch -> !now.containsKey(watch.identity())).toList();
    return new WatchesChange(added, removed, changed);
  }

  /** Whether every kind is as it was (the entries may have moved). */
  public boolean isEmpty() {
    return added.isEmpty() && removed.isEmpty() && changed.isEmpty();
  }

  /** The entries the change brings in: those added, and the new entries of those changed. */
  public List<TemplatedKind> entering() {
    List<TemplatedKind> entering = new ArrayList<>(added);
    changed.forEach(kept -> entering.add(kept.after()));
    return List.copyOf(entering);
  }

  /** For the log: {@code added Postgres (db.example.com/v1); removed WebServer (...); ...}. */
  public String describe() {
    List<String> parts = new ArrayList<>();
    added.forEach(watch -> parts.add("added " + name(watch)));
    removed.forEach(watch -> parts.add("removed " + name(watch)));
    changed.forEach(
        kept -> parts.add("changed " + name(kept.after()) + ": " + String.join(", ", kept.keys())));
    return String.join("; ", parts);
  }

  private static String name(TemplatedKind watch) {
    return watch.kind() + " (" + watch.apiVersion() + ")";
  }

  private static Map<String, TemplatedKind> byIdentity(List<TemplatedKind> watches) {
    Map<String, TemplatedKind> byIdentity = new LinkedHashMap<>();
    watches.forEach(watch -> byIdentity.put(watch.identity(), watch));
    return byIdentity;
  }
}
