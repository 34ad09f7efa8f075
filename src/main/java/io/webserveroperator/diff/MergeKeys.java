package io.webserveroperator.diff;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The keys Kubernetes uses to merge list items ({@code patchMergeKey} / {@code listMapKeys}), by
 * the name of the list field. A list whose items lack their key is matched by index instead.
 */
final class MergeKeys {

  private static final String DEFAULT_PROTOCOL = "TCP";

  private static final Map<String, Function<Map<String, Object>, String>> BY_FIELD =
      Map.ofEntries(
          Map.entry("containers", field("name")),
          Map.entry("initContainers", field("name")),
          Map.entry("ephemeralContainers", field("name")),
          Map.entry("volumes", field("name")),
          Map.entry("env", field("name")),
          Map.entry("imagePullSecrets", field("name")),
          Map.entry("resourceClaims", field("name")),
          Map.entry("volumeMounts", field("mountPath")),
          Map.entry("volumeDevices", field("devicePath")),
          Map.entry("hostAliases", field("ip")),
          Map.entry("conditions", field("type")),
          Map.entry("ownerReferences", field("uid")),
          Map.entry("rules", field("host")),
          Map.entry("ports", MergeKeys::port),
          Map.entry("topologySpreadConstraints", MergeKeys::topologySpread));

  private MergeKeys() {}

  /** How to key the items of the list stored under {@code field}, if Kubernetes keys it. */
  static Optional<Function<Map<String, Object>, String>> forField(String field) {
    return Optional.ofNullable(field == null ? null : BY_FIELD.get(field));
  }

  private static Function<Map<String, Object>, String> field(String name) {
    return item -> text(item.get(name));
  }

  /**
   * Container ports by {@code containerPort}, Service and other ports by {@code port}; both with
   * the protocol, which the API server defaults to TCP.
   */
  private static String port(Map<String, Object> item) {
    String number = text(item.get("containerPort"));
    String kind = "containerPort";
    if (number == null) {
      number = text(item.get("port"));
      kind = "port";
    }
    if (number == null) {
      return null;
    }
    String protocol = text(item.get("protocol"));
    return kind + "=" + number + "/" + (protocol == null ? DEFAULT_PROTOCOL : protocol);
  }

  private static String topologySpread(Map<String, Object> item) {
    String key = text(item.get("topologyKey"));
    return key == null ? null : key + "/" + text(item.get("whenUnsatisfiable"));
  }

  /** Keys compare as text: a port given as {@code "80"} is the same item as {@code 80}. */
  private static String text(Object value) {
    return value == null ? null : String.valueOf(value);
  }
}
