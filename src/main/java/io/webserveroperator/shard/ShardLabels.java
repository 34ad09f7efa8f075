package io.webserveroperator.shard;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.webserveroperator.manifest.ManagedLabels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The shard label and drain annotation of a resource, read and changed through RFC 6902 JSON
 * patches whose first operation tests what the decision was based on: the resource version for the
 * leader's writes, the shard label for a member's release. A patch whose test fails changes
 * nothing; the next pass decides again on fresh data.
 */
public final class ShardLabels {

  /** Annotation by which the leader asks the owner to release a resource; its value: for whom. */
  public static final String DRAIN = "webserver-operator.io/shard-drain";

  private static final String LABEL_PATH = "/metadata/labels/" + pointer(ManagedLabels.SHARD);
  private static final String DRAIN_PATH = "/metadata/annotations/" + pointer(DRAIN);

  private ShardLabels() {}

  /** The resource's shard label, if any. */
  public static Optional<String> owner(GenericKubernetesResource resource) {
    Map<String, String> labels = resource.getMetadata().getLabels();
    return Optional.ofNullable(labels == null ? null : labels.get(ManagedLabels.SHARD));
  }

  /** Whether the leader asked the owner to release it. */
  public static boolean drainRequested(GenericKubernetesResource resource) {
    Map<String, String> annotations = resource.getMetadata().getAnnotations();
    return annotations != null && annotations.containsKey(DRAIN);
  }

  /** The leader's patch for a move, or empty for {@link Assignment.Action#KEEP}. */
  public static Optional<List<Map<String, Object>>> patch(
      GenericKubernetesResource resource, Assignment.Move move) {
    ObjectMeta meta = resource.getMetadata();
    List<Map<String, Object>> ops = new ArrayList<>();
    ops.add(op("test", "/metadata/resourceVersion", meta.getResourceVersion()));
    switch (move.action()) {
      case KEEP -> {
        return Optional.empty();
      }
      case ASSIGN -> {
        if (meta.getLabels() == null || meta.getLabels().isEmpty()) {
          ops.add(op("add", "/metadata/labels", Map.of(ManagedLabels.SHARD, move.member())));
        } else {
          ops.add(op("add", LABEL_PATH, move.member()));
        }
        if (drainRequested(resource)) {
          ops.add(op("remove", DRAIN_PATH, null));
        }
      }
      case DRAIN -> {
        if (meta.getAnnotations() == null || meta.getAnnotations().isEmpty()) {
          ops.add(op("add", "/metadata/annotations", Map.of(DRAIN, move.member())));
        } else {
          ops.add(op("add", DRAIN_PATH, move.member()));
        }
      }
      case CANCEL_DRAIN -> ops.add(op("remove", DRAIN_PATH, null));
    }
    return Optional.of(ops);
  }

  /**
   * The owner's acknowledgement of a drain: removes its label and the request, only if the label
   * still names {@code member}. The resource then leaves the member's cache.
   */
  public static List<Map<String, Object>> release(String member) {
    return List.of(
        op("test", LABEL_PATH, member),
        op("remove", LABEL_PATH, null),
        op("remove", DRAIN_PATH, null));
  }

  private static Map<String, Object> op(String op, String path, Object value) {
    Map<String, Object> operation = new LinkedHashMap<>();
    operation.put("op", op);
    operation.put("path", path);
    if (value != null) {
      operation.put("value", value);
    }
    return operation;
  }

  /** A key as one JSON-pointer step (RFC 6901). */
  private static String pointer(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }
}
