package io.webserveroperator.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.webserveroperator.manifest.ObjectRef;
import io.webserveroperator.manifest.UntypedMaps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Hides Secret values the way {@code kubectl diff} does, so they never reach a terminal or log. */
final class SecretMask {

  static final String MASK = "***";
  static final String MASK_BEFORE = "*** (before)";
  static final String MASK_AFTER = "*** (after)";

  private static final List<String> VALUE_FIELDS = List.of("data", "stringData");

  private SecretMask() {}

  static boolean isSecret(ObjectRef ref) {
    return "v1".equals(ref.apiVersion()) && "Secret".equals(ref.kind());
  }

  static boolean isSecret(Map<String, Object> object) {
    return object != null
        && "v1".equals(object.get("apiVersion"))
        && "Secret".equals(object.get("kind"));
  }

  /**
   * Masks the values of both sides in place. A key on both sides with different values becomes
   * {@code *** (before)} and {@code *** (after)} so the change stays visible; every other value
   * becomes {@code ***}. Either side may be null (object created or deleted).
   */
  static void mask(Map<String, Object> before, Map<String, Object> after) {
    for (String field : VALUE_FIELDS) {
      Map<String, Object> from = UntypedMaps.getMap(before, field);
      Map<String, Object> to = UntypedMaps.getMap(after, field);
      if (from != null) {
        for (Map.Entry<String, Object> entry : from.entrySet()) {
          String key = entry.getKey();
          if (to != null && to.containsKey(key)) {
            boolean differs = !Objects.equals(entry.getValue(), to.get(key));
            entry.setValue(differs ? MASK_BEFORE : MASK);
            to.put(key, differs ? MASK_AFTER : MASK);
          } else {
            entry.setValue(MASK);
          }
        }
      }
      if (to != null) {
        to.replaceAll((key, value) -> from != null && from.containsKey(key) ? value : MASK);
      }
    }
  }

  /** A copy of a Secret's patch with every value written under data or stringData masked. */
  static JsonNode patch(JsonNode patch) {
    ArrayNode masked = patch.deepCopy();
    for (JsonNode op : masked) {
      if (!(op instanceof ObjectNode operation) || !operation.has("value")) {
        continue;
      }
      String path = operation.path("path").asText();
      JsonNode value = operation.get("value");
      if (isValueField(path.substring(path.lastIndexOf('/') + 1)) && path.indexOf('/', 1) < 0) {
        maskFields(value);
      } else if (path.startsWith("/data/") || path.startsWith("/stringData/")) {
        operation.set("value", TextNode.valueOf(MASK));
      } else if (path.isEmpty() && value instanceof ObjectNode object) {
        VALUE_FIELDS.forEach(field -> maskFields(object.get(field)));
      }
    }
    return masked;
  }

  private static boolean isValueField(String name) {
    return VALUE_FIELDS.contains(name);
  }

  private static void maskFields(JsonNode values) {
    if (values instanceof ObjectNode object) {
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      names.forEach(name -> object.put(name, MASK));
    }
  }
}
