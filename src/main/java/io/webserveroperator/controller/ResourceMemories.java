package io.webserveroperator.controller;

import io.webserveroperator.manifest.ObjectRef;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * The {@link ResourceMemory} of every resource a reconciler has seen, forgotten in one place when
 * the resource is gone or being deleted. Thread-safe; the work queue guarantees one reconcile per
 * resource at a time, so a resource's memory is never updated from two threads at once.
 */
final class ResourceMemories {

  private final Map<ObjectRef, ResourceMemory> memories = new ConcurrentHashMap<>();

  /** What is remembered of the resource; {@link ResourceMemory#NONE} when nothing. */
  ResourceMemory of(ObjectRef resource) {
    return memories.getOrDefault(resource, ResourceMemory.NONE);
  }

  /** Remembers what {@code change} makes of the resource's memory. */
  void update(ObjectRef resource, UnaryOperator<ResourceMemory> change) {
    memories.compute(
        resource, (ref, memory) -> change.apply(memory == null ? ResourceMemory.NONE : memory));
  }

  /** Forgets everything about the resource. */
  void forget(ObjectRef resource) {
    memories.remove(resource);
  }

  /** How many resources are remembered whose objects wait, for the waiting gauge. */
  int waiting() {
    return (int) memories.values().stream().filter(memory -> !memory.waits().isEmpty()).count();
  }
}
