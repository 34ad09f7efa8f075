package io.webserveroperator.diff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.webserveroperator.manifest.JsonPointer;
import io.webserveroperator.manifest.UntypedMaps;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Which field managers own a field of a live object, read from its {@code metadata.managedFields}
 * ({@code fieldsV1}): a map key is {@code f:<name>}, a list item {@code k:<its keys as JSON>} (a
 * keyed list, such as containers by name), {@code v:<its value as JSON>} (a set) or {@code i:<n>}
 * (an atomic list's index). A manager owns the field when its set names the field or anything
 * inside it.
 */
final class FieldOwners {

  private static final ObjectMapper JSON = new ObjectMapper();

  private FieldOwners() {}

  /** The managers that own the field, in the order of {@code managedFields}. */
  static Set<String> of(Map<String, Object> live, JsonPointer pointer) {
    Set<String> owners = new LinkedHashSet<>();
    for (Map<String, Object> entry : UntypedMaps.getMaps(live, "metadata", "managedFields")) {
      if (entry.get("fieldsV1") instanceof Map<?, ?> set
          && owns(set, live, pointer.segments(), 0)) {
        owners.add(String.valueOf(entry.get("manager")));
      }
    }
    return owners;
  }

  private static boolean owns(Map<?, ?> set, Object live, List<String> segments, int at) {
    if (at == segments.size()) {
      return true;
    }
    String segment = segments.get(at);
    if (live instanceof List<?> list) {
      Object item = index(segment, list);
      if (item == null) {
        return false;
      }
      for (Map.Entry<?, ?> child : set.entrySet()) {
        if (child.getValue() instanceof Map<?, ?> inner
            && names(String.valueOf(child.getKey()), item, segment)
            && owns(inner, item, segments, at + 1)) {
          return true;
        }
      }
      return false;
    }
    Object inner = set.get("f:" + segment);
    Object next = live instanceof Map<?, ?> map ? map.get(segment) : null;
    return inner instanceof Map<?, ?> innerSet && owns(innerSet, next, segments, at + 1);
  }

  /** Whether a {@code fieldsV1} list key names this item of the live list. */
  private static boolean names(String key, Object item, String index) {
    if (key.equals("i:" + index)) {
      return true;
    }
    try {
      if (key.startsWith("v:")) {
        return Objects.equals(JSON.readValue(key.substring(2), Object.class), item);
      }
      if (key.startsWith("k:") && item instanceof Map<?, ?> fields) {
        Map<?, ?> keys = JSON.readValue(key.substring(2), Map.class);
        return keys.entrySet().stream()
            .allMatch(
                k ->
                    Objects.equals(
                        String.valueOf(k.getValue()), String.valueOf(fields.get(k.getKey()))));
      }
    } catch (JsonProcessingException malformed) {
      // Not a key the API server writes: it names nothing.
    }
    return false;
  }

  private static Object index(String segment, List<?> list) {
    if (!segment.matches("0|[1-9][0-9]{0,8}")) {
      return null;
    }
    int index = Integer.parseInt(segment);
    return index < list.size() ? list.get(index) : null;
  }
}
