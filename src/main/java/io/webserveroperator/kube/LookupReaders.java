package io.webserveroperator.kube;

import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.Lookup;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The index from what was read to who read it: for each lookup, the resources whose last render
 * made it, whether it found something, nothing, or a list that a new object would join. A change
 * seen by a lookup's cache re-renders exactly these. Thread-safe.
 */
final class LookupReaders {

  private final Map<Lookup, Set<ObjectRef>> readers = new HashMap<>();
  private final Map<ObjectRef, Set<Lookup>> reads = new HashMap<>();

  /**
   * {@code reader} reads {@code lookup} from now on (added before it reads, so no change is lost).
   */
  synchronized void add(ObjectRef reader, Lookup lookup) {
    readers.computeIfAbsent(lookup, l -> new HashSet<>()).add(reader);
    reads.computeIfAbsent(reader, r -> new HashSet<>()).add(lookup);
  }

  /**
   * {@code reader} reads exactly {@code lookups}, as its last render did; returns the lookups that
   * nobody reads any more.
   */
  synchronized List<Lookup> replace(ObjectRef reader, Set<Lookup> lookups) {
    Set<Lookup> before = reads.getOrDefault(reader, Set.of());
    List<Lookup> unread = new ArrayList<>();
    for (Lookup lookup : before) {
      if (!lookups.contains(lookup) && drop(lookup, reader)) {
        unread.add(lookup);
      }
    }
    if (lookups.isEmpty()) {
      reads.remove(reader);
    } else {
      reads.put(reader, new HashSet<>(lookups));
      lookups.forEach(lookup -> readers.computeIfAbsent(lookup, l -> new HashSet<>()).add(reader));
    }
    return unread;
  }

  /** The resources that read {@code lookup}, now. */
  synchronized Set<ObjectRef> readersOf(Lookup lookup) {
    return Set.copyOf(readers.getOrDefault(lookup, Set.of()));
  }

  /**
   * Runs {@code action} if nobody reads {@code lookup}, while no reader can be added: a reader
   * added after it finds the action done (a cache stopped, and so starts another).
   */
  synchronized void ifUnread(Lookup lookup, Runnable action) {
    if (!readers.containsKey(lookup)) {
      action.run();
    }
  }

  /** How many resources read anything, for metrics and the benchmark. */
  synchronized int readerCount() {
    return reads.size();
  }

  /** Removes {@code reader} from {@code lookup}'s readers; true when that left none. */
  private boolean drop(Lookup lookup, ObjectRef reader) {
    Set<ObjectRef> of = readers.get(lookup);
    if (of == null) {
      return false;
    }
    of.remove(reader);
    if (of.isEmpty()) {
      readers.remove(lookup);
      return true;
    }
    return false;
  }
}
