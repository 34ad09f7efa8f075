package io.webserveroperator.manifest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of a hook: the rendered hook object under a name that carries a short hash of its
 * rendered content ({@code orders-migrate} becomes {@code orders-migrate-3f2a1c}), so that a change
 * that leaves the hook's rendering alone (a scale, a label of another object) is no new run and an
 * image change that the hook prints is one. The hash leaves out what ownership stamps on every
 * object (labels, owner reference), so that a resource moving to another shard runs nothing.
 *
 * @param hook the hook's name as rendered
 * @param object the run object, renamed
 */
public record HookRun(String hook, RenderedObject object) {

  /** Hex digits of the hash in a run's name. */
  static final int HASH_LENGTH = 6;

  /** Kubernetes names of Jobs and the label values made from them fit 63 characters. */
  private static final int MAX_NAME = 63;

  private static final ObjectMapper CANONICAL =
      new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  private static final List<String> STAMPED_LABELS =
      List.of(
          ManagedLabels.MANAGED_BY,
          ManagedLabels.INSTANCE,
          ManagedLabels.OWNER_KIND,
          ManagedLabels.OWNER_GROUP,
          ManagedLabels.SHARD);

  /** The run of a rendered hook object. */
  public static HookRun of(RenderedObject hook) {
    String name = hook.ref().name();
    String hash = ContentHash.hex(canonical(hook.body()), HASH_LENGTH);
    String base =
        name.length() + 1 + HASH_LENGTH > MAX_NAME
            ? name.substring(0, MAX_NAME - 1 - HASH_LENGTH).replaceAll("[-.]+$", "")
            : name;
    String runName = base + "-" + hash;
    Map<String, Object> body = UntypedMaps.deepCopyMap(hook.body());
    UntypedMaps.getOrCreateMap(body, "metadata").put("name", runName);
    ObjectRef ref =
        new ObjectRef(hook.ref().apiVersion(), hook.ref().kind(), hook.ref().namespace(), runName);
    return new HookRun(name, new RenderedObject(ref, body, hook.template()));
  }

  /** The run object's reference. */
  public ObjectRef ref() {
    return object.ref();
  }

  /** The body as rendered, less what ownership stamps, with its keys sorted, as JSON. */
  private static String canonical(Map<String, Object> body) {
    Map<String, Object> content = UntypedMaps.deepCopyMap(body);
    Map<String, Object> metadata = UntypedMaps.getMap(content, "metadata");
    if (metadata != null) {
      metadata.remove("ownerReferences");
      Map<String, Object> labels = UntypedMaps.getMap(metadata, "labels");
      if (labels != null) {
        labels.keySet().removeAll(STAMPED_LABELS);
      }
    }
    try {
      return CANONICAL.writeValueAsString(new LinkedHashMap<>(content));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a rendered object is plain maps, lists and scalars", e);
    }
  }
}
