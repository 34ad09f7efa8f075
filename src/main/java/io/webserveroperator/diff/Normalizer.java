package io.webserveroperator.diff;

import io.webserveroperator.manifest.UntypedMaps;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites an object the way the API server would store it, as far as comparing needs, so that a
 * rendered object and its live copy can be compared field by field. Works on a copy.
 */
final class Normalizer {

  /** Metadata the API server writes; a template never owns it. */
  private static final Set<String> SERVER_METADATA =
      Set.of(
          "resourceVersion",
          "uid",
          "generation",
          "creationTimestamp",
          "managedFields",
          "selfLink",
          "deletionTimestamp",
          "deletionGracePeriodSeconds");

  /**
   * Fields whose empty value means something and that the API server keeps: an empty {@code
   * emptyDir} is a volume, an empty selector selects everything. Every other empty map or list is
   * treated as absent, as the server drops those ({@code annotations: {}}, {@code args: []}).
   */
  private static final Set<String> MEANINGFUL_EMPTY =
      Set.of("emptyDir", "podSelector", "namespaceSelector");

  private Normalizer() {}

  static Map<String, Object> normalize(Map<String, Object> object) {
    Map<String, Object> copy = UntypedMaps.deepCopyMap(object);
    copy.remove("status");
    Map<String, Object> metadata = UntypedMaps.getMap(copy, "metadata");
    if (metadata != null) {
      metadata.keySet().removeAll(SERVER_METADATA);
    }
    if (SecretMask.isSecret(copy)) {
      foldStringData(copy);
    }
    cleanMap(copy);
    return copy;
  }

  /** The API server stores {@code stringData} base64-encoded in {@code data}, overriding it. */
  private static void foldStringData(Map<String, Object> secret) {
    Map<String, Object> stringData = UntypedMaps.getMap(secret, "stringData");
    if (stringData == null) {
      return;
    }
    Map<String, Object> data = UntypedMaps.getMap(secret, "data");
    Map<String, Object> merged = data == null ? new LinkedHashMap<>() : data;
    stringData.forEach(
        (key, value) ->
            merged.put(
                key,
                value == null
                    ? null
                    : Base64.getEncoder()
                        .encodeToString(String.valueOf(value).getBytes(StandardCharsets.UTF_8))));
    secret.put("data", merged);
    secret.remove("stringData");
  }

  private static void cleanMap(Map<String, Object> map) {
    for (Iterator<Map.Entry<String, Object>> it = map.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<String, Object> entry = it.next();
      Object value = clean(entry.getValue());
      if (value == null || (isEmpty(value) && !MEANINGFUL_EMPTY.contains(entry.getKey()))) {
        it.remove();
      } else {
        entry.setValue(value);
      }
    }
  }

  private static Object clean(Object value) {
    if (value instanceof Map<?, ?>) {
      Map<String, Object> map = UntypedMaps.asMap(value, "a field");
      cleanMap(map);
      return map;
    }
    if (value instanceof List<?> list) {
      List<Object> items = new ArrayList<>(list.size());
      list.forEach(item -> items.add(clean(item)));
      return items;
    }
    if (value instanceof Number number) {
      return number(number);
    }
    return value;
  }

  private static boolean isEmpty(Object value) {
    return (value instanceof Map<?, ?> map && map.isEmpty())
        || (value instanceof List<?> list && list.isEmpty());
  }

  /**
   * One representation per value: integral numbers become Integer or Long whatever width or decimal
   * form they came in ({@code 3}, {@code 3L}, {@code 3.0}), others Double. JSON trees compare
   * {@code IntNode(3)} and {@code LongNode(3)} as different, the API server does not.
   */
  static Object number(Number number) {
    BigDecimal decimal;
    if (number instanceof Double || number instanceof Float) {
      double d = number.doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        return d;
      }
      decimal = BigDecimal.valueOf(d);
    } else if (number instanceof BigDecimal big) {
      decimal = big;
    } else if (number instanceof BigInteger big) {
      decimal = new BigDecimal(big);
    } else {
      decimal = BigDecimal.valueOf(number.longValue());
    }
    if (decimal.signum() != 0 && decimal.stripTrailingZeros().scale() > 0) {
      return decimal.doubleValue();
    }
    BigInteger integral = decimal.toBigInteger();
    if (integral.bitLength() < Integer.SIZE) {
      return integral.intValue();
    }
    return integral.bitLength() < Long.SIZE ? integral.longValue() : integral;
  }
}
