package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.webserveroperator.kube.LookupSource;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.Lookup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Lookups answered from objects in memory, as the operator's caches would answer them once listed;
 * a cache can be made to list only when awaited ({@link #listOnAwait}), and who reads what is kept.
 */
final class FakeLookups implements LookupSource {

  private final List<GenericKubernetesResource> objects = new ArrayList<>();
  private final Set<Lookup> unlisted = new HashSet<>();
  private final Set<Lookup> neverListed = new HashSet<>();
  private final Map<ObjectRef, Set<Lookup>> readers = new HashMap<>();
  private int awaited;

  /** Adds or replaces an object, as the cluster would hold it. */
  void put(GenericKubernetesResource object) {
    objects.removeIf(o -> same(o, object));
    objects.add(object);
  }

  /** The cache of {@code lookup} lists only once a reconcile waits for it. */
  void listOnAwait(Lookup lookup) {
    unlisted.add(lookup);
  }

  /** The cache of {@code lookup} never lists, however long a reconcile waits. */
  void neverLists(Lookup lookup) {
    unlisted.add(lookup);
    neverListed.add(lookup);
  }

  /** How many times a reconcile waited for caches. */
  int awaited() {
    return awaited;
  }

  /** What {@code reader} reads, as its last render left it. */
  Set<Lookup> readBy(ObjectRef reader) {
    return readers.getOrDefault(reader, Set.of());
  }

  @Override
  public Read read(Lookup lookup) {
    if (unlisted.contains(lookup)) {
      return new Read.Pending();
    }
    List<GenericKubernetesResource> found =
        objects.stream()
            .filter(o -> lookup.apiVersion().equals(o.getApiVersion()))
            .filter(o -> lookup.kind().equals(o.getKind()))
            .filter(o -> Objects.equals(lookup.namespace(), o.getMetadata().getNamespace()))
            .filter(o -> lookup.isList() || lookup.name().equals(o.getMetadata().getName()))
            .toList();
    return new Read.Found(
        found,
        found.stream()
            .map(o -> o.getMetadata().getName() + "=" + o.getMetadata().getResourceVersion())
            .collect(Collectors.joining(",")));
  }

  @Override
  public Set<Lookup> await(Collection<Lookup> lookups, Duration within) {
    awaited++;
    Set<Lookup> waiting = new HashSet<>(lookups);
    waiting.retainAll(neverListed);
    unlisted.removeAll(lookups);
    unlisted.addAll(waiting);
    return waiting;
  }

  @Override
  public Optional<String> versions(Lookup lookup) {
    return read(lookup) instanceof Read.Found found
        ? Optional.of(found.versions())
        : Optional.empty();
  }

  @Override
  public void reading(ObjectRef reader, Lookup lookup) {
    readers.computeIfAbsent(reader, r -> new HashSet<>()).add(lookup);
  }

  @Override
  public void readBy(ObjectRef reader, Set<Lookup> lookups) {
    readers.put(reader, new HashSet<>(lookups));
  }

  private static boolean same(GenericKubernetesResource a, GenericKubernetesResource b) {
    return a.getKind().equals(b.getKind())
        && Objects.equals(a.getMetadata().getNamespace(), b.getMetadata().getNamespace())
        && a.getMetadata().getName().equals(b.getMetadata().getName());
  }
}
