package io.webserveroperator.controller;

import io.webserveroperator.manifest.ObjectRef;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The {@link ResourceMemory} of every resource a reconciler has seen, forgotten in one place when
 * the resource is gone or being deleted, together with what is kept of it elsewhere (which lookups
 * it reads). Thread-safe; the work queue guarantees one reconcile per resource at a time, so a
 * resource's memory is never updated from two threads at once.
 */
final class ResourceMemories {

  private final Map<ObjectRef, ResourceMemory> memories = new ConcurrentHashMap<>();
  private final Consumer<ObjectRef> alsoForget;

  /**
   * @param alsoForget told of each resource forgotten, to forget what else is kept of it
   */
  ResourceMemories(Consumer<ObjectRef> alsoForget) {
    this.alsoForget = alsoForget;
  }

  /** What is remembered of the resource; {@link ResourceMemory#NONE} when nothing. */
  ResourceMemory of(ObjectRef resource) {
    return memories.getOrDefault(resource, ResourceMemory.NONE);
  }

  /** Remembers what {@code change} makes of the resource's memory. */
  void update(ObjectRef resource, UnaryOperator<ResourceMemory> change) {
    memories.compute(
        resource, (ref, memory) -> change.apply(memory == null ? ResourceMemory.NONE : memory));
  }

  /** Forgets everything about the resource, and returns what was remembered. */
  ResourceMemory forget(ObjectRef resource) {
    ResourceMemory last = memories.remove(resource);
    alsoForget.accept(resource);
    return last == null ? ResourceMemory.NONE : last;
  }

  /** How many resources are remembered whose objects wait, for the waiting gauge. */
  int waiting() {
    return (int) memories.values().stream().filter(memory -> !memory.waits().isEmpty()).count();
  }
}
