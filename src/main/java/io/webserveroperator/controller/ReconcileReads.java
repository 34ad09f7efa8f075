package io.webserveroperator.controller;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.webserveroperator.kube.LookupSource;
import io.webserveroperator.kube.ReadCache;
import io.webserveroperator.kube.ResourceMaps;
import io.webserveroperator.manifest.Inventory;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.template.ClusterReads;
import io.webserveroperator.template.Lookup;
import io.webserveroperator.template.LookupException;
import io.webserveroperator.template.SecretValues;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one reconcile's renders read of the cluster, from the operator's caches, and the record of
 * it: the resource's children (what its inventory lists, as the child caches hold it) and its
 * lookups ({@link LookupSource}, told of each reader before it reads, so that no change is lost in
 * between). A lookup whose cache has not listed yet finds nothing for now and is {@link #pending};
 * the reconcile waits for it and renders again ({@link LookupRounds}).
 *
 * <p>One per reconcile, used on its worker's thread only.
 */
final class ReconcileReads implements ClusterReads {

  private final ObjectRef resource;
  private final Inventory inventory;
  private final ReadCache children;
  private final LookupSource lookups;
  private final KubernetesSerialization serialization;
  private final Map<Lookup, String> found = new LinkedHashMap<>();
  private final Set<Lookup> made = new LinkedHashSet<>();
  private final Set<Lookup> pending = new LinkedHashSet<>();
  private Map<ObjectRef, String> childrenSeen;
  private SecretValues secrets = SecretValues.NONE;
  private boolean failed;

  ReconcileReads(
      ObjectRef resource,
      Inventory inventory,
      ReadCache children,
      LookupSource lookups,
      KubernetesSerialization serialization) {
    this.resource = resource;
    this.inventory = inventory;
    this.children = children;
    this.lookups = lookups;
    this.serialization = serialization;
  }

  @Override
  public Map<String, Map<String, Map<String, Object>>> children() {
    Map<ObjectRef, GenericKubernetesResource> live = live(inventory, children);
    Map<String, Map<String, Map<String, Object>>> byKind = new LinkedHashMap<>();
    List<Map<String, Object>> read = new ArrayList<>();
    live.forEach(
        (ref, child) -> {
          Map<String, Object> object = asMap(child);
          read.add(object);
          byKind.computeIfAbsent(ref.kind(), k -> new LinkedHashMap<>()).put(ref.name(), object);
        });
    childrenSeen = versions(live);
    secrets = secrets.and(SecretValues.in(read));
    return byKind;
  }

  @Override
  public List<Map<String, Object>> lookup(Lookup lookup) {
    made.add(lookup);
    lookups.reading(resource, lookup);
    LookupSource.Read read = lookups.read(lookup);
    if (read instanceof LookupSource.Read.Found answer) {
      found.put(lookup, answer.versions());
      List<Map<String, Object>> objects = answer.objects().stream().map(this::asMap).toList();
      secrets = secrets.and(SecretValues.in(objects));
      return objects;
    }
    if (read instanceof LookupSource.Read.Failed refused) {
      failed = true;
      throw new LookupException(refused.message());
    }
    pending.add(lookup);
    return List.of();
  }

  /** A new render begins: the lookups pending are those it finds pending. */
  void beginRound() {
    pending.clear();
  }

  /** The lookups of the last render whose caches had not listed yet. */
  Set<Lookup> pending() {
    return Set.copyOf(pending);
  }

  /** The values of the Secrets read, to mask in whatever the reconcile reports. */
  SecretValues secrets() {
    return secrets;
  }

  /** Whether a lookup could not be answered (the operator may not list its kind, say). */
  boolean failed() {
    return failed;
  }

  /** Every lookup made, answered or not: what a change of re-renders the resource. */
  Set<Lookup> made() {
    return Set.copyOf(made);
  }

  /** What each answered lookup found, by its versions ({@link LookupSource.Read.Found}). */
  Map<Lookup, String> found() {
    return Map.copyOf(found);
  }

  /** The children a render read, by their versions; empty when no template read them. */
  Optional<Map<ObjectRef, String>> childrenSeen() {
    return Optional.ofNullable(childrenSeen).map(Collections::unmodifiableMap);
  }

  /**
   * What a render of the resource owning {@code inventory} would read of the cluster now, as the
   * caches hold it, to compare with what its last render read ({@link SettledInputs}).
   */
  static SettledInputs.ReadsNow now(Inventory inventory, ReadCache children, LookupSource lookups) {
    return new SettledInputs.ReadsNow() {
      @Override
      public Optional<String> lookup(Lookup lookup) {
        return lookups.versions(lookup);
      }

      @Override
      public Map<ObjectRef, String> children() {
        return childVersions(inventory, children);
      }
    };
  }

  /** The versions of the children that {@code inventory} lists, as the caches hold them now. */
  static Map<ObjectRef, String> childVersions(Inventory inventory, ReadCache children) {
    return versions(live(inventory, children));
  }

  private static Map<ObjectRef, GenericKubernetesResource> live(
      Inventory inventory, ReadCache children) {
    Map<ObjectRef, GenericKubernetesResource> live = new LinkedHashMap<>();
    inventory.refs().forEach(ref -> children.get(ref).ifPresent(child -> live.put(ref, child)));
    return live;
  }

  private static Map<ObjectRef, String> versions(Map<ObjectRef, GenericKubernetesResource> live) {
    Map<ObjectRef, String> versions = new LinkedHashMap<>();
    live.forEach((ref, child) -> versions.put(ref, child.getMetadata().getResourceVersion()));
    return versions;
  }

  private Map<String, Object> asMap(GenericKubernetesResource object) {
    return ResourceMaps.of(serialization, object);
  }
}
