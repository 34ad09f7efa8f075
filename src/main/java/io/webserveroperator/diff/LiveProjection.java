package io.webserveroperator.diff;

import io.webserveroperator.manifest.UntypedMaps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Cuts a live object down to the fields the desired object sets, so that what the API server
 * defaulted and what other field managers own never counts as drift.
 *
 * <ul>
 *   <li>Maps keep only the keys the desired map has.
 *   <li>Lists of objects with a Kubernetes merge key keep, in desired order, the live items whose
 *       key a desired item has; live items nobody asked for belong to someone else.
 *   <li>Other lists of the same length are projected item by item; when lengths differ, the common
 *       prefix is projected and the remaining live items are kept whole.
 *   <li>Scalars the API server rewrote into an equivalent spelling take the desired spelling.
 *   <li>Zero values ({@code ""}, {@code false}, {@code 0}) the API server dropped count as present.
 * </ul>
 *
 * Both inputs must be normalised first. The result shares no mutable structure with the inputs.
 */
final class LiveProjection {

  /**
   * Maps whose keys are data, not API fields: there an entry with an empty value is kept by the
   * server, so its absence is drift.
   */
  private static final Set<String> FREE_FORM_MAPS =
      Set.of(
          "labels",
          "annotations",
          "data",
          "binaryData",
          "stringData",
          "matchLabels",
          "nodeSelector",
          "selector");

  private LiveProjection() {}

  static Map<String, Object> project(Map<String, Object> live, Map<String, Object> desired) {
    return projectMap(live, desired, null);
  }

  private static Object project(Object live, Object desired, String field, String parent) {
    if (live instanceof Map<?, ?> && desired instanceof Map<?, ?>) {
      return projectMap(
          UntypedMaps.asMap(live, "a live field"), UntypedMaps.asMap(desired, "a field"), field);
    }
    if (live instanceof List<?> liveList && desired instanceof List<?> desiredList) {
      return projectList(liveList, desiredList, field, parent);
    }
    if (live instanceof Map<?, ?> || live instanceof List<?>) {
      return UntypedMaps.deepCopy(live);
    }
    return ScalarEquivalence.equivalent(field, parent, desired, live) ? desired : live;
  }

  private static Map<String, Object> projectMap(
      Map<String, Object> live, Map<String, Object> desired, String field) {
    Map<String, Object> projected = new LinkedHashMap<>();
    desired.forEach(
        (key, value) -> {
          if (live.containsKey(key)) {
            projected.put(key, project(live.get(key), value, key, field));
          } else if (isZero(value) && !FREE_FORM_MAPS.contains(field)) {
            projected.put(key, value);
          }
        });
    return projected;
  }

  private static List<Object> projectList(
      List<?> live, List<?> desired, String field, String parent) {
    Optional<Function<Map<String, Object>, String>> mergeKey = MergeKeys.forField(field);
    if (mergeKey.isPresent()) {
      Map<String, Object> liveByKey = byKey(live, mergeKey.get());
      Map<String, Object> desiredByKey = byKey(desired, mergeKey.get());
      if (liveByKey != null && desiredByKey != null) {
        List<Object> projected = new ArrayList<>();
        desiredByKey.forEach(
            (key, item) -> {
              if (liveByKey.containsKey(key)) {
                projected.add(project(liveByKey.get(key), item, field, parent));
              }
            });
        return projected;
      }
    }
    List<Object> projected = new ArrayList<>(live.size());
    for (int i = 0; i < live.size(); i++) {
      projected.add(
          i < desired.size()
              ? project(live.get(i), desired.get(i), field, parent)
              : UntypedMaps.deepCopy(live.get(i)));
    }
    return projected;
  }

  /**
   * Go's {@code omitempty} makes the API server drop {@code ""}, {@code false} and {@code 0} from
   * plain fields ({@code readOnly: false}, {@code env[].value: ""}), so a desired zero value that
   * is absent live is no drift.
   */
  private static boolean isZero(Object value) {
    return "".equals(value)
        || Boolean.FALSE.equals(value)
        || (value instanceof Integer number && number == 0)
        || (value instanceof Long number && number == 0L);
  }

  /**
   * Items by merge key, in list order; null when an item is no map, lacks its key or repeats it.
   */
  private static Map<String, Object> byKey(
      List<?> items, Function<Map<String, Object>, String> mergeKey) {
    Map<String, Object> byKey = new LinkedHashMap<>();
    for (Object item : items) {
      if (!(item instanceof Map<?, ?>)) {
        return null;
      }
      String key = mergeKey.apply(UntypedMaps.asMap(item, "a list item"));
      if (key == null || byKey.putIfAbsent(key, item) != null) {
        return null;
      }
    }
    return byKey;
  }
}
